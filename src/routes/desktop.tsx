/**
 * Desktop route tree (SPEC §2, width > 600). Later issues add their routes here.
 *
 *   /          main page                    site layout (header, left menu, footer)
 *   /member    signed-in members only       site layout; parent of every member page
 *   /mypage    my page (members only)       site layout; redirects to /mypage/chargeList until the betting
 *              list (SPEC §2: /mypage -> betting/list) exists
 *     /chargeList /exchangeList               deposit and withdrawal history
 *     /point /coupon /give                    points (?tab=use|list|change), coupons (?tab=use|gift|list), transfers
 *   /moneyMain -> /charge; /charge /coinCharge (deposit tabs), /exchange /coinExchange (withdrawal tabs), members only
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

// SPEC §2 says /mypage goes to betting/list; that page arrives with the betting issue, so until then the
// deposit history is the my page's first screen.
const myPageRoute = createRoute({
  getParentRoute: () => siteLayout,
  path: '/mypage',
  beforeLoad: () => {
    throw redirect({ to: '/mypage/chargeList', replace: true });
  },
});

const chargeListRoute = createRoute({
  getParentRoute: () => siteLayout,
  path: '/mypage/chargeList',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/mypage/CashHistoryPage'), 'ChargeListPage'),
});

const exchangeListRoute = createRoute({
  getParentRoute: () => siteLayout,
  path: '/mypage/exchangeList',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/mypage/CashHistoryPage'), 'ExchangeListPage'),
});

const pointRoute = createRoute({
  getParentRoute: () => siteLayout,
  path: '/mypage/point',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/mypage/PointPage'), 'PointPage'),
});

const couponRoute = createRoute({
  getParentRoute: () => siteLayout,
  path: '/mypage/coupon',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/mypage/CouponPage'), 'CouponPage'),
});

const giveRoute = createRoute({
  getParentRoute: () => siteLayout,
  path: '/mypage/give',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/mypage/GivePage'), 'GivePage'),
});

// Money (SPEC §2): /moneyMain -> /charge; the won and USDT forms of each direction share a tab frame
// (a pathless layout route), guarded like every member page.
const moneyMainRoute = createRoute({
  getParentRoute: () => siteLayout,
  path: '/moneyMain',
  beforeLoad: () => {
    throw redirect({ to: '/charge', replace: true });
  },
});

const depositFrame = createRoute({
  getParentRoute: () => siteLayout,
  id: 'deposit',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/wallet/MoneyMain'), 'DesktopDepositMain'),
});

const chargeRoute = createRoute({
  getParentRoute: () => depositFrame,
  path: '/charge',
  component: lazyRouteComponent(() => import('../features/wallet/DepositPage'), 'DepositPage'),
});

const coinChargeRoute = createRoute({
  getParentRoute: () => depositFrame,
  path: '/coinCharge',
  component: lazyRouteComponent(() => import('../features/wallet/CoinDepositPage'), 'CoinDepositPage'),
});

const withdrawalFrame = createRoute({
  getParentRoute: () => siteLayout,
  id: 'withdrawal',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/wallet/MoneyMain'), 'DesktopWithdrawalMain'),
});

const exchangeRoute = createRoute({
  getParentRoute: () => withdrawalFrame,
  path: '/exchange',
  component: lazyRouteComponent(() => import('../features/wallet/WithdrawalPage'), 'WithdrawalPage'),
});

const coinExchangeRoute = createRoute({
  getParentRoute: () => withdrawalFrame,
  path: '/coinExchange',
  component: lazyRouteComponent(() => import('../features/wallet/CoinWithdrawalPage'), 'CoinWithdrawalPage'),
});

const warningRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/warning',
  component: lazyRouteComponent(() => import('../features/main/WarningPage'), 'WarningPage'),
});

const unknownRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', beforeLoad: redirectHome });

const routeTree = rootRoute.addChildren([
  siteLayout.addChildren([
    mainRoute,
    memberRoute,
    myPageRoute,
    chargeListRoute,
    exchangeListRoute,
    pointRoute,
    couponRoute,
    giveRoute,
    moneyMainRoute,
    depositFrame.addChildren([chargeRoute, coinChargeRoute]),
    withdrawalFrame.addChildren([exchangeRoute, coinExchangeRoute]),
  ]),
  warningRoute,
  unknownRoute,
]);

/** `history` defaults to the browser's; tests pass a memory history. */
export function createDesktopRouter(context: AppActors, history?: RouterHistory) {
  return createRouter({ routeTree, context, history, defaultErrorComponent: ErrorFallback, defaultPreload: 'intent' });
}
