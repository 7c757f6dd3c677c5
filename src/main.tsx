import { RouterProvider } from '@tanstack/react-router';
import { MOBILE_MAX_WIDTH } from '../contract/constants';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startAppActors, type AppActors } from './app/actors';
import { readToken } from './api/token';
import { startInspector } from './app/inspector';
import { preloadMemberParts } from './features/layout/memberLayer';
import { setNavigator } from './app/navigation';
import { Providers } from './app/Providers';
import type { DesktopRouter } from './routes/desktop';
import type { PhoneRouter } from './routes/mobile';
import { activateLocale } from './i18n';
import { readLocaleCookie } from './i18n/localeCookie';
import { nextTask } from './nextTask';
import { registerServiceWorker } from './pwa/register';
import { syncOnRouteChange } from './routes/routeSync';
import './routes/register';

type AppRouter = DesktopRouter | PhoneRouter;

/**
 * One route tree for the whole visit, chosen here once by the width at start (SPEC §9: 600 or less is the
 * phone) and handed to every route and component through the router context; only that tree is loaded.
 */
async function loadRouterFactory(): Promise<(actors: AppActors) => AppRouter> {
  if (window.innerWidth <= MOBILE_MAX_WIDTH) return (await import('./routes/mobile')).createMobileRouter;
  return (await import('./routes/desktop')).createDesktopRouter;
}

/** The main page as the server sent it (entry.ts): the tree's element, and what to do once the app owns it. */
export interface Prerendered {
  page: HTMLElement;
  afterHydration: () => void;
}

/** Starts the app; on the prerendered main page it takes over the page the server sent instead of drawing it again. */
export async function boot(prerendered?: Prerendered): Promise<void> {
  if (readToken()) preloadMemberParts();
  // The route tree downloads while the catalog does: one round trip before the first paint, not two.
  const [createAppRouter] = await Promise.all([loadRouterFactory(), activateLocale(readLocaleCookie(), { firstPaint: true }), startInspector()]);
  const actors = startAppActors();
  await nextTask();
  const router = createAppRouter(actors);
  // Skipping the current path keeps a repeated "go to /warning" from reloading the route over and over.
  setNavigator((path) => {
    if (router.state.location.pathname !== path) void router.navigate({ to: path, replace: true });
  });
  syncOnRouteChange(router, actors);
  await nextTask();
  // The page's route chunks and guards are done before the first render, which then draws the whole page at
  // once; the router's own load after mounting would redraw it in one blocking task.
  await router.load();
  await nextTask();

  const app = (then?: () => void) => (
    <StrictMode>
      <Providers actors={actors}>
        <RouterProvider router={router} />
      </Providers>
      {then && <Committed then={then} />}
    </StrictMode>
  );
  if (prerendered) {
    // As TanStack's own hydration does: the router draws its matches as it drew them in the prerender (no
    // Suspense boundary of its own around them), so the two trees line up.
    router.ssr = { manifest: undefined };
    keepScrollAtFirstRender(router);
    // The server's page is this page drawn by the same components for a guest (src/prerender.tsx): React
    // adopts its elements (hydration) instead of making them again. Should a part differ after all, React
    // draws that part afresh and says why here.
    // In a transition, as the first render below: hydration otherwise runs in one blocking task.
    startTransition(() => {
      hydrateRoot(prerendered.page, app(prerendered.afterHydration), {
        onRecoverableError: (error) => console.warn('The prerendered page differed from the app\'s:', error),
      });
    });
  } else {
    // A transition: React renders the first page in slices (Lighthouse's total blocking time).
    const root = createRoot(document.getElementById('root')!);
    startTransition(() => root.render(app()));
  }
  // The worker (and workbox-window) wait until the page has loaded.
  if (document.readyState === 'complete') void registerServiceWorker();
  else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
}

/**
 * The router puts the window at the top when it first draws its page; a visitor who has scrolled the
 * prerendered page meanwhile stays where they were. (The router's own listener runs first: it subscribed
 * when it was made.)
 */
function keepScrollAtFirstRender(router: AppRouter): void {
  let scrolledTo = window.scrollY;
  const onScroll = () => {
    scrolledTo = window.scrollY;
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  const stop = router.subscribe('onRendered', () => {
    stop();
    window.removeEventListener('scroll', onScroll);
    if (window.scrollY !== scrolledTo) window.scrollTo(0, scrolledTo);
  });
}

/** Calls `then` after the tree it closes has committed. */
function Committed({ then }: { then: () => void }): ReactNode {
  useEffect(() => {
    then();
  }, [then]);
  return null;
}
