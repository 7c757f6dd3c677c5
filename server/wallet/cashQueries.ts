/** Cash request rows: inserts, the member's checks, locks and status updates, history pages, views. */
import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ResultCode } from '../../contract/codes';
import type { CashRequest, CashStatus, CashType } from '../../contract/wallet';
import type { Executor, Tx } from '../db/client';
import { cashRequests, members } from '../db/schema';
import { historyPage } from './history';

export type CashRequestRow = typeof cashRequests.$inferSelect;
export type NewCashRequest = typeof cashRequests.$inferInsert;

export function directionOf(cashType: CashType): 'in' | 'out' {
  return cashType === 'in' || cashType === 'coinIn' ? 'in' : 'out';
}

/** The member's unfinished (asked or waiting) requests in these directions, as a condition on cash_requests. */
export function openRequestsOf(memberId: number, directions: ('in' | 'out')[]): SQL {
  return and(eq(cashRequests.memberId, memberId), inArray(cashRequests.direction, directions), inArray(cashRequests.status, [0, 2]))!;
}

export async function hasOpenRequest(executor: Executor, memberId: number, direction: 'in' | 'out'): Promise<boolean> {
  const [row] = await executor.select({ id: cashRequests.id }).from(cashRequests).where(openRequestsOf(memberId, [direction])).limit(1);
  return row !== undefined;
}

/** How many deposits of the member were approved (since `since` when given). */
export async function approvedDepositCount(executor: Executor, memberId: number, since?: Date): Promise<number> {
  const conditions: SQL[] = [eq(cashRequests.memberId, memberId), eq(cashRequests.direction, 'in'), eq(cashRequests.status, 1)];
  if (since) conditions.push(gte(cashRequests.processedAt, since));
  const [row] = await executor.select({ n: count() }).from(cashRequests).where(and(...conditions));
  return Number(row?.n ?? 0);
}

/** Won of the member's open withdrawals (applied or waiting), held out of their cash by the ledger. */
export async function heldForWithdrawals(executor: Executor, memberId: number): Promise<number> {
  const [row] = await executor.select({ sum: sql<string>`coalesce(sum(${cashRequests.amount}), 0)::text` }).from(cashRequests)
    .where(and(eq(cashRequests.memberId, memberId), eq(cashRequests.direction, 'out'), inArray(cashRequests.status, [0, 2]),
      sql`${cashRequests.holdTransactionId} is not null`));
  return Number(row?.sum ?? 0);
}

/** Requests approved between `from` and `to` (processed time), per direction: how many and their won. */
export async function approvedCashTotals(executor: Executor, from: Date, to: Date) {
  const rows = await executor.select({
    direction: cashRequests.direction, n: count(), sum: sql<string>`coalesce(sum(${cashRequests.amount}), 0)::text`,
  }).from(cashRequests)
    .where(and(eq(cashRequests.status, 1), gte(cashRequests.processedAt, from), lte(cashRequests.processedAt, to)))
    .groupBy(cashRequests.direction);
  const of = (direction: 'in' | 'out') => {
    const row = rows.find((r) => r.direction === direction);
    return { count: Number(row?.n ?? 0), sum: Number(row?.sum ?? 0) };
  };
  return { deposits: of('in'), withdrawals: of('out') };
}

const OPEN_REQUEST_INDEX = 'cash_requests_one_open_per_direction';

/** The constraint name of a database error (drivers nest it under `cause`), or null. */
function constraintOf(error: unknown): string | null {
  for (let e: unknown = error; e !== null && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return null;
}

/** Inserts a request; a racing open request of the same direction answers `openCode`. */
export async function insertCashRequest(tx: Tx, values: NewCashRequest, openCode: ResultCode): Promise<CashRequestRow | ResultCode> {
  try {
    // A savepoint, so a lost race leaves the caller's transaction usable for its refusal.
    return await tx.transaction(async (inner) => (await inner.insert(cashRequests).values(values).returning())[0]!);
  } catch (error) {
    if (constraintOf(error) === OPEN_REQUEST_INDEX) return openCode;
    throw error;
  }
}

/** Whose request this is (read without a lock: a request never changes owner), or null. */
export async function cashRequestOwner(executor: Executor, id: number): Promise<number | null> {
  const [row] = await executor.select({ memberId: cashRequests.memberId }).from(cashRequests).where(eq(cashRequests.id, id));
  return row?.memberId ?? null;
}

export async function lockCashRequest(tx: Tx, id: number): Promise<CashRequestRow | null> {
  const [row] = await tx.select().from(cashRequests).where(eq(cashRequests.id, id)).for('update');
  return row ?? null;
}

export async function updateCashRequest(tx: Tx, id: number, patch: Partial<NewCashRequest>): Promise<CashRequestRow> {
  const [row] = await tx.update(cashRequests).set(patch).where(eq(cashRequests.id, id)).returning();
  return row!;
}

/** Hides the member's own processed request from their history; null when it is not theirs or still open. */
export async function hideProcessedRequest(executor: Executor, id: number, memberId: number): Promise<CashRequestRow | null> {
  const [row] = await executor.update(cashRequests).set({ hidden: true })
    .where(and(eq(cashRequests.id, id), eq(cashRequests.memberId, memberId), inArray(cashRequests.status, [1, -1])))
    .returning();
  return row ?? null;
}

/** A status rule code ('C501'..'C503') raised by the cash_requests trigger, found in a database error. */
export function cashRuleFromError(error: unknown): ResultCode | null {
  for (let e: unknown = error; e !== null && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const message = (e as { message?: unknown }).message;
    const match = typeof message === 'string' ? /\b(C50[123]):/.exec(message) : null;
    if (match) return match[1] as ResultCode;
  }
  return null;
}

export interface HistoryFilter {
  from: Date;
  to: Date;
  cashType: CashType | '';
  page: number;
}

/** One page of the member's own visible history, newest first, and the total it pages through. */
export async function memberCashPage(executor: Executor, memberId: number, filter: HistoryFilter) {
  const where = and(
    eq(cashRequests.memberId, memberId),
    eq(cashRequests.hidden, false),
    gte(cashRequests.createdAt, filter.from),
    lte(cashRequests.createdAt, filter.to),
    filter.cashType === '' ? undefined : eq(cashRequests.cashType, filter.cashType),
  );
  return historyPage(executor, cashRequests, cashRequests.createdAt, where, filter.page);
}

const OPERATOR_LIST_LIMIT = 500;

/** The operator's list: newest first, by status and type when given, with the member's id. */
export async function operatorCashList(executor: Executor, filter: { status?: CashStatus; type?: CashType }) {
  return executor.select({ request: cashRequests, memId: members.memId }).from(cashRequests)
    .innerJoin(members, eq(members.id, cashRequests.memberId))
    .where(and(
      filter.status === undefined ? undefined : eq(cashRequests.status, filter.status),
      filter.type === undefined ? undefined : eq(cashRequests.cashType, filter.type),
    ))
    .orderBy(desc(cashRequests.createdAt), desc(cashRequests.id))
    .limit(OPERATOR_LIST_LIMIT);
}

export function cashRequestView(row: CashRequestRow): CashRequest {
  return {
    requestId: row.id,
    cashType: row.cashType,
    status: row.status as CashStatus,
    amount: row.amount,
    bonusAmount: row.bonusAmount,
    bonusYn: row.bonusYn === 'Y' ? 'Y' : 'N',
    usdtAmount: row.usdtAmount,
    priceKrw: row.priceKrw,
    address: row.address,
    memo: row.memo,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}
