/**
 * The ledger: every movement of money or points is one transaction of balanced entries, applied with
 * conditional updates so that no member account goes below zero and no read-then-write race exists.
 * Member cash and points shown anywhere come from here.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ResultCode } from '../../contract/codes';
import type { Executor } from '../db/client';
import { type Currency, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema';
import { Failure } from '../failure';

export interface EntryInput {
  accountId: number;
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

export interface PostResult {
  transactionId: number;
  /** True when the key had been posted before and this call moved nothing. */
  replayed: boolean;
}

function assertWellFormed(request: PostRequest): void {
  if (!request.key || request.key.length > 200) throw new Error('ledger: idempotency key must be 1-200 characters');
  if (request.entries.length < 2) throw new Error('ledger: a transaction needs at least two entries');
  for (const entry of request.entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) throw new Error(`ledger: bad amount ${entry.amount}`);
  }
}

function requestHash(request: PostRequest): string {
  const canonical = JSON.stringify({ kind: request.kind, entries: request.entries.map((e) => [e.accountId, e.amount]) });
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * Posts one balanced transaction. Runs in a savepoint of the caller's transaction (or its own
 * transaction), so a refusal undoes everything this call wrote.
 */
export async function postTransaction(executor: Executor, request: PostRequest): Promise<PostResult> {
  assertWellFormed(request);
  const hash = requestHash(request);
  return executor.transaction(async (tx) => {
    const inserted = await tx.insert(ledgerTransactions)
      .values({ idempotencyKey: request.key, kind: request.kind, requestHash: hash })
      .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
      .returning({ id: ledgerTransactions.id });
    if (inserted.length === 0) {
      const [first] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, request.key));
      if (!first || first.requestHash !== hash) throw new Failure('C999');
      return { transactionId: first.id, replayed: true };
    }
    const transactionId = inserted[0]!.id;

    const accountIds = [...new Set(request.entries.map((e) => e.accountId))];
    const accounts = await tx.select({ id: ledgerAccounts.id, currency: ledgerAccounts.currency })
      .from(ledgerAccounts).where(inArray(ledgerAccounts.id, accountIds));
    const currencyOf = new Map(accounts.map((a) => [a.id, a.currency]));
    const sums = new Map<Currency, number>();
    for (const entry of request.entries) {
      const currency = currencyOf.get(entry.accountId);
      if (!currency) throw new Error(`ledger: unknown account ${entry.accountId}`);
      sums.set(currency, (sums.get(currency) ?? 0) + entry.amount);
    }
    for (const [currency, sum] of sums) {
      if (sum !== 0) throw new Error(`ledger: ${currency} entries sum to ${sum}, not zero`);
    }

    // A fixed order (by account id) keeps concurrent transactions from deadlocking each other.
    const ordered = [...request.entries].sort((a, b) => a.accountId - b.accountId);
    for (const entry of ordered) {
      const updated = await tx.update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${entry.amount}` })
        .where(and(
          eq(ledgerAccounts.id, entry.accountId),
          sql`(${ledgerAccounts.ownerKind} = 'house' or ${ledgerAccounts.balance} + ${entry.amount} >= 0)`,
        ))
        .returning({ id: ledgerAccounts.id });
      if (updated.length === 0) throw new Failure(request.insufficientCode ?? 'B6000');
    }
    await tx.insert(ledgerEntries).values(request.entries.map((e) => ({
      transactionId, accountId: e.accountId, currency: currencyOf.get(e.accountId)!, amount: e.amount,
    })));
    return { transactionId, replayed: false };
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

/** A house account (the other side of grants and charges) by name, opened on first use. */
export async function houseAccount(executor: Executor, name: string, currency: Currency): Promise<number> {
  await executor.insert(ledgerAccounts)
    .values({ ownerKind: 'house', name, currency })
    .onConflictDoNothing();
  const [row] = await executor.select({ id: ledgerAccounts.id }).from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerKind, 'house'), eq(ledgerAccounts.name, name), eq(ledgerAccounts.currency, currency)));
  return row!.id;
}

export interface MemberBalances {
  cashAmt: number;
  pointAmt: number;
}

export async function getMemberBalances(executor: Executor, memberId: number): Promise<MemberBalances> {
  const rows = await executor.select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.memberId, memberId), inArray(ledgerAccounts.currency, ['KRW', 'POINT'])));
  const balanceIn = (currency: Currency) => rows.find((r) => r.currency === currency)?.balance ?? 0;
  return { cashAmt: balanceIn('KRW'), pointAmt: balanceIn('POINT') };
}
