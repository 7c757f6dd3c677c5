/**
 * The page's entry: the stylesheet, then the app (main.tsx, the start chunk, fetched alongside through
 * the modulepreload the build adds). On the prerendered main page (scripts/prerender.ts) the app runs
 * once the browser has painted what the server sent, and is only fetched then (the first-chunks script,
 * vite.config.ts): that paint needs no script, and on a slow phone the app would otherwise hold it back; a
 * button pressed meanwhile is pressed again on the app's page (earlyClick.ts). Elsewhere the root is empty
 * and the app runs at once.
 */
import { captureEarlyClick } from './earlyClick';
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

const root = document.getElementById('root')!;
// A prerendered page holds the trees that have its path; the one the stylesheet hides for this width goes (no
// element, id or test id twice), and a page with none for this width is drawn by the app at once.
for (const tree of root.querySelectorAll(':scope > .prerendered')) if (getComputedStyle(tree).display === 'none') tree.remove();
if (root.hasChildNodes()) {
  const replayEarlyClick = captureEarlyClick(root);
  void afterFirstContentfulPaint().then(() => import('./main')).then(({ boot }) => boot(replayEarlyClick));
} else {
  void import('./main').then(({ boot }) => boot());
}
