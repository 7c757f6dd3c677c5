/**
 * Game money in the ledger. A member's money at the vendor is their GAME ledger account; the KRW house
 * account 'game:float' holds the won that backs it, so each currency balances on its own:
 *   transfer in a:   KRW member -a, game:float +a;   GAME member +a, game:issued -a
 *   transfer out A:  the reverse with the vendor's amount
 *   a round (win-bet = d):  GAME member +d, game:issued -d;  KRW game:float +d, game:result -d
 * so at every moment sum(member GAME) = game:float (KRW) = -game:issued (GAME), and every won is in
 * exactly one place: integrated money, game money, or a house account (game:result is the house's win).
 *
 * Every posting goes through the money door (money/door.ts), keyed by the transfer or round it moves.
 * Every transfer is a game_transfers row written (pending) before its vendor call, never inside a
 * transaction held across the call (the mounted vendor shares the database). A transfer in is posted
 * when it is written (the money leaves integrated money at once; a definite refusal reverses it); a
 * transfer out is posted when the vendor answers, once the rounds feed has brought in every round of the
 * player the vendor counted with its answer (else after the feed has caught up), so the GAME account holds the
 * rounds the out-all paid out. A pending transfer is settled by looking its id up,
 * by the member's next call and by the job. A launch's transaction (with its transfer in), a merge's opening and an
 * out-all's posting are database functions (game_launch_begin, game_merge_begin, game_out_apply; migrations 0034, 0035)
 * called through the money door: one statement each on the members' hottest path after the spin.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ResultCode } from '../../contract/codes';
import type { Db, Executor } from '../db/client';
import { gameTransfers, ledgerAccounts } from '../db/schema';
import { Failure } from '../failure';
import { type DatabaseStatement, type Movement, moneyDoor } from '../money/door';
import type { MemberBalances, PostRequest } from '../money/ledger';
import type { VendorLaunch, VendorSession, VendorTransfer } from '../../contract/gameProvider';
import { type AppliedTransfer, type GameAdapter, playerOf, type TransferRequest, VendorRefused, VendorUnreachable } from './adapter';

export type TransferRow = typeof gameTransfers.$inferSelect;

/**
 * The games' house accounts and the prefixes of the ledger keys of a transfer's postings (followed by its id). The
 * database functions take them as p_ledger (migration 0035), so each name is written here alone.
 */
export const GAME_LEDGER = {
  float: 'game:float', issued: 'game:issued', result: 'game:result', held: 'game:held', vendorExtra: 'game:vendor-extra',
  inKey: 'game:in:', outKey: 'game:out:', heldCreditKey: 'game:held-credit:',
} as const;
/** GAME_LEDGER as the database functions take it. */
export const GAME_LEDGER_JSON = JSON.stringify(GAME_LEDGER);

/** Refusals after which the same request can never apply (a repeat gets the same answer). */
const FINAL_REFUSALS: Record<string, ResultCode> = {
  ROUND_IN_PROGRESS: 'C009', INSUFFICIENT_FUNDS: '2000', BAD_REQUEST: '2000', TRANSFER_CONFLICT: '2000',
};

export const newTransferId = (direction: 'in' | 'out'): string => `g${direction}-${randomUUID().replaceAll('-', '')}`;

export async function gameBalance(executor: Executor, memberId: number): Promise<number> {
  const [row] = await executor.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.currency, 'GAME')));
  return row?.balance ?? 0;
}

/** The member's pending transfer (at most one), as a condition on game_transfers. */
export const pendingOf = (memberId: number) => and(eq(gameTransfers.memberId, memberId), eq(gameTransfers.state, 'pending'));

export async function pendingTransfer(executor: Executor, memberId: number): Promise<TransferRow | null> {
  const [row] = await executor.select().from(gameTransfers).where(pendingOf(memberId));
  return row ?? null;
}

function inEntries(memberId: number, amount: number) {
  return [
    { account: { memberId, currency: 'KRW' as const }, amount: -amount },
    { account: { house: GAME_LEDGER.float, currency: 'KRW' as const }, amount },
    { account: { memberId, currency: 'GAME' as const }, amount },
    { account: { house: GAME_LEDGER.issued, currency: 'GAME' as const }, amount: -amount },
  ];
}
const negate = (entries: ReturnType<typeof inEntries>) => entries.map((e) => ({ ...e, amount: -e.amount }));

/*
 * A transfer is written with its first attempt counted: `send` follows its commit (as `resolve` counts each
 * attempt before its call).
 */

/** A transfer row as the games' database functions answer it (game_transfer_json): its times in ISO 8601. */
export type TransferJson = Omit<TransferRow, 'createdAt' | 'resolvedAt'> & { createdAt: string; resolvedAt: string | null };

export function transferRow(json: TransferJson): TransferRow {
  return { ...json, createdAt: new Date(json.createdAt), resolvedAt: json.resolvedAt === null ? null : new Date(json.resolvedAt) };
}

