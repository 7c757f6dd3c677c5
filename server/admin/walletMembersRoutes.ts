/**
 * Operator routes for one member's points and coupons (an AdminRouteModule: registered inside the
 * operator scope, which checks the token and answers refusals as {resultCode, resultMessage}).
 *   POST /members/:memId/points  {amount (positive grants, negative recovers), reason} -> {balances}
 *   POST /members/:memId/coupons {name, kind: 'cash'|'point', amount, expiresAt (future ISO)} -> {coupon}
 */
import { couponBody, memIdParam, pointsBody } from '../../contract/admin';
import type { AdminRouteModule } from './scope';
import type { WalletMembersService } from './walletMembersService';

export function walletMembersRoutes(walletMembers: WalletMembersService): AdminRouteModule {
  return (app, { parse, operator }) => {
    app.post('/members/:memId/points', async (request) => {
      const { memId } = parse(memIdParam, request.params);
      return walletMembers.adjustPoints(operator(request), memId, parse(pointsBody, request.body));
    });

    app.post('/members/:memId/coupons', async (request) => {
      const { memId } = parse(memIdParam, request.params);
      const { expiresAt, ...issue } = parse(couponBody, request.body);
      return walletMembers.issueCoupon(operator(request), memId, { ...issue, expiresAt: new Date(expiresAt) });
    });
  };
}
