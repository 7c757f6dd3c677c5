/**
 * Coupons: the operator issues them; a member lists, uses (credited once: house 'coupons' -> member
 * won or points) or gifts one to another active member (the giver's becomes 'gifted', the receiver
 * gets a new coupon that remembers who gave it).
 */
import type { z } from 'zod';
import type { Balances, Coupon, PageInfo } from '../../contract/wallet';
import type { couponGiftPayload, couponUsePayload, pageOnlyPayload } from '../../contract/walletPayloads';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { Failure } from '../failure';
import { findMemberByMemId } from '../member/queries';
import { claimCoupon, findCouponView, insertCoupon, listCoupons, setCouponTransaction } from './couponsQueries';
import { moneyDoor } from '../money/door';
import type { BalancePush } from '../money/balancePush';
import { historyWindow, pageInfo } from './history';
import { type MemberRef, requireActiveMember } from '../money/memberLock';
import { insertPointRecord } from './pointsQueries';

export interface CouponIssue {
  name: string;
  kind: 'cash' | 'point';
  amount: number;
  expiresAt: Date;
}

export interface CouponsDeps {
  db: Db;
  clock: Clock;
  balances: BalancePush;
}

export function createCouponsService({ db, clock, balances }: CouponsDeps) {
  const money = moneyDoor(db, clock);
  return {
    /** Inside the operator's audited transaction. No money moves until the coupon is used. */
    async issueByOperator(tx: Tx, memberId: number, issue: CouponIssue): Promise<Coupon> {
      const now = clock.now();
      if (issue.expiresAt.getTime() <= now.getTime()) throw new Failure('R003', 'expiresAt must be in the future');
      const couponId = await insertCoupon(tx, { memberId, ...issue, createdAt: now });
      return findCouponView(tx, couponId, now);
    },

    async list(member: MemberRef, payload: z.output<typeof pageOnlyPayload>): Promise<{ list: Coupon[]; pageInfo: PageInfo }> {
      const now = clock.now();
      // A coupon stays in the list until used; dates narrow it only when the member asks for them.
      const dated = payload.startDate !== undefined || payload.endDate !== undefined;
      const window = dated ? historyWindow(payload.startDate, payload.endDate, now) : null;
      const { list, total } = await listCoupons(db, member.memberId, window, payload.page, now);
      return { list, pageInfo: pageInfo(payload.page, total) };
    },

    async use(member: MemberRef, payload: z.output<typeof couponUsePayload>): Promise<{ coupon: Coupon; balances: Balances }> {
      const { answer, ran } = await money.call({ memberId: member.memberId, call: 'couponUse', payload }, async ({ tx, now, post }) => {
        await requireActiveMember(tx, member.memberId);
        const coupon = await claimCoupon(tx, { couponId: payload.couponId, memberId: member.memberId, to: 'used', now });
        if (!coupon) throw new Failure('C901');
        const currency = coupon.kind === 'cash' ? 'KRW' : 'POINT';
        const posted = await post({
          // One key per coupon: whatever happens above, a coupon can be credited only once.
          key: `couponUse:${coupon.id}`,
          kind: 'coupon.use',
          entries: [
            { account: { house: 'coupons', currency }, amount: -coupon.amount },
            { account: { memberId: member.memberId, currency }, amount: coupon.amount },
          ],
        });
        await setCouponTransaction(tx, coupon.id, posted.transactionId);
        if (coupon.kind === 'point') {
          await insertPointRecord(tx, {
            memberId: member.memberId, kind: 'coupon', useClass: 'earned', accruedPoints: coupon.amount, transactionId: posted.transactionId, at: now,
          });
        }
        return { coupon: await findCouponView(tx, coupon.id, now), balances: posted.balances[member.memberId]! };
      });
      await balances.announce(member, ran ? answer.balances : undefined);
      return answer;
    },

    /** A coupon is money to come: its gift goes through the door too, though nothing is posted until it is used. */
    async gift(member: MemberRef, payload: z.output<typeof couponGiftPayload>): Promise<{ coupon: Coupon }> {
      const called = await money.call({ memberId: member.memberId, call: 'couponGift', payload }, async ({ tx, now }) => {
        await requireActiveMember(tx, member.memberId);
        const receiver = await findMemberByMemId(tx, payload.toMemId.trim());
        if (!receiver || receiver.status !== 'active' || receiver.id === member.memberId) throw new Failure('C902');
        const given = await claimCoupon(tx, { couponId: payload.couponId, memberId: member.memberId, to: 'gifted', now });
        if (!given) throw new Failure('C901');
        await insertCoupon(tx, {
          memberId: receiver.id, fromMemberId: member.memberId, name: given.name, kind: given.kind, amount: given.amount,
          expiresAt: given.expiresAt, createdAt: now,
        });
        return { coupon: await findCouponView(tx, given.id, now) };
      });
      return called.answer;
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