/** A round's money (d = win - bet), idempotent by round id; null when it moves none. */
export function roundPosting(memberId: number, roundId: string, bet: number, win: number): PostRequest | null {
  const d = win - bet;
  if (d === 0) return null;
  return {
    key: `game:round:${roundId}`, kind: 'game-round', entries: [
      { account: { memberId, currency: 'GAME' }, amount: d },
      { account: { house: GAME_LEDGER.issued, currency: 'GAME' }, amount: -d },
      { account: { house: GAME_LEDGER.float, currency: 'KRW' }, amount: d },
      { account: { house: GAME_LEDGER.result, currency: 'KRW' }, amount: -d },
    ],
  };
}

/** Vendor money held after an out-all (game_out_apply) that the operator has not credited yet. */
export interface HeldExcess {
  transferId: string;
  memberId: number;
  amount: number;
}

/** The held excesses still waiting, or the one of `transferId`. */
export async function heldExcesses(executor: Executor, transferId?: string): Promise<HeldExcess[]> {
  const result = await executor.execute(sql`
    select g.transfer_id as "transferId", g.member_id as "memberId", e.amount::bigint as amount
    from game_transfers g
    join ledger_transactions t on t.idempotency_key = ${GAME_LEDGER.outKey} || g.transfer_id
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id and a.owner_kind = 'house' and a.name = ${GAME_LEDGER.held}
    where e.amount > 0 ${transferId === undefined ? sql`` : sql`and g.transfer_id = ${transferId}`}
      and not exists (select 1 from ledger_transactions c where c.idempotency_key = ${GAME_LEDGER.heldCreditKey} || g.transfer_id)
    order by t.id`);
  return (result as unknown as { rows: HeldExcess[] }).rows.map((r) => ({ ...r, memberId: Number(r.memberId), amount: Number(r.amount) }));
}

/** The operator's decision on a held excess: it goes to the member's integrated money (R404 if none waits). */
export async function creditHeldExcess(move: Movement, transferId: string): Promise<HeldExcess> {
  const { tx } = move;
  // The transfer's row lock: of two operators crediting at once, the second finds it credited.
  await tx.select({ transferId: gameTransfers.transferId }).from(gameTransfers).where(eq(gameTransfers.transferId, transferId)).for('update');
  const [held] = await heldExcesses(tx, transferId);
  if (!held) throw new Failure('R404');
  await move.post({
    key: `${GAME_LEDGER.heldCreditKey}${transferId}`, kind: 'game-held-credit', entries: [
      { account: { house: GAME_LEDGER.held, currency: 'KRW' }, amount: -held.amount },
      { account: { memberId: held.memberId, currency: 'KRW' }, amount: held.amount },
    ],
  });
  return held;
}

export interface Settler {
  /** Brings the rounds feed up to now (the posting of an out-all needs the rounds it paid out). */
  catchUpRounds(): Promise<void>;
}

/**
 * What an out-all this call applied left, as of its commit: the member's cash and points, their game money, and
 * how much of the vendor's amount reached their money (the rest is held for the operator).
 */
export interface OutLeft {
  balances: MemberBalances;
  gameMoney: number;
  merged: number;
}

/** `left`: an out-all applied by this call (not by another that got there first); `session`: the game a transfer in opened. */
export type Settled =
  | { state: 'applied'; row: TransferRow; left?: OutLeft; session?: VendorSession }
  | { state: 'failed'; row: TransferRow; code: ResultCode }
  | { state: 'pending'; row: TransferRow };

/** An out-all the vendor answered, applied: the member's game closed, the money posted, the transfer applied (0034). */
const GAME_OUT_APPLY: DatabaseStatement = {
  name: 'game_out_apply', text: 'select game_out_apply($1::text, $2::bigint, $3::timestamptz, $4::bigint, $5::jsonb) as result',
};

