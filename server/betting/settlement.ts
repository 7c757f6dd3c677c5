/**
 * Settlement, shared by every product that takes bets: the games' rounds (finished at the vendor when
 * the rounds feed brings them), the mini games' rounds (stake taken at the bet, paid at the draw) and,
 * next, the sportsbook's bets. Whatever the product, a settlement
 * - writes each bet's result on its betting-history row (`bets`: type, win, settled time, the product's
 *   outcome), the only rows the bet list, win/lose and partner totals read;
 * - moves its money through the money door in the same transaction, once: one balanced posting per
 *   settlement key (a round; a bet's revision), so a replay or a racing settler pays nothing twice;
 * - answers the members it paid with their balances after, for CASH once the transaction commits.
 * The product keeps what only it knows: how a bet is judged, its own tables and its per-bet claims.
 */
import { sql } from 'drizzle-orm';
import type { BetType } from '../../contract/betting';
import { bets } from '../db/schema';
import { sqlArray } from '../db/sqlArray';
import type { Movement } from '../money/door';
import type { EntryInput, MemberBalances, PostRequest } from '../money/ledger';

/** A bet that finished at the product before the site heard of it (a vendor's round): its whole history row. */
export type FinishedBet = typeof bets.$inferInsert;

/**
 * Records finished bets and posts their money (`posting`, null when a bet moves none), once: a history row is
 * unique by its source, so a replayed feed page writes and moves nothing. The rows are one statement and the
 * postings another (the door's postEach: each its own keyed ledger transaction, in the order given). `written`
 * sees the bets whose rows are new, in the same transaction, before any ledger account is locked. Answers how
 * many were new.
 */
export async function settleFinishedBets(move: Movement, finished: readonly { bet: FinishedBet; posting: PostRequest | null }[],
  written?: (fresh: FinishedBet[]) => Promise<void>): Promise<number> {
  if (finished.length === 0) return 0;
  const inserted = await move.tx.insert(bets).values(finished.map((f) => f.bet)).onConflictDoNothing().returning({ sourceRef: bets.sourceRef });
  const fresh = new Set(inserted.map((row) => row.sourceRef));
  if (written && fresh.size > 0) await written(finished.filter((f) => fresh.has(f.bet.sourceRef)).map((f) => f.bet));
  await move.postEach(finished.flatMap((f) => (f.posting !== null && fresh.has(f.bet.sourceRef) ? [f.posting] : [])));
  return fresh.size;
}

/** A waiting bet's result: its history row (by source), its member, and what it pays (0 for a loss). */
export interface BetSettlement {
  sourceRef: string;
  memberId: number;
  memId: string;
  type: Exclude<BetType, 'wait'>;
  win: number;
}

export interface WaitingSettlement {
  /** The posting's key: one payout per key, ever (a round's settlement, a bet's revision). */
  key: string;
  kind: string;
  /** The product's house account (won), on the other side of every stake and payout. */
  house: string;
  bets: BetSettlement[];
  /** The product's outcome, kept in each history row's detail. */
  outcome: unknown;
  /** The fairness proof's server seed, revealed now (null: none yet). */
  revealedSeed: string | null;
}

export interface PaidMember {
  memberId: number;
  memId: string;
  balances: MemberBalances;
}

/**
 * Settles bets whose stakes were taken when they were placed: pays what they win (per member, in one
 * posting keyed by the settlement) and writes their history rows. The caller claims each bet first, so
 * `bets` holds only bets that this settlement decides.
 */
