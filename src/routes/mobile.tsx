/**
 * Mobile route tree (SPEC §2, width <= 600). Later issues add the member children here.
 *
 *   /          mobile main                  mobile layout (header with the member's facts)
 *   /login     login page      guests only  mobile layout
 *   /join      sign-up page    guests only  mobile layout
 *   /member    signed-in members only       mobile layout; parent of every member page
 *   /chargeList /exchangeList  members only  deposit and withdrawal history (the desktop's /mypage/chargeList, /exchangeList)
 *   /point /coupon /give       members only  points (?tab=use|list|change), coupons (?tab=use|gift|list), transfers
 *   /member/chargeMain         members only  deposit tabs: /charge (won), /coinCharge (USDT)
 *   /member/exchangeMain       members only  withdrawal tabs: /exchange (won), /coinExchange (USDT)
 *   /warning   maintenance notice           empty layout
 *   /*         anything else -> /
 */
import {
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
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

// Money (SPEC §2: /member children /chargeMain with /charge and /coinCharge, /exchangeMain with /exchange
// and /coinExchange): nested child routes, so each form has its own address; the parent shows the tabs
// and sends a bare /member/chargeMain (or /member/exchangeMain) to its won form.
const chargeMainRoute = createRoute({
  getParentRoute: () => mobileLayout,
  path: '/member/chargeMain',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/wallet/MoneyMain'), 'MobileDepositMain'),
});

const chargeMainIndexRoute = createRoute({
  getParentRoute: () => chargeMainRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/member/chargeMain/charge', replace: true });
  },
});

const chargeRoute = createRoute({
  getParentRoute: () => chargeMainRoute,
  path: 'charge',
  component: lazyRouteComponent(() => import('../features/wallet/DepositPage'), 'DepositPage'),
});

const coinChargeRoute = createRoute({
  getParentRoute: () => chargeMainRoute,
  path: 'coinCharge',
  component: lazyRouteComponent(() => import('../features/wallet/CoinDepositPage'), 'CoinDepositPage'),
});

const exchangeMainRoute = createRoute({
  getParentRoute: () => mobileLayout,
  path: '/member/exchangeMain',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/wallet/MoneyMain'), 'MobileWithdrawalMain'),
});

const exchangeMainIndexRoute = createRoute({
  getParentRoute: () => exchangeMainRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/member/exchangeMain/exchange', replace: true });
  },
});

const exchangeRoute = createRoute({
  getParentRoute: () => exchangeMainRoute,
  path: 'exchange',
  component: lazyRouteComponent(() => import('../features/wallet/WithdrawalPage'), 'WithdrawalPage'),
});

const coinExchangeRoute = createRoute({
  getParentRoute: () => exchangeMainRoute,
  path: 'coinExchange',
  component: lazyRouteComponent(() => import('../features/wallet/CoinWithdrawalPage'), 'CoinWithdrawalPage'),
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
    chargeMainRoute.addChildren([chargeMainIndexRoute, chargeRoute, coinChargeRoute]),
    exchangeMainRoute.addChildren([exchangeMainIndexRoute, exchangeRoute, coinExchangeRoute]),
  ]),
  warningRoute,
  unknownRoute,
]);

/** `history` defaults to the browser's; tests pass a memory history. */
export function createMobileRouter(context: AppActors, history?: RouterHistory) {
  return createRouter({ routeTree, context, history, defaultErrorComponent: ErrorFallback, defaultPreload: 'intent' });
}
