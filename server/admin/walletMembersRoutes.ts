/**
 * Operator routes for one member's points and coupons (an AdminRouteModule: registered inside the
 * operator scope, which checks the token and answers refusals as {resultCode, resultMessage}).
 *   POST /members/:memId/points  {amount (positive grants, negative recovers), reason} -> {balances}
 *   POST /members/:memId/coupons {name, kind: 'cash'|'point', amount, expiresAt (future ISO)} -> {coupon}
 */
import { z } from 'zod';
import { MAX_FIELD_LENGTH } from '../../contract/constants';
import type { AdminRouteModule } from './routes';
import type { WalletMembersService } from './walletMembersService';

const memIdParam = z.object({ memId: z.string().min(1).max(MAX_FIELD_LENGTH) });
const safeInteger = z.number().int().refine(Number.isSafeInteger, { message: 'must be a safe integer' });

const pointsBody = z.object({
  amount: safeInteger.refine((n) => n !== 0, { message: 'must not be zero' }),
  reason: z.string().trim().min(1).max(MAX_FIELD_LENGTH),
}).strict();

const couponBody = z.object({
  name: z.string().trim().min(1).max(100),
  kind: z.enum(['cash', 'point']),
  amount: safeInteger.refine((n) => n > 0, { message: 'must be positive' }),
  expiresAt: z.iso.datetime({ offset: true }),
}).strict();

export function walletMembersRoutes(walletMembers: WalletMembersService): AdminRouteModule {
  return (app, { parse, operator }) => {
    app.post('/members/:memId/points', async (request) => {
      const { memId } = parse(memIdParam, request.params);
      return walletMembers.adjustPoints(operator(request.ip), memId, parse(pointsBody, request.body));
    });

    app.post('/members/:memId/coupons', async (request) => {
      const { memId } = parse(memIdParam, request.params);
      const { expiresAt, ...issue } = parse(couponBody, request.body);
      return walletMembers.issueCoupon(operator(request.ip), memId, { ...issue, expiresAt: new Date(expiresAt) });
    });
  };
}
