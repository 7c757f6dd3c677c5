/**
 * Game money and transfers. Each transfer is one statement (vendor_transfer) that locks the player's row, so transfers,
 * round openings and out-alls of one player never interleave. A transfer id is unique per operator:
 * a replay answers the first result and moves nothing; the same id with another player, direction or
 * amount is TRANSFER_CONFLICT. Concurrent calls with one id apply once (the loser of the race meets the
 * unique index, rolls back, and answers as a replay).
 */
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { VendorDb, VendorTx } from './db/client';
import { vendorPlayers, vendorRounds, vendorTransfers } from './db/schema';
import { isUniqueViolation, sqlState, VendorRefusal } from './errors';
import { stampFeed } from './feedSeq';
import type { VendorTransfer } from '../contract/gameProvider';

export type TransferKind = 'in' | 'out' | 'out-all';
type TransferRow = Omit<typeof vendorTransfers.$inferSelect, 'operator' | 'feedSeq'>;

export function transferOf(row: TransferRow): VendorTransfer {
  return {
    transferId: row.transferId,
    player: row.player,
    direction: row.kind === 'in' ? 'in' : 'out',
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    createdAt: row.createdAt.toISOString(),
    ...row.rounds === null ? {} : { rounds: row.rounds },
  };
}

/** Makes sure the player's row exists and locks it until the transaction ends; answers the balance. */
export async function lockPlayer(tx: VendorTx, operator: string, player: string): Promise<number> {
  await tx.insert(vendorPlayers).values({ operator, player }).onConflictDoNothing();
  const [row] = await tx.select({ balance: vendorPlayers.balance }).from(vendorPlayers)
    .where(and(eq(vendorPlayers.operator, operator), eq(vendorPlayers.player, player))).for('update');
  return row!.balance;
}

export async function hasOpenRound(tx: VendorTx | VendorDb, operator: string, player: string): Promise<boolean> {
  const rows = await tx.select({ roundId: vendorRounds.roundId }).from(vendorRounds)
    .where(and(eq(vendorRounds.operator, operator), eq(vendorRounds.player, player), eq(vendorRounds.status, 'open'))).limit(1);
  return rows.length > 0;
}

/** Adds (or, negative, takes) game money; answers the new balance, or null when it would go below zero. */
/** Moves the player's game money by `delta` (never below zero: null then); `finished`: a round finished with it, counted. */
export async function moveGameMoney(tx: VendorTx, operator: string, player: string, delta: number, finished = false): Promise<number | null> {
  const rows = await tx.update(vendorPlayers)
    .set({ balance: sql`${vendorPlayers.balance} + ${delta}`, updatedAt: new Date(), ...finished ? { rounds: sql`${vendorPlayers.rounds} + 1` } : {} })
    .where(and(eq(vendorPlayers.operator, operator), eq(vendorPlayers.player, player), sql`${vendorPlayers.balance} + ${delta} >= 0`))
    .returning({ balance: vendorPlayers.balance });
  return rows[0]?.balance ?? null;
}

export interface TransferRequest {
  operator: string;
  transferId: string;
  player: string;
  kind: TransferKind;
  /** Absent for out-all. */
  amount?: number;
}

function sameRequest(row: TransferRow, request: TransferRequest): boolean {
  return row.player === request.player && row.kind === request.kind && (request.kind === 'out-all' || row.amount === request.amount);
}

async function findTransfer(db: VendorDb | VendorTx, operator: string, transferId: string): Promise<TransferRow | null> {
  const [row] = await db.select().from(vendorTransfers)
    .where(and(eq(vendorTransfers.operator, operator), eq(vendorTransfers.transferId, transferId)));
  return row ?? null;
}

function replayOf(row: TransferRow, request: TransferRequest): VendorTransfer {
  if (!sameRequest(row, request)) {
    throw new VendorRefusal('TRANSFER_CONFLICT', `transfer ${request.transferId} was already used for another transfer`);
  }
  return transferOf(row);
}

