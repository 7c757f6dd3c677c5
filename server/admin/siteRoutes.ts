/**
 * Operator routes for sign-ups and the site (an AdminRouteModule):
 *   GET /signups?status=, POST /signups/:memId/approve|reject, PUT /site-check, PUT /site-options,
 *   POST /members/:memId/push
 */
import { memIdParam, pushBody, signupsQuery, siteCheckBody, siteOptionsBody } from '../../contract/admin';
import type { AdminRouteModule } from './scope';
import type { SiteAdminService } from './siteService';

export function siteAdminRoutes(admin: SiteAdminService): AdminRouteModule {
  return (app, { parse, operator }) => {
    const ok = { ok: true } as const;

    app.get('/signups', async (request) => admin.signups(parse(signupsQuery, request.query).status));

    app.post('/signups/:memId/approve', async (request) => {
      await admin.approve(operator(request), parse(memIdParam, request.params).memId);
      return ok;
    });

    app.post('/signups/:memId/reject', async (request) => {
      await admin.reject(operator(request), parse(memIdParam, request.params).memId);
      return ok;
    });

    app.put('/site-check', async (request) => {
      const { startDate, endDate } = parse(siteCheckBody, request.body);
      const window = startDate && endDate ? { startDate: new Date(startDate), endDate: new Date(endDate) } : null;
      await admin.setSiteCheck(operator(request), window);
      return ok;
    });

    app.put('/site-options', async (request) => {
      await admin.setSiteOptions(operator(request), parse(siteOptionsBody, request.body));
      return ok;
    });

    app.post('/members/:memId/push', async (request) => {
      const { memId } = parse(memIdParam, request.params);
      await admin.pushToMember(operator(request), memId, parse(pushBody, request.body));
      return ok;
    });
  };
}
