/**
 * The page's entry: the stylesheet, then the app (main.tsx, the start chunk, fetched alongside through
 * the modulepreload the build adds). On the prerendered main page (scripts/prerender.ts) the app runs
 * once the browser has painted what the server sent: that paint needs no script, and on a slow phone the
 * app's first work would otherwise hold it back. The app then takes that page over (main.tsx); a button
 * pressed meanwhile is pressed again once it has (earlyClick.ts). Elsewhere the root is empty and the app
 * runs at once.
 */
import { captureEarlyClick } from './earlyClick';
import { nextTask } from './nextTask';
import './styles/global.css';

/** The longest the app waits for that paint, should the browser never report it. */
const PAINT_WAIT_MS = 5_000;

function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      resolve();
      return;
    }
    const done = () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', done);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    observer.observe({ type: 'paint', buffered: true });
    // A tab sent to the background does not paint: it starts the app at once.
    document.addEventListener('visibilitychange', done);
    setTimeout(done, PAINT_WAIT_MS);
  });
}

/**
 * The app's code, its libraries first, each in a task of its own: a module graph runs in one task, and the
 * whole start chunk at once would hold a phone's slow CPU for a quarter of a second. Each library has a chunk
 * of its own (vite.config.ts), so importing it runs nothing else.
 */
async function loadApp(): Promise<typeof import('./main')> {
  for (const library of [() => import('react-dom/client'), () => import('@tanstack/react-router'), () => import('xstate')]) {
    await library();
    await nextTask();
  }
  return import('./main');
}

const root = document.getElementById('root')!;
if (root.hasChildNodes()) {
  // The page holds both trees; the one the stylesheet hides for this width goes (no element, id or test id
  // twice), and the other is the app's from now on, whatever the width becomes.
  for (const tree of root.querySelectorAll(':scope > .prerendered')) if (getComputedStyle(tree).display === 'none') tree.remove();
  const page = root.firstElementChild as HTMLElement;
  page.removeAttribute('class');
  let replayEarlyClick: (() => void) | null = captureEarlyClick(root);
  const afterHydration = () => {
    // The document is the app's now, no longer only the page the server sent.
    document.documentElement.removeAttribute('data-prerendered');
    // In a task of its own: React hydrates the pressed button's part of the page for the press, which it
    // cannot do while it is still finishing the commit that called this.
    const replay = replayEarlyClick;
    replayEarlyClick = null;
    if (replay) setTimeout(replay);
  };
  void afterFirstContentfulPaint().then(loadApp).then(({ boot }) => boot({ page, afterHydration }));
} else {
  void loadApp().then(({ boot }) => boot());
}
