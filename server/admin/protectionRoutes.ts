/**
 * Operator routes for member protection (an AdminRouteModule), all answers no-store; changes audited:
 *   GET /members/:memId/protection -> the member's limits (theirs and the operator's), break, use and the history's first page
 *   GET /members/:memId/protection/history?page= -> {list, pageInfo}: a page of the history of every change, newest first
 *   PUT /members/:memId/protection/limits {kind, period, amount | null} -> the same (409 PL006 above the member's own)
 *   GET /protection/hits?from&to -> {list: [{memId, code, hits, lastAt}]} members refused by a limit or a break
 */
import { memIdParam } from '../../contract/admin';
import { historyPageQuery, hitReportQuery, operatorLimitBody } from '../../contract/protectionPayloads';
import type { ProtectionAdminService } from './protectionService';
import type { AdminRouteModule } from './scope';

export function protectionAdminRoutes(admin: ProtectionAdminService): AdminRouteModule {
  return (app, { parse, operator }) => {
    app.get('/members/:memId/protection', async (request) => admin.memberProtection(parse(memIdParam, request.params).memId));
    app.get('/members/:memId/protection/history', async (request) =>
      admin.memberHistory(parse(memIdParam, request.params).memId, parse(historyPageQuery, request.query).page));
    app.put('/members/:memId/protection/limits', async (request) =>
      admin.setLimit(operator(request), parse(memIdParam, request.params).memId, parse(operatorLimitBody, request.body)));
    app.get('/protection/hits', async (request) => admin.hits(parse(hitReportQuery, request.query)));
  };
}