export async function settleWaitingBets(move: Movement, settlement: WaitingSettlement): Promise<{ transactionId: number | null; paid: PaidMember[] }> {
  const perMember = new Map<number, { memId: string; amount: number }>();
  for (const bet of settlement.bets) {
    if (bet.win === 0) continue;
    const member = perMember.get(bet.memberId) ?? { memId: bet.memId, amount: 0 };
    member.amount += bet.win;
    perMember.set(bet.memberId, member);
  }
  let transactionId: number | null = null;
  const paid: PaidMember[] = [];
  if (perMember.size > 0) {
    const total = [...perMember.values()].reduce((sum, m) => sum + m.amount, 0);
    const entries: EntryInput[] = [...perMember].map(([memberId, m]) => ({ account: { memberId, currency: 'KRW' }, amount: m.amount }));
    entries.push({ account: { house: settlement.house, currency: 'KRW' }, amount: -total });
    const posted = await move.post({ key: settlement.key, kind: settlement.kind, entries });
    transactionId = posted.transactionId;
    for (const [memberId, m] of perMember) paid.push({ memberId, memId: m.memId, balances: posted.balances[memberId]! });
  }
  await recordResults(move, settlement);
  return { transactionId, paid };
}

/** Each bet's history row: its type, win, settled time, the outcome, and the revealed seed in its proof. */
async function recordResults(move: Movement, settlement: WaitingSettlement): Promise<void> {
  if (settlement.bets.length === 0) return;
  const refs = sqlArray(settlement.bets.map((b) => b.sourceRef));
  const types = sqlArray(settlement.bets.map((b) => b.type));
  const wins = sqlArray(settlement.bets.map((b) => b.win));
  await move.tx.execute(sql`update bets h set type = u.type, win = u.win, settled_at = ${move.now.toISOString()}::timestamptz,
      detail = jsonb_set(h.detail || jsonb_build_object('outcome', ${JSON.stringify(settlement.outcome)}::jsonb), '{proof,serverSeed}',
        coalesce(to_jsonb(${settlement.revealedSeed}::text), 'null'::jsonb))
    from unnest(${refs}::text[], ${types}::text[], ${wins}::bigint[]) as u(ref, type, win) where h.source_ref = u.ref and h.type = 'wait'`);
}

/**
 * One revision of one bet's settlement (a product whose results can be corrected: a sports bet's result
 * revision), in the caller's transaction: the new payout, the reversal of what the previous revision paid,
 * and the history row's new result, together. The reversal takes back what the member's balance (after the
 * new payout) covers and answers the rest as owed: a member is never taken below zero, the product records
 * the debt. A product that keeps debts (`debts`) has the new payout pay them down, oldest first: the
 * collection's entries (member to house) are in the payout's own ledger transaction, so a payout and what
 * it collected commit together, once. Keyed by the revision (`key`), so a replay moves nothing twice.
 */
export interface BetRevision {
  /** The revision's key (the product's bet and revision). */
  key: string;
  kind: string;
  house: string;
  sourceRef: string;
  memberId: number;
  type: Exclude<BetType, 'wait'>;
  win: number;
  /** What the revision before paid (0 at the first). */
  previousWin: number;
  /** Merged into the history row's detail (the product's outcome). */
  detail: Record<string, unknown>;
}

/** A product's record of what members owe it (a claw-back they could not cover), paid down by later payouts. */
export interface DebtBook {
  /** What the member owes now; read under the member's lock. */
  outstanding(move: Movement, memberId: number): Promise<number>;
  /** Records `amount` of the member's debts paid by the ledger transaction `transactionId` (oldest first). */
  collect(move: Movement, memberId: number, amount: number, transactionId: number): Promise<void>;
}

export interface RevisionPosted {
  reversed: number;
  owed: number;
  /** What the payout paid of the member's older debts. */
  collected: number;
  /** The member's balances after, when money moved. */
  balances: MemberBalances | null;
}

async function memberCash(move: Movement, memberId: number): Promise<number> {
  const result = await move.tx.execute(sql`select coalesce(sum(balance), 0)::text as balance from ledger_accounts
    where owner_kind = 'member' and member_id = ${memberId} and currency = 'KRW'`);
  return Number((result as unknown as { rows: { balance: string }[] }).rows[0]?.balance ?? 0);
}

