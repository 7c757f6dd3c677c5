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
import { writeAudit } from './audit';
import type { OperatorContext } from './service';

export interface WalletMembersDeps {
  db: Db;
  points: PointsService;
  coupons: CouponsService;
}

export function createWalletMembersService({ db, points, coupons }: WalletMembersDeps) {
  async function memberFor(memId: string) {
    const member = await findMemberByMemId(db, memId);
    if (!member) throw new Failure('U000');
    return { memberId: member.id, memId: member.memId };
  }

  return {
    /** Positive `amount` grants points from the house, negative recovers them. */
    async adjustPoints(ctx: OperatorContext, memId: string, change: { amount: number; reason: string }): Promise<{ balances: Balances }> {
      const member = await memberFor(memId);
      const balances = await db.transaction(async (tx) => {
        const after = await points.adjustByOperator(tx, member, change.amount);
        await writeAudit(tx, { actor: ctx.actor, action: 'member.points', target: member.memId, detail: { ...change, ip: ctx.ip } });
        return after;
      });
      await points.announce(member);
      return { balances };
    },

    async issueCoupon(ctx: OperatorContext, memId: string, issue: CouponIssue): Promise<{ coupon: Coupon }> {
      const member = await memberFor(memId);
      const coupon = await db.transaction(async (tx) => {
        const issued = await coupons.issueByOperator(tx, member.memberId, issue);
        await writeAudit(tx, {
          actor: ctx.actor, action: 'member.coupon', target: member.memId,
          detail: { ...issue, expiresAt: issue.expiresAt.toISOString(), couponId: issued.couponId, ip: ctx.ip },
        });
        return issued;
      });
      return { coupon };
    },
  };
}

export type WalletMembersService = ReturnType<typeof createWalletMembersService>;
