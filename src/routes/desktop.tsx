/**
 * Desktop route tree (SPEC §2, width > 600). Later issues add their routes here.
 *
 *   /          main page                    site layout (header, left menu, footer)
 *   /member    signed-in members only       site layout; parent of every member page
 *   /mypage    my page (members only)       site layout; redirects to /mypage/chargeList until the betting
 *              list (SPEC §2: /mypage -> betting/list) exists
 *     /chargeList /exchangeList               deposit and withdrawal history (one guard for every child)
 *     /point /coupon /give                    points (?tab=use|list|change), coupons (?tab=use|gift|list), transfers
 *   /moneyMain -> /charge; /charge /coinCharge (deposit tabs), /exchange /coinExchange (withdrawal tabs), members only
 *   /warning   maintenance notice           empty layout
 *   /*         anything else -> /
 */
import { Outlet, createRoute, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import type { AppActors } from '../app/actors';
import { requireMember } from './guards';
import { createRoot, createTreeRouter, finishTree, redirectTo, screens } from './shared';

const rootRoute = createRoot();

const siteLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'site',
  component: lazyRouteComponent(() => import('./DesktopShell'), 'DesktopShell'),
});

const mainRoute = createRoute({ getParentRoute: () => siteLayout, path: '/', component: screens.main });

const memberRoute = createRoute({
  getParentRoute: () => siteLayout,
  path: '/member',
  beforeLoad: requireMember,
  component: screens.memberHome,
});

const myPageRoute = createRoute({ getParentRoute: () => siteLayout, path: '/mypage', beforeLoad: requireMember, component: Outlet });

// SPEC §2 says /mypage goes to betting/list; that page arrives with the betting issue, so until then the
// deposit history is the my page's first screen.
const myPageIndexRoute = createRoute({ getParentRoute: () => myPageRoute, path: '/', beforeLoad: redirectTo('/mypage/chargeList') });

const myPage = (path: string, component: (typeof screens)[keyof typeof screens]) =>
  createRoute({ getParentRoute: () => myPageRoute, path, component });

// Money (SPEC §2): /moneyMain -> /charge; the won and USDT forms of each direction share a tab frame
// (a pathless layout route), guarded like every member page.
const moneyMainRoute = createRoute({ getParentRoute: () => siteLayout, path: '/moneyMain', beforeLoad: redirectTo('/charge') });

const depositFrame = createRoute({
  getParentRoute: () => siteLayout,
  id: 'deposit',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/wallet/MoneyMain'), 'DesktopDepositMain'),
});

const withdrawalFrame = createRoute({
  getParentRoute: () => siteLayout,
  id: 'withdrawal',
  beforeLoad: requireMember,
  component: lazyRouteComponent(() => import('../features/wallet/MoneyMain'), 'DesktopWithdrawalMain'),
});

const routeTree = finishTree(rootRoute, siteLayout.addChildren([
  mainRoute,
  memberRoute,
  myPageRoute.addChildren([
    myPageIndexRoute,
    myPage('chargeList', screens.chargeList),
    myPage('exchangeList', screens.exchangeList),
    myPage('point', screens.point),
    myPage('coupon', screens.coupon),
    myPage('give', screens.give),
  ]),
  moneyMainRoute,
  depositFrame.addChildren([
    createRoute({ getParentRoute: () => depositFrame, path: '/charge', component: screens.deposit }),
    createRoute({ getParentRoute: () => depositFrame, path: '/coinCharge', component: screens.coinDeposit }),
  ]),
  withdrawalFrame.addChildren([
    createRoute({ getParentRoute: () => withdrawalFrame, path: '/exchange', component: screens.withdrawal }),
    createRoute({ getParentRoute: () => withdrawalFrame, path: '/coinExchange', component: screens.coinWithdrawal }),
  ]),
]));

export function createDesktopRouter(context: AppActors, history?: RouterHistory) {
  return createTreeRouter(routeTree, context, history);
}
