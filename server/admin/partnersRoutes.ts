/**
 * Operator routes of the partner line (an AdminRouteModule; schemas in contract/partnerAdmin.ts):
 *   POST /partners/:memId/make {level, parentMemId, canCreateLower}   make a member a partner (top or one level below a parent)
 *   POST /partners/:memId/move {parentMemId}                          move a partner's line, or a member, under another partner
 *   PUT  /partners/:memId/rates {rates: [{product, kind, rateBp}]}    rates in force at once; a lowering clamps the line below
 *   PUT  /partners/:memId/permissions {canCreateLower?, canMoveMoney?}
 *   GET  /partners/:memId/line?page=                                  any partner's lower partners and members
 *   POST /partners/settlements/close {day}                            settle every open accrual up to a past Seoul day
 *   POST /partners/settlements/:id/reverse                            a settlement line no longer counts
 *   GET  /partners/accruals/:betId                                    what a bet accrued to each partner, with the rates used
 *   GET  /partners?q=&page=                                           the top partners (the console browses the tree from them)
 *   GET  /partners/settlements?from=&to=&memId=&status=&page=         settlement lines, newest day first
 */
import { z } from 'zod';
import {
  betIdParam, partnerMakeBody, partnerMemIdParam, partnerMoveBody, partnerPermissionsBody, partnerRatesBody, partnersQuery, settlementCloseBody,
  settlementLineParam, settlementsQuery,
} from '../../contract/partnerAdmin';
import type { PartnersAdminService } from './partnersService';
import type { AdminRouteModule } from './scope';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export function partnersAdminRoutes(partners: PartnersAdminService): AdminRouteModule {
  return (app, { parse, operator }) => {
    app.get('/partners', async (request) => partners.tops(parse(partnersQuery, request.query)));
    app.get('/partners/settlements', async (request) => partners.settlements(parse(settlementsQuery, request.query)));
    app.post('/partners/settlements/close', async (request) => partners.close(operator(request), parse(settlementCloseBody, request.body).day));
    app.post('/partners/settlements/:id/reverse', async (request) => partners.reverse(operator(request), parse(settlementLineParam, request.params).id));
    app.get('/partners/accruals/:betId', async (request) => partners.accrualOfBet(parse(betIdParam, request.params).betId));
    app.post('/partners/:memId/make', async (request) => {
      const { memId } = parse(partnerMemIdParam, request.params);
      return partners.make(operator(request), memId, parse(partnerMakeBody, request.body));
    });
    app.post('/partners/:memId/move', async (request) => {
      const { memId } = parse(partnerMemIdParam, request.params);
      return partners.move(operator(request), memId, parse(partnerMoveBody, request.body).parentMemId);
    });
    app.put('/partners/:memId/rates', async (request) => {
      const { memId } = parse(partnerMemIdParam, request.params);
      return partners.setRates(operator(request), memId, parse(partnerRatesBody, request.body).rates);
    });
    app.put('/partners/:memId/permissions', async (request) => {
      const { memId } = parse(partnerMemIdParam, request.params);
      return partners.permissions(operator(request), memId, parse(partnerPermissionsBody, request.body));
    });
    app.get('/partners/:memId/line', async (request) => {
      const { memId } = parse(partnerMemIdParam, request.params);
      return partners.line(memId, parse(pageQuery, request.query ?? {}).page);
    });
  };
}
