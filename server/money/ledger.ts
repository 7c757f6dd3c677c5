/**
 * The ledger: every movement of money or points is one transaction of balanced entries, applied with
 * conditional updates so that no member account goes below zero and no read-then-write race exists.
 * Member cash and points shown anywhere come from here. Postings are made through the money door
 * (door.ts), the only module that calls `postTransaction`; anyone may read balances.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ResultCode } from '../../contract/codes';
import type { Executor } from '../db/client';
import { sqlArray } from '../db/sqlArray';
import { type Currency, ledgerAccounts } from '../db/schema';
import { Failure } from '../failure';

/** An account by name: a member's in a currency, or a house account (the other side of grants and charges). */
export type AccountRef = { memberId: number; currency: Currency } | { house: string; currency: Currency };

export interface EntryInput {
  account: AccountRef;
  /** Signed integer in the account currency's smallest unit. */
  amount: number;
}

export interface PostRequest {
  /** Idempotency key: posting the same request again returns the first result and moves nothing. */
  key: string;
  kind: string;
  entries: EntryInput[];
  /** The code to refuse with when a member account would go below zero (default B6000). */
  insufficientCode?: ResultCode;
}

export interface MemberBalances {
  cashAmt: number;
  pointAmt: number;
}

export interface PostResult {
  transactionId: number;
  /** True when the key had been posted before and this call moved nothing. */
  replayed: boolean;
  /** Cash and points, after the posting, of every member with an entry (keyed by member id). */
  balances: Record<number, MemberBalances>;
}

function assertWellFormed(request: PostRequest): void {
  if (!request.key || request.key.length > 200) throw new Error('ledger: idempotency key must be 1-200 characters');
  if (request.entries.length < 2) throw new Error('ledger: a transaction needs at least two entries');
  const sums = new Map<Currency, number>();
  for (const { account, amount } of request.entries) {
    if (!Number.isSafeInteger(amount) || amount === 0) throw new Error(`ledger: bad amount ${amount}`);
    sums.set(account.currency, (sums.get(account.currency) ?? 0) + amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0) throw new Error(`ledger: ${currency} entries sum to ${sum}, not zero`);
  }
}

const memberOf = (account: AccountRef) => ('memberId' in account ? account.memberId : null);
const houseOf = (account: AccountRef) => ('house' in account ? account.house : null);

type Posted =
  | { outcome: 'posted' | 'replayed'; transactionId: number; balances: Record<number, MemberBalances> }
  | { outcome: 'insufficient' }
  | { outcome: 'conflict' };

/**
 * Posts one balanced transaction in one statement: the database function ledger_post (migration
 * 0005_ledger_post.sql) opens the accounts on first use, refuses before moving any money when a member
 * account would go below zero, writes the transaction and its entries with conditional updates, and
 * leaves the shared house accounts to the commit, so their row locks are held only while it commits.
 * A refusal is a Failure that rolls the caller's transaction back, accounts it opened included. The same key with another request
 * (kind, accounts, amounts) answers C999.
 */
export async function postTransaction(executor: Executor, request: PostRequest): Promise<PostResult> {
  assertWellFormed(request);
  const { entries } = request;
  const result = await executor.execute(sql`select ledger_post(${request.key}, ${request.kind},
    ${sqlArray(entries.map((e) => memberOf(e.account)))}::bigint[], ${sqlArray(entries.map((e) => houseOf(e.account)))}::text[],
    ${sqlArray(entries.map((e) => e.account.currency))}::text[], ${sqlArray(entries.map((e) => e.amount))}::bigint[]) as posted`);
  const posted = (result as unknown as { rows: { posted: Posted }[] }).rows[0]!.posted;
  if (posted.outcome === 'insufficient') throw new Failure(request.insufficientCode ?? 'B6000');
  if (posted.outcome === 'conflict') throw new Failure('C999');
  return { transactionId: posted.transactionId, replayed: posted.outcome === 'replayed', balances: posted.balances };
}

/**
 * Posts many balanced transactions in one statement, each its own keyed ledger transaction, with the results of
 * posting them one by one in the order given: the database function ledger_post_many (migration 0033) does the
 * work set-based, once for the batch. Answers each posting's result in that order; a refusal (the first in order)
 * is a Failure that rolls the caller's transaction back, as postTransaction's, and the function wrote nothing for it.
 */
