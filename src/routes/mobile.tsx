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
import { Outlet, createRoute, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import type { AppActors } from '../app/actors';
import { requireGuest, requireMember } from './guards';
import { createRoot, createTreeRouter, finishTree, redirectTo, screens } from './shared';

const rootRoute = createRoot();

const mobileLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'mobile',
  component: lazyRouteComponent(() => import('./MobileShell'), 'MobileShell'),
});

const mainRoute = createRoute({ getParentRoute: () => mobileLayout, path: '/', component: screens.main });

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
const memberRoute = createRoute({ getParentRoute: () => mobileLayout, path: '/member', beforeLoad: requireMember, component: Outlet });

const memberPage = (path: string, component: (typeof screens)[keyof typeof screens]) =>
  createRoute({ getParentRoute: () => memberRoute, path, component });

// Money (SPEC §2: /member children /chargeMain with /charge and /coinCharge, /exchangeMain with /exchange
// and /coinExchange): nested child routes, so each form has its own address; the parent shows the tabs
// and a bare /member/chargeMain (or /member/exchangeMain) opens its won form.
const chargeMainRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: 'chargeMain',
  component: lazyRouteComponent(() => import('../features/wallet/MoneyMain'), 'MobileDepositMain'),
});

const exchangeMainRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: 'exchangeMain',
  component: lazyRouteComponent(() => import('../features/wallet/MoneyMain'), 'MobileWithdrawalMain'),
});

const routeTree = finishTree(rootRoute, mobileLayout.addChildren([
  mainRoute,
  loginRoute,
  joinRoute,
  memberRoute.addChildren([
    memberPage('/', screens.memberHome),
    memberPage('chargeList', screens.chargeList),
    memberPage('exchangeList', screens.exchangeList),
    memberPage('point', screens.point),
    memberPage('coupon', screens.coupon),
    memberPage('give', screens.give),
    chargeMainRoute.addChildren([
      createRoute({ getParentRoute: () => chargeMainRoute, path: '/', beforeLoad: redirectTo('/member/chargeMain/charge') }),
      createRoute({ getParentRoute: () => chargeMainRoute, path: 'charge', component: screens.deposit }),
      createRoute({ getParentRoute: () => chargeMainRoute, path: 'coinCharge', component: screens.coinDeposit }),
    ]),
    exchangeMainRoute.addChildren([
      createRoute({ getParentRoute: () => exchangeMainRoute, path: '/', beforeLoad: redirectTo('/member/exchangeMain/exchange') }),
      createRoute({ getParentRoute: () => exchangeMainRoute, path: 'exchange', component: screens.withdrawal }),
      createRoute({ getParentRoute: () => exchangeMainRoute, path: 'coinExchange', component: screens.coinWithdrawal }),
    ]),
  ]),
]));

export function createMobileRouter(context: AppActors, history?: RouterHistory) {
  return createTreeRouter(routeTree, context, history);
}