export function createGameMoney(deps: { db: Db; adapter: GameAdapter; settler: Settler; now: () => Date }) {
  const { db, adapter, settler, now } = deps;
  const money = moneyDoor(db, { now });

  /**
   * Applies a transfer the vendor answered: an out-all in one statement (game_out_apply), null when `rounds` (the
   * vendor's count of the player's finished rounds) is not what the feed has brought in; a transfer in here.
   */
  async function markApplied(row: TransferRow, vendor: VendorTransfer, rounds: number | null): Promise<{ row: TransferRow; left?: OutLeft } | null> {
    if (row.direction === 'out') {
      const applied = await money.inDatabase<{ behind: true } | { row: TransferJson | null; left?: OutLeft }>(GAME_OUT_APPLY,
        [row.transferId, vendor.amount, now().toISOString(), rounds, GAME_LEDGER_JSON]);
      if ('behind' in applied) return null;
      return { row: applied.row ? transferRow(applied.row) : row, ...applied.left ? { left: applied.left } : {} };
    }
    const applied = { state: 'applied' as const, amount: vendor.amount, failCode: null };
    // A pending transfer in was posted when written: applying it is its row's conditional update alone.
    const [updated] = await db.update(gameTransfers).set({ ...applied, resolvedAt: now() })
      .where(and(eq(gameTransfers.transferId, row.transferId), eq(gameTransfers.state, 'pending'))).returning();
    if (updated) return { row: updated };
    return db.transaction(async (tx) => {
      const move = money.within(tx);
      const [current] = await tx.select().from(gameTransfers).where(eq(gameTransfers.transferId, row.transferId)).for('update');
      if (!current || current.state === 'applied') return { row: current ?? row };
      if (current.state === 'failed') {
        // Refused before, applied after all (a delayed request): the money moves again, once, by its own key.
        await move.post({ key: `game:in-late:${row.transferId}`, kind: 'game-in', entries: inEntries(row.memberId, vendor.amount) });
      }
      const [late] = await tx.update(gameTransfers).set({ ...applied, resolvedAt: move.now })
        .where(eq(gameTransfers.transferId, row.transferId)).returning();
      return { row: late! };
    });
  }

  async function markFailed(row: TransferRow, code: ResultCode): Promise<TransferRow> {
    return db.transaction(async (tx) => {
      const move = money.within(tx);
      const [updated] = await tx.update(gameTransfers).set({ state: 'failed', failCode: code, resolvedAt: move.now })
        .where(and(eq(gameTransfers.transferId, row.transferId), eq(gameTransfers.state, 'pending'))).returning();
      if (!updated) {
        const [current] = await tx.select().from(gameTransfers).where(eq(gameTransfers.transferId, row.transferId));
        return current!;
      }
      if (row.direction === 'in' && row.amount) {
        await move.post({ key: `game:in-void:${row.transferId}`, kind: 'game-in-void', entries: negate(inEntries(row.memberId, row.amount)) });
      }
      return updated;
    });
  }

  /**
   * Settles a transfer from the vendor's answer. An out-all needs the rounds it paid out in the member's game money: it
   * applies at once when the feed has brought in as many of the player's rounds as the vendor counted, else after the
   * feed has caught up.
   */
  async function settleApplied(row: TransferRow, vendor: AppliedTransfer): Promise<Settled> {
    try {
      if (row.direction === 'in') return { state: 'applied', ...(await markApplied(row, vendor, null))!, ...vendor.session ? { session: vendor.session } : {} };
      if (vendor.rounds !== undefined) {
        const applied = await markApplied(row, vendor, vendor.rounds);
        if (applied) return { state: 'applied', ...applied };
      }
      try {
        await settler.catchUpRounds();
      } catch {
        return { state: 'pending', row };
      }
      return { state: 'applied', ...(await markApplied(row, vendor, null))! };
    } catch (error) {
      // B6000: the GAME account does not yet hold what the vendor paid out (rounds not posted): stays pending.
      if (error instanceof Failure && error.code === 'B6000') return { state: 'pending', row };
      throw error;
    }
  }

  async function settleRefusal(row: TransferRow, error: unknown): Promise<Settled> {
    if (error instanceof VendorRefused && FINAL_REFUSALS[error.code]) {
      const code = FINAL_REFUSALS[error.code]!;
      const failed = await markFailed(row, code);
      if (failed.state === 'applied') return { state: 'applied', row: failed };
      return { state: 'failed', row: failed, code: (failed.failCode as ResultCode | null) ?? code };
    }
    if (error instanceof VendorUnreachable || error instanceof VendorRefused) return { state: 'pending', row };
    throw error;
  }

  function request(row: TransferRow, launch?: VendorLaunch): TransferRequest {
    return row.direction === 'in'
      ? { transferId: row.transferId, player: playerOf(row.memberId), direction: 'in', amount: row.amount ?? 0, ...launch ? { launch } : {} }
      : { transferId: row.transferId, player: playerOf(row.memberId), direction: 'out-all' };
  }

  async function bumpAttempts(row: TransferRow) {
    await db.update(gameTransfers).set({ attempts: sql`${gameTransfers.attempts} + 1` }).where(eq(gameTransfers.transferId, row.transferId));
  }

  return {
    /**
     * Sends a freshly written transfer (its attempt counted when written) and settles it by the answer; a transfer in
     * with `launch` asks the vendor to open that game for the member with it.
     */
    async send(row: TransferRow, launch?: VendorLaunch): Promise<Settled> {
      let vendor: AppliedTransfer;
      try {
        vendor = await adapter.transfer(request(row, launch));
      } catch (error) {
        return settleRefusal(row, error);
      }
      return settleApplied(row, vendor);
    },

    /** Settles a pending transfer whose answer was lost: look-up first, then the same request again. */
    async resolve(row: TransferRow): Promise<Settled> {
      if (row.state !== 'pending') return row.state === 'applied' ? { state: 'applied', row } : { state: 'failed', row, code: (row.failCode ?? '2000') as ResultCode };
      await bumpAttempts(row);
      let vendor: VendorTransfer | null;
      try {
        vendor = await adapter.lookup(row.transferId) ?? await adapter.transfer(request(row));
      } catch (error) {
        return settleRefusal(row, error);
      }
      return settleApplied(row, vendor);
    },

    /** A transfer the site marked failed that the vendor applied after all (reconciliation's repair). */
    async applyLate(row: TransferRow, vendor: VendorTransfer): Promise<Settled> {
      return settleApplied(row, vendor);
    },
  };
}

export type GameMoney = ReturnType<typeof createGameMoney>;
