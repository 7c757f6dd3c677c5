/**
 * Operator routes for members and the dashboard (an AdminRouteModule; contract/membersAdmin.ts):
 *   GET /members?q=&status=&page=, GET /members/:memId, GET /members/:memId/ledger?from=&to=&page=,
 *   GET /members/:memId/sessions, POST /members/:memId/sessions/revoke {reason}, GET /dashboard
 */
import { memIdParam } from '../../contract/admin';
import { memberLedgerQuery, memberSearchQuery, sessionsRevokeBody } from '../../contract/membersAdmin';
import type { DashboardService } from './dashboardService';
import type { MembersAdminService } from './membersService';
import type { AdminRouteModule } from './scope';

export function membersAdminRoutes(members: MembersAdminService, dashboard: DashboardService): AdminRouteModule {
  return (app, { parse, operator }) => {
    app.get('/members', async (request) => members.search(parse(memberSearchQuery, request.query)));

    app.get('/members/:memId', async (request) => members.detail(parse(memIdParam, request.params).memId));

    app.get('/members/:memId/ledger', async (request) => {
      const { memId } = parse(memIdParam, request.params);
      return members.ledger(memId, parse(memberLedgerQuery, request.query));
    });

    app.get('/members/:memId/sessions', async (request) => members.sessions(parse(memIdParam, request.params).memId));

    app.post('/members/:memId/sessions/revoke', async (request) => {
      const { memId } = parse(memIdParam, request.params);
      return members.revokeSessions(operator(request), memId, parse(sessionsRevokeBody, request.body).reason);
    });

    app.get('/dashboard', async () => dashboard.totals());
  };
}