export interface Wallet {
  transfer(request: TransferRequest): Promise<VendorTransfer>;
  lookup(operator: string, transferId: string): Promise<VendorTransfer>;
  balance(operator: string, player: string): Promise<{ balance: number; inRound: boolean }>;
  transfersFeed(operator: string, after: number | null, limit: number): Promise<{ transfers: VendorTransfer[]; next: string | null }>;
  /**
   * A credit the vendor makes on its own (a promotion or jackpot paid outside any round and any transfer):
   * the player holds more game money than the operator sent. Reached only through the test switch.
   */
  bonus(operator: string, player: string, amount: number): Promise<number>;
}

/** What vendor_transfer answers: the transfer it wrote, or the earlier one with that id. */
interface TransferAnswer {
  r_player: string;
  r_kind: string;
  r_amount: string | number;
  r_balance_after: string | number;
  r_created_ms: number;
  /** The player's finished rounds when the transfer was made (null for one made before they were counted). */
  r_rounds: string | number | null;
}

export function createWallet(db: VendorDb): Wallet {
  /** One statement (vendor_transfer, migrations 0006 and 0007): the player's lock, the replay check, the move and the transfer. */
  async function apply(request: TransferRequest): Promise<VendorTransfer> {
    const { operator, transferId, player, kind } = request;
    let answer: TransferAnswer;
    try {
      const result = await db.execute(sql`select * from vendor_transfer(${operator}, ${transferId}, ${player}, ${kind}, ${request.amount ?? 0})`);
      answer = (result as unknown as { rows: TransferAnswer[] }).rows[0]!;
    } catch (error) {
      const state = sqlState(error);
      if (state === 'VR001') throw new VendorRefusal('INSUFFICIENT_FUNDS', 'the player has less game money than that');
      if (state === 'VR003') throw new VendorRefusal('ROUND_IN_PROGRESS', 'a round of the player is in progress');
      throw error;
    }
    return replayOf({
      transferId, player: answer.r_player, kind: answer.r_kind, amount: Number(answer.r_amount), balanceAfter: Number(answer.r_balance_after),
      createdAt: new Date(answer.r_created_ms), rounds: answer.r_rounds === null ? null : Number(answer.r_rounds),
    }, request);
  }

  return {
    bonus(operator, player, amount) {
      return db.transaction(async (tx) => {
        await lockPlayer(tx, operator, player);
        return (await moveGameMoney(tx, operator, player, amount))!;
      });
    },

    async transfer(request) {
      try {
        return await apply(request);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The same id was applied concurrently (for another player's row): answer as its replay.
        const row = await findTransfer(db, request.operator, request.transferId);
        if (!row) throw error;
        return replayOf(row, request);
      }
    },
    async lookup(operator, transferId) {
      const row = await findTransfer(db, operator, transferId);
      if (!row) throw new VendorRefusal('UNKNOWN_TRANSFER', `no transfer ${transferId}`);
      return transferOf(row);
    },
    async balance(operator, player) {
      const [row] = await db.select({ balance: vendorPlayers.balance }).from(vendorPlayers)
        .where(and(eq(vendorPlayers.operator, operator), eq(vendorPlayers.player, player)));
      return { balance: row?.balance ?? 0, inRound: await hasOpenRound(db, operator, player) };
    },
    async transfersFeed(operator, after, limit) {
      await stampFeed(db, 'transfers');
      const rows = await db.select().from(vendorTransfers)
        .where(and(eq(vendorTransfers.operator, operator), after === null ? isNotNull(vendorTransfers.feedSeq) : gt(vendorTransfers.feedSeq, after)))
        .orderBy(asc(vendorTransfers.feedSeq)).limit(limit);
      const last = rows.at(-1)?.feedSeq ?? after;
      return { transfers: rows.map(transferOf), next: last === null ? null : String(last) };
    },
  };
}
