import { RouterProvider, type AnyRoute } from '@tanstack/react-router';
import { MOBILE_MAX_WIDTH } from '../contract/constants';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startAppActors } from './app/actors';
import { readToken } from './api/token';
import { startInspector } from './inspector';
import { preloadMemberParts } from './app/memberShell';
import { setNavigator } from './app/navigation';
import { Providers } from './app/Providers';
import type { DesktopRouter } from './routes/desktop';
import type { PhoneRouter } from './routes/mobile';
import type { AppActors } from './session/actors';
import { activateLocale } from './i18n';
import { readLocaleCookie } from './i18n/localeCookie';
import { nextTask } from './nextTask';
import { registerServiceWorker, watchInstall } from './pwa/register';
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

/** Starts the app; `afterFirstRender` runs once its first page has replaced the prerendered one (entry.ts). */
export async function boot(afterFirstRender?: () => void): Promise<void> {
  const keptSession = readToken() !== null;
  if (keptSession) preloadMemberParts();
  // The route tree downloads while the catalog does: one round trip before the first paint, not two.
  const tree = Promise.all([loadRouterFactory(), activateLocale(readLocaleCookie(), { firstPaint: true })]);
  await startInspector();
  // Started before the tree has come: a kept session's member read is on its way while the chunks download.
  const actors = startAppActors();
  const [createAppRouter] = await tree;
  // Each step in a task of its own: a phone's slow CPU is given back between them (Lighthouse's total blocking time).
  await nextTask();
  const router = createAppRouter(actors);
  // A member page's guard waits for that read; the page's chunks need not wait with it.
  if (keptSession) {
    const routes = router.routesById as Record<string, AnyRoute>;
    for (const { routeId } of router.matchRoutes(router.state.location)) void router.loadRouteChunk(routes[routeId]!)?.catch(() => undefined);
  }
  // Skipping the current path keeps a repeated "go to /warning" from reloading the route over and over.
  setNavigator((path) => {
    if (router.state.location.pathname !== path) void router.navigate({ to: path, replace: true });
  });
  syncOnRouteChange(router, actors);
  await nextTask();
  // The page's route chunks and guards are done before the first render, which then draws the whole page in
  // the transition below; the router's own load after mounting would redraw it in one blocking task.
  await router.load();
  await nextTask();

  // A transition: React renders the first page in slices and gives the main thread back between them,
  // so a phone's slow CPU never holds it for one long task (Lighthouse's total blocking time).
  const container = document.getElementById('root')!;
  if (afterFirstRender) whenReplaced(container, afterFirstRender);
  const root = createRoot(container);
  startTransition(() => root.render(
    <StrictMode>
      <Providers actors={actors}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ));
  watchInstall();
  // The worker (and workbox-window) wait until the page has loaded.
  if (document.readyState === 'complete') void registerServiceWorker();
  else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
}

/**
 * Calls `then` once the app's page has taken the place of the container's prerendered children (React may
 * clear the container in one commit and fill it in a later one), and puts the visitor back where they had
 * scrolled the prerendered page to: the empty container in between sends the page to its top.
 */
function whenReplaced(container: HTMLElement, then: () => void): void {
  const prerendered = [...container.children];
  const isPrerendered = () => prerendered.some((child) => child.isConnected);
  let scrolledTo = window.scrollY;
  const onScroll = () => {
    if (isPrerendered()) scrolledTo = window.scrollY;
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  const observer = new MutationObserver(() => {
    if (isPrerendered() || container.childElementCount === 0) return;
    observer.disconnect();
    window.removeEventListener('scroll', onScroll);
    if (scrolledTo > 0 && window.scrollY !== scrolledTo) window.scrollTo(0, scrolledTo);
    then();
  });
  observer.observe(container, { childList: true });
}
