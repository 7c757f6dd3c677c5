/**
 * Mobile route tree (SPEC §2, width <= 600). Later issues add the member children here.
 *
 *   /          mobile main                  mobile layout (header with the member's facts)
 *   /login     login page      guests only  mobile layout
 *   /join      sign-up page    guests only  mobile layout
 *   /member    signed-in members only (one guard for every child)   the member's home
 *     /chargeList /exchangeList   deposit and withdrawal history (the desktop's /mypage/chargeList, /exchangeList)
 *     /point /coupon /give        points (?tab=use|list|change), coupons (?tab=use|gift|list), transfers
 *     /chargeMain                 deposit tabs: /charge (won), /coinCharge (USDT)
 *     /exchangeMain               withdrawal tabs: /exchange (won), /coinExchange (USDT)
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

// Every member page is a child of /member, which guards them all once (SPEC §2 mobile routes).
const memberRoute = createRoute({
  getParentRoute: () => mobileLayout,
  path: '/member',
  beforeLoad: requireMember,
  component: Outlet,
});

const memberHomeRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../features/main/MemberHomePage'), 'MemberHomePage'),
});

const memberPage = (path: string, component: ReturnType<typeof lazyRouteComponent>) =>
  createRoute({ getParentRoute: () => memberRoute, path, component });

const chargeListRoute = memberPage('chargeList', lazyRouteComponent(() => import('../features/mypage/CashHistoryPage'), 'ChargeListPage'));
const exchangeListRoute = memberPage('exchangeList', lazyRouteComponent(() => import('../features/mypage/CashHistoryPage'), 'ExchangeListPage'));
const pointRoute = memberPage('point', lazyRouteComponent(() => import('../features/mypage/PointPage'), 'PointPage'));
const couponRoute = memberPage('coupon', lazyRouteComponent(() => import('../features/mypage/CouponPage'), 'CouponPage'));
const giveRoute = memberPage('give', lazyRouteComponent(() => import('../features/mypage/GivePage'), 'GivePage'));

// Money (SPEC §2: /member children /chargeMain with /charge and /coinCharge, /exchangeMain with /exchange
// and /coinExchange): nested child routes, so each form has its own address; the parent shows the tabs
// and sends a bare /member/chargeMain (or /member/exchangeMain) to its won form.
const chargeMainRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: 'chargeMain',
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
  getParentRoute: () => memberRoute,
  path: 'exchangeMain',
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
    memberRoute.addChildren([
      memberHomeRoute,
      chargeListRoute,
      exchangeListRoute,
      pointRoute,
      couponRoute,
      giveRoute,
      chargeMainRoute.addChildren([chargeMainIndexRoute, chargeRoute, coinChargeRoute]),
      exchangeMainRoute.addChildren([exchangeMainIndexRoute, exchangeRoute, coinExchangeRoute]),
    ]),
  ]),
  warningRoute,
  unknownRoute,
]);

/** `history` defaults to the browser's; tests pass a memory history. */
export function createMobileRouter(context: AppActors, history?: RouterHistory) {
  return createRouter({ routeTree, context, history, defaultErrorComponent: ErrorFallback, defaultPreload: 'intent' });
}
