/**
 * Operator actions on one member's points and coupons, through the wallet's operator face
 * (wallet/operatorWallet.ts): grant or recover points (P003 when recovering more than held) and issue
 * coupons. Each runs in one transaction with its audit row; the member hears CASH after the commit when
 * their points changed.
 */
import type { Balances, Coupon } from '../../contract/wallet';
import type { Db } from '../db/client';
import { createOperatorMembers } from '../member/operatorMembers';
import type { CouponIssue } from '../wallet/couponsService';
import type { OperatorWallet } from '../wallet/operatorWallet';
import type { Audit, OperatorContext } from './audit';

export interface WalletMembersDeps {
  db: Db;
  audit: Audit;
  wallet: OperatorWallet;
}

export function createWalletMembersService({ db, audit, wallet }: WalletMembersDeps) {
  const members = createOperatorMembers({ db });
  return {
    /** Positive `amount` grants points from the house, negative recovers them. */
    async adjustPoints(ctx: OperatorContext, memId: string, change: { amount: number; reason: string }): Promise<{ balances: Balances }> {
      const member = await members.member(memId);
      const entry = { action: 'member.points', target: member.memId, detail: { ...change } };
      const balances = await audit.run(ctx, entry, (tx) => wallet.adjustPoints(tx, member, change.amount));
      await wallet.announce(member);
      return { balances };
    },

    async issueCoupon(ctx: OperatorContext, memId: string, issue: CouponIssue): Promise<{ coupon: Coupon }> {
      const member = await members.member(memId);
      const coupon = await db.transaction(async (tx) => {
        const issued = await wallet.issueCoupon(tx, member, issue);
        const detail = { ...issue, expiresAt: issue.expiresAt.toISOString(), couponId: issued.couponId };
        await audit.write(tx, ctx, { action: 'member.coupon', target: member.memId, detail });
        return issued;
      });
      return { coupon };
    },
  };
}

export type WalletMembersService = ReturnType<typeof createWalletMembersService>;
