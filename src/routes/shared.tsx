/**
 * What the desktop and mobile trees share: the screens (each its own lazily loaded chunk), the root with
 * the empty-layout /warning page and the catch-all that sends unknown paths home, and the router options.
 */
import {
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type AnyRoute,
  type RouterHistory,
} from '@tanstack/react-router';
import type { AppActors } from '../app/actors';
import { ErrorFallback } from '../app/ErrorBoundary';
import { redirectHome } from './guards';

export const screens = {
  main: lazyRouteComponent(() => import('../features/main/MainPage'), 'MainPage'),
  memberHome: lazyRouteComponent(() => import('../features/main/MemberHomePage'), 'MemberHomePage'),
  warning: lazyRouteComponent(() => import('../features/main/WarningPage'), 'WarningPage'),
  chargeList: lazyRouteComponent(() => import('../features/mypage/CashHistoryPage'), 'ChargeListPage'),
  exchangeList: lazyRouteComponent(() => import('../features/mypage/CashHistoryPage'), 'ExchangeListPage'),
  point: lazyRouteComponent(() => import('../features/mypage/PointPage'), 'PointPage'),
  coupon: lazyRouteComponent(() => import('../features/mypage/CouponPage'), 'CouponPage'),
  give: lazyRouteComponent(() => import('../features/mypage/GivePage'), 'GivePage'),
  deposit: lazyRouteComponent(() => import('../features/wallet/DepositPage'), 'DepositPage'),
  coinDeposit: lazyRouteComponent(() => import('../features/wallet/CoinDepositPage'), 'CoinDepositPage'),
  withdrawal: lazyRouteComponent(() => import('../features/wallet/WithdrawalPage'), 'WithdrawalPage'),
  coinWithdrawal: lazyRouteComponent(() => import('../features/wallet/CoinWithdrawalPage'), 'CoinWithdrawalPage'),
};

/** A `beforeLoad` that sends the visitor on to `to` (a parent path opening its first page). */
export const redirectTo = (to: string) => () => {
  throw redirect({ to, replace: true });
};

/** A fresh root for one tree; `finishTree` adds /warning and the catch-all after the tree's own routes. */
export function createRoot() {
  return createRootRouteWithContext<AppActors>()({ component: Outlet });
}

type Root = ReturnType<typeof createRoot>;

export function finishTree(root: Root, layout: AnyRoute) {
  const warningRoute = createRoute({ getParentRoute: () => root, path: '/warning', component: screens.warning });
  const unknownRoute = createRoute({ getParentRoute: () => root, path: '$', beforeLoad: redirectHome });
  return root.addChildren([layout, warningRoute, unknownRoute]);
}

/** `history` defaults to the browser's; tests pass a memory history. */
export function createTreeRouter(routeTree: ReturnType<typeof finishTree>, context: AppActors, history?: RouterHistory) {
  return createRouter({ routeTree, context, history, defaultErrorComponent: ErrorFallback, defaultPreload: 'intent' });
}
