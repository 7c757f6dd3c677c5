/** Coupon rows: issue, claim (a conditional UPDATE, so one coupon is used or gifted once), list. */
import { and, between, count, desc, eq, gt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Coupon } from '../../contract/wallet';
import type { Executor, Tx } from '../db/client';
import { coupons, members } from '../db/schema';
import { HISTORY_PAGE_SIZE, type HistoryWindow, pageOffset } from './history';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;

const giver = alias(members, 'giver');

/** The member's view: an available coupon past its expiry shows as expired. */
function couponView(row: CouponRow, fromMemId: string | null, now: Date): Coupon {
  const expired = row.status === 'available' && row.expiresAt.getTime() <= now.getTime();
  return {
    couponId: row.id,
    name: row.name,
    kind: row.kind,
    amount: row.amount,
    expiresAt: row.expiresAt.toISOString(),
    status: expired ? 'expired' : row.status,
    fromMemId,
    usedAt: row.usedAt?.toISOString() ?? null,
  };
}

async function viewsWhere(executor: Executor, where: SQL | undefined, now: Date, page?: number): Promise<Coupon[]> {
  const query = executor.select({ coupon: coupons, fromMemId: giver.memId }).from(coupons)
    .leftJoin(giver, eq(giver.id, coupons.fromMemberId))
    .where(where)
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
  const rows = page === undefined ? await query : await query.limit(HISTORY_PAGE_SIZE).offset(pageOffset(page));
  return rows.map((row) => couponView(row.coupon, row.fromMemId, now));
}

export async function insertCoupon(executor: Executor, coupon: NewCoupon): Promise<number> {
  const [row] = await executor.insert(coupons).values(coupon).returning({ id: coupons.id });
  return row!.id;
}

export async function findCouponView(executor: Executor, couponId: number, now: Date): Promise<Coupon> {
  const [view] = await viewsWhere(executor, eq(coupons.id, couponId), now);
  return view!;
}

/**
 * Moves the member's own available, unexpired coupon to 'used' or 'gifted' and answers it, or null.
 * Under concurrency the second claimant waits for the first's row lock and then no longer matches.
 */
export async function claimCoupon(tx: Tx, claim: { couponId: number; memberId: number; to: 'used' | 'gifted'; now: Date }): Promise<CouponRow | null> {
  const [row] = await tx.update(coupons)
    .set({ status: claim.to, usedAt: claim.now })
    .where(and(
      eq(coupons.id, claim.couponId),
      eq(coupons.memberId, claim.memberId),
      eq(coupons.status, 'available'),
      gt(coupons.expiresAt, claim.now),
    ))
    .returning();
  return row ?? null;
}

export async function setCouponTransaction(tx: Tx, couponId: number, transactionId: number): Promise<void> {
  await tx.update(coupons).set({ transactionId }).where(eq(coupons.id, couponId));
}

/** The member's coupons, newest first; `window` narrows them to those issued in it. */
export async function listCoupons(executor: Executor, memberId: number, window: HistoryWindow | null, page: number, now: Date): Promise<{ list: Coupon[]; total: number }> {
  const where = and(eq(coupons.memberId, memberId), window ? between(coupons.createdAt, window.from, window.to) : undefined);
  const list = await viewsWhere(executor, where, now, page);
  const [counted] = await executor.select({ n: count() }).from(coupons).where(where);
  return { list, total: Number(counted?.n ?? 0) };
}
