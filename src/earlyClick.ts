/**
 * A press on a prerendered button (the main page as the server sent it, before the app runs) would be lost:
 * the button has no handler yet. The press is remembered by the button's place among the page's visible
 * buttons, and pressed again on the app's button in that place once the app has drawn the page, which
 * has the same buttons in the same order. Links need none of this: they work without script.
 */
const visibleButtons = (root: HTMLElement) => [...root.querySelectorAll('button')].filter((button) => button.offsetParent !== null);

/** Starts listening on the prerendered root; answers the replay for the app to call once it has replaced the page. */
export function captureEarlyClick(root: HTMLElement): () => void {
  let place = -1;
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && root.contains(button)) place = visibleButtons(root).indexOf(button);
  };
  root.addEventListener('click', onClick, { capture: true });
  return () => {
    root.removeEventListener('click', onClick, { capture: true });
    if (place >= 0) visibleButtons(root)[place]?.click();
  };
}
