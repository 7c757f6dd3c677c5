/** The console's routes under /admin (TanStack Router); the root renders the sign-in until there is a session. */
import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { ConsoleRoot } from './Shell';
import { ApprovalsScreen } from './screens/Approvals';
import { AuditScreen } from './screens/Audit';
import { CashScreen, InquiriesScreen } from './screens/Cash';
import { CommunityScreen } from './screens/Community';
import { DashboardScreen } from './screens/Dashboard';
import { GamesScreen } from './screens/Games';
import { MemberScreen, MembersScreen } from './screens/Members';
import { OperatorsScreen } from './screens/Operators';
import { PartnersScreen } from './screens/Partners';
import { RiskScreen } from './screens/Risk';
import { SettingsScreen } from './screens/Settings';
import { SignupsScreen } from './screens/Signups';
import { PostsScreen, QuestionsScreen } from './screens/Support';

const rootRoute = createRootRoute({ component: ConsoleRoot });
const getParentRoute = () => rootRoute;

const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute, path: '/', component: DashboardScreen }),
  createRoute({ getParentRoute, path: '/signups', component: SignupsScreen }),
  createRoute({ getParentRoute, path: '/cash', component: CashScreen }),
  createRoute({ getParentRoute, path: '/inquiries', component: InquiriesScreen }),
  createRoute({ getParentRoute, path: '/members', component: MembersScreen }),
  createRoute({ getParentRoute, path: '/members/$memId', component: MemberScreen }),
  createRoute({ getParentRoute, path: '/approvals', component: ApprovalsScreen }),
  createRoute({ getParentRoute, path: '/questions', component: QuestionsScreen }),
  createRoute({ getParentRoute, path: '/posts', component: PostsScreen }),
  createRoute({ getParentRoute, path: '/community', component: CommunityScreen }),
  createRoute({ getParentRoute, path: '/games', component: GamesScreen }),
  createRoute({ getParentRoute, path: '/risk', component: RiskScreen }),
  createRoute({ getParentRoute, path: '/partners', component: PartnersScreen }),
  createRoute({ getParentRoute, path: '/settings', component: SettingsScreen }),
  createRoute({ getParentRoute, path: '/audit', component: AuditScreen }),
  createRoute({ getParentRoute, path: '/operators', component: OperatorsScreen }),
]);

export const consoleRouter = createRouter({ routeTree, basepath: '/admin' });


// The console's own type project (tsconfig.console.json): its links are checked against its routes only.
declare module '@tanstack/react-router' {
  interface Register {
    router: typeof consoleRouter;
  }
}