export async function postTransactions(executor: Executor, requests: readonly PostRequest[]): Promise<PostResult[]> {
  if (requests.length === 0) return [];
  for (const request of requests) assertWellFormed(request);
  const entries = requests.flatMap((request, i) => request.entries.map((e) => ({ i: i + 1, e })));
  const result = await executor.execute(sql`select req, posted from ledger_post_many(
    ${sqlArray(requests.map((r) => r.key))}::text[], ${sqlArray(requests.map((r) => r.kind))}::text[],
    ${sqlArray(entries.map(({ i }) => i))}::int[], ${sqlArray(entries.map(({ e }) => memberOf(e.account)))}::bigint[],
    ${sqlArray(entries.map(({ e }) => houseOf(e.account)))}::text[], ${sqlArray(entries.map(({ e }) => e.account.currency))}::text[],
    ${sqlArray(entries.map(({ e }) => e.amount))}::bigint[])`);
  const rows = (result as unknown as { rows: { req: number | string; posted: Posted }[] }).rows;
  // A refusal is answered alone, for the posting it refused.
  const [first] = rows;
  if (first?.posted.outcome === 'insufficient') throw new Failure(requests[Number(first.req) - 1]!.insufficientCode ?? 'B6000');
  if (first?.posted.outcome === 'conflict') throw new Failure('C999');
  return rows.map(({ posted }) => {
    if (posted.outcome !== 'posted' && posted.outcome !== 'replayed') throw new Error('ledger_post_many: a refusal among its answers');
    return { transactionId: posted.transactionId, replayed: posted.outcome === 'replayed', balances: posted.balances };
  });
}

/** The member's account in a currency, opened on first use. */
export async function memberAccount(executor: Executor, memberId: number, currency: Currency): Promise<number> {
  await executor.insert(ledgerAccounts)
    .values({ memberId, ownerKind: 'member', name: 'member', currency })
    .onConflictDoNothing();
  const [row] = await executor.select({ id: ledgerAccounts.id }).from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.currency, currency)));
  return row!.id;
}

export async function getMemberBalances(executor: Executor, memberId: number): Promise<MemberBalances> {
  const rows = await executor.select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.memberId, memberId), inArray(ledgerAccounts.currency, ['KRW', 'POINT'])));
  const balanceIn = (currency: Currency) => rows.find((r) => r.currency === currency)?.balance ?? 0;
  return { cashAmt: balanceIn('KRW'), pointAmt: balanceIn('POINT') };
}

/** One entry of a member's accounts as the operator's ledger history shows it. */
export interface MemberLedgerEntry {
  entryId: number;
  transactionId: number;
  at: Date;
  kind: string;
  currency: Currency;
  amount: number;
  balanceAfter: number;
}

/**
 * A page of the entries of every account of a member (cash, points, game money, USDT), newest first, within
 * [from, to] of the transactions' time when given, and how many there are. Each entry's balance after is its
 * account's balance less the entries posted to it since (a member account's entries are posted one at a
 * time under its row lock, so their ids are in posting order).
 */
export async function memberLedgerPage(
  executor: Executor, memberId: number, window: { from: Date | null; to: Date | null }, limit: number, offset: number,
): Promise<{ total: number; rows: MemberLedgerEntry[] }> {
  const within = sql.join([
    sql`a.member_id = ${memberId}`,
    ...(window.from ? [sql`t.created_at >= ${window.from.toISOString()}::timestamptz`] : []),
    ...(window.to ? [sql`t.created_at <= ${window.to.toISOString()}::timestamptz`] : []),
  ], sql` and `);
  const counted = await executor.execute(sql`select count(*)::int as n from ledger_entries e
    join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id where ${within}`);
  const total = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  const result = await executor.execute(sql`with after as (
      select e.id, a.balance - coalesce(sum(e.amount) over (partition by e.account_id order by e.id desc
        rows between unbounded preceding and 1 preceding), 0) as balance_after
      from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.member_id = ${memberId})
    select e.id, e.transaction_id, e.currency, e.amount, t.kind, t.created_at, after.balance_after
    from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
      join after on after.id = e.id
    where ${within}
    order by e.id desc limit ${limit} offset ${offset}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    entryId: Number(row.id), transactionId: Number(row.transaction_id), at: new Date(row.created_at as string | Date), kind: String(row.kind),
    currency: row.currency as Currency, amount: Number(row.amount), balanceAfter: Number(row.balance_after),
  }));
  return { total, rows };
}
