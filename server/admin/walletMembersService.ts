/**
 * Operator actions on one member's points and coupons: grant or recover points (P003 when recovering
 * more than held) and issue coupons. Each runs in one transaction with its audit row; the member hears
 * CASH after the commit when their points changed.
 */
import type { Balances, Coupon } from '../../contract/wallet';
import type { Db } from '../db/client';
import { Failure } from '../failure';
import { findMemberByMemId } from '../member/queries';
import type { CouponIssue, CouponsService } from '../wallet/couponsService';
import type { PointsService } from '../wallet/pointsService';
import type { Audit, OperatorContext } from './audit';

export interface WalletMembersDeps {
  db: Db;
  audit: Audit;
  points: PointsService;
  coupons: CouponsService;
}

export function createWalletMembersService({ db, audit, points, coupons }: WalletMembersDeps) {
  async function memberFor(memId: string) {
    const member = await findMemberByMemId(db, memId);
    if (!member) throw new Failure('U000');
    return { memberId: member.id, memId: member.memId };
  }

  return {
    /** Positive `amount` grants points from the house, negative recovers them. */
    async adjustPoints(ctx: OperatorContext, memId: string, change: { amount: number; reason: string }): Promise<{ balances: Balances }> {
      const member = await memberFor(memId);
      const entry = { action: 'member.points', target: member.memId, detail: { ...change } };
      const balances = await audit.run(ctx, entry, (tx) => points.adjustByOperator(tx, member, change.amount));
      await points.announce(member);
      return { balances };
    },

    async issueCoupon(ctx: OperatorContext, memId: string, issue: CouponIssue): Promise<{ coupon: Coupon }> {
      const member = await memberFor(memId);
      const coupon = await db.transaction(async (tx) => {
        const issued = await coupons.issueByOperator(tx, member.memberId, issue);
        const detail = { ...issue, expiresAt: issue.expiresAt.toISOString(), couponId: issued.couponId };
        await audit.write(tx, ctx, { action: 'member.coupon', target: member.memId, detail });
        return issued;
      });
      return { coupon };
    },
  };
}

export type WalletMembersService = ReturnType<typeof createWalletMembersService>;