export async function settleBetRevision(move: Movement, revision: BetRevision, debts?: DebtBook): Promise<RevisionPosted> {
  const member = { memberId: revision.memberId, currency: 'KRW' as const };
  const house = { house: revision.house, currency: 'KRW' as const };
  let balances: MemberBalances | null = null;
  let reversed = 0;
  let collected = 0;
  const collecting = debts !== undefined && revision.win > 0;
  if (revision.previousWin > 0 || collecting) {
    // The member's lock (taken by every call that spends) keeps the balance and the debts read here until the commit.
    await move.tx.execute(sql`select id from members where id = ${revision.memberId} for no key update`);
    const balance = await memberCash(move, revision.memberId);
    // The bet's own claw-back first, then older debts, from what is left of this payout.
    reversed = Math.min(balance + revision.win, revision.previousWin);
    if (collecting) collected = Math.min(await debts.outstanding(move, revision.memberId), revision.win, balance + revision.win - reversed);
  }
  if (revision.win > 0) {
    const entries = [{ account: member, amount: revision.win }, { account: house, amount: -revision.win }];
    if (collected > 0) entries.push({ account: member, amount: -collected }, { account: house, amount: collected });
    const posted = await move.post({ key: `${revision.key}:pay`, kind: revision.kind, entries });
    balances = posted.balances[revision.memberId] ?? null;
    if (collected > 0) await debts!.collect(move, revision.memberId, collected, posted.transactionId);
  }
  if (reversed > 0) {
    const posted = await move.post({
      key: `${revision.key}:reverse`, kind: `${revision.kind}.reversal`,
      entries: [{ account: member, amount: -reversed }, { account: house, amount: reversed }],
    });
    balances = posted.balances[revision.memberId] ?? null;
  }
  await move.tx.execute(sql`update bets set type = ${revision.type}, win = ${revision.win}, settled_at = ${move.now.toISOString()}::timestamptz,
    detail = detail || ${JSON.stringify(revision.detail)}::jsonb where source_ref = ${revision.sourceRef}`);
  return { reversed, owed: revision.previousWin - reversed, collected, balances };
}

/**
 * The first revisions of many bets at once (settleBetRevision's for each, when nothing was paid before and the
 * members owe the product nothing): each payout its own ledger transaction under its revision's key, all sent in
 * one statement; the history rows written by one `unnest`. The caller holds the bets, the winners' member locks
 * (and so knows they owe nothing). Answers the balances after of each member paid.
 */
export async function settleFirstRevisions(move: Movement, revisions: readonly BetRevision[]): Promise<Map<number, MemberBalances>> {
  const paid = new Map<number, MemberBalances>();
  if (revisions.some((r) => r.previousWin !== 0)) throw new Error('settleFirstRevisions: a revision that reverses a payout');
  const winners = revisions.filter((r) => r.win > 0);
  const posted = await move.postEach(winners.map((r) => ({
    key: `${r.key}:pay`, kind: r.kind,
    entries: [{ account: { memberId: r.memberId, currency: 'KRW' as const }, amount: r.win }, { account: { house: r.house, currency: 'KRW' as const }, amount: -r.win }],
  })));
  winners.forEach((r, i) => {
    const balances = posted[i]!.balances[r.memberId];
    if (balances) paid.set(r.memberId, balances);
  });
  if (revisions.length > 0) {
    await move.tx.execute(sql`update bets h set type = u.type, win = u.win, settled_at = ${move.now.toISOString()}::timestamptz, detail = h.detail || u.detail
      from unnest(${sqlArray(revisions.map((r) => r.sourceRef))}::text[], ${sqlArray(revisions.map((r) => r.type))}::text[],
        ${sqlArray(revisions.map((r) => r.win))}::bigint[], ${sqlArray(revisions.map((r) => JSON.stringify(r.detail)))}::jsonb[]) as u(ref, type, win, detail)
      where h.source_ref = u.ref`);
  }
  return paid;
}
