/**
 * Desktop route tree (SPEC §2, width > 600). Later issues add their routes here.
 *
 *   /          main page                    site layout (header, left menu, footer)
 *   /member    signed-in members only       site layout; parent of every member page
 *   /warning   maintenance notice           empty layout
 *   /*         anything else -> /
 */
import {
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import type { AppActors } from '../app/actors';
import { ErrorFallback } from '../app/ErrorBoundary';
import { redirectHome, requireMember } from './guards';

const rootRoute = createRootRouteWithContext<AppActors>()({ component: Outlet });

const siteLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'site',
  component: lazyRouteComponent(() => import('./DesktopShell'), 'DesktopShell'),
});

const mainRoute = createRoute({
  getParentRoute: () => siteLayout,
  path: '/',
  component: lazyRouteComponent(() => import('../features/main/MainPage'), 'MainPage'),
});

const memberRoute = createRoute({
  getParentRoute: () => siteLayout,
  path: '/member',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/main/MemberHomePage'), 'MemberHomePage'),
});

const warningRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/warning',
  component: lazyRouteComponent(() => import('../features/main/WarningPage'), 'WarningPage'),
});

const unknownRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', beforeLoad: redirectHome });

const routeTree = rootRoute.addChildren([siteLayout.addChildren([mainRoute, memberRoute]), warningRoute, unknownRoute]);

/** `history` defaults to the browser's; tests pass a memory history. */
export function createDesktopRouter(context: AppActors, history?: RouterHistory) {
  return createRouter({ routeTree, context, history, defaultErrorComponent: ErrorFallback, defaultPreload: 'intent' });
}
