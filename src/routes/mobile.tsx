/**
 * Mobile route tree (SPEC §2, width <= 600). Later issues add the member children here.
 *
 *   /          mobile main                  mobile layout (header with the member's facts)
 *   /login     login page      guests only  mobile layout
 *   /join      sign-up page    guests only  mobile layout
 *   /member    signed-in members only       mobile layout; parent of every member page
 *   /chargeList /exchangeList  members only  deposit and withdrawal history (the desktop's /mypage/chargeList, /exchangeList)
 *   /point /coupon /give       members only  points (?tab=use|list|change), coupons (?tab=use|gift|list), transfers
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
import { redirectHome, requireGuest, requireMember } from './guards';

const rootRoute = createRootRouteWithContext<AppActors>()({ component: Outlet });

const mobileLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'mobile',
  component: lazyRouteComponent(() => import('./MobileShell'), 'MobileShell'),
});

const mainRoute = createRoute({
  getParentRoute: () => mobileLayout,
  path: '/',
  component: lazyRouteComponent(() => import('../features/main/MainPage'), 'MainPage'),
});

const loginRoute = createRoute({
  getParentRoute: () => mobileLayout,
  path: '/login',
  beforeLoad: requireGuest,
  component: lazyRouteComponent(() => import('../features/auth/LoginPage'), 'LoginPage'),
});

const joinRoute = createRoute({
  getParentRoute: () => mobileLayout,
  path: '/join',
  beforeLoad: requireGuest,
  component: lazyRouteComponent(() => import('../features/auth/JoinPage'), 'JoinPage'),
});

const memberRoute = createRoute({
  getParentRoute: () => mobileLayout,
  path: '/member',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/main/MemberHomePage'), 'MemberHomePage'),
});

const chargeListRoute = createRoute({
  getParentRoute: () => mobileLayout,
  path: '/chargeList',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/mypage/CashHistoryPage'), 'ChargeListPage'),
});

const exchangeListRoute = createRoute({
  getParentRoute: () => mobileLayout,
  path: '/exchangeList',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/mypage/CashHistoryPage'), 'ExchangeListPage'),
});

const pointRoute = createRoute({
  getParentRoute: () => mobileLayout,
  path: '/point',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/mypage/PointPage'), 'PointPage'),
});

const couponRoute = createRoute({
  getParentRoute: () => mobileLayout,
  path: '/coupon',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/mypage/CouponPage'), 'CouponPage'),
});

const giveRoute = createRoute({
  getParentRoute: () => mobileLayout,
  path: '/give',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/mypage/GivePage'), 'GivePage'),
});

const warningRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/warning',
  component: lazyRouteComponent(() => import('../features/main/WarningPage'), 'WarningPage'),
});

const unknownRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', beforeLoad: redirectHome });

const routeTree = rootRoute.addChildren([
  mobileLayout.addChildren([
    mainRoute,
    loginRoute,
    joinRoute,
    memberRoute,
    chargeListRoute,
    exchangeListRoute,
    pointRoute,
    couponRoute,
    giveRoute,
  ]),
  warningRoute,
  unknownRoute,
]);

/** `history` defaults to the browser's; tests pass a memory history. */
export function createMobileRouter(context: AppActors, history?: RouterHistory) {
  return createRouter({ routeTree, context, history, defaultErrorComponent: ErrorFallback, defaultPreload: 'intent' });
}
