/**
 * Game money and transfers. Each transfer is one transaction that locks the player's row, so transfers,
 * round openings and out-alls of one player never interleave. A transfer id is unique per operator:
 * a replay answers the first result and moves nothing; the same id with another player, direction or
 * amount is TRANSFER_CONFLICT. Concurrent calls with one id apply once (the loser of the race meets the
 * unique index, rolls back, and answers as a replay).
 */
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { VendorDb, VendorTx } from './db/client';
import { vendorPlayers, vendorRounds, vendorTransfers } from './db/schema';
import { isUniqueViolation, VendorRefusal } from './errors';
import { stampFeed } from './feedSeq';
import type { VendorTransfer } from '../contract/gameProvider';

export type TransferKind = 'in' | 'out' | 'out-all';
type TransferRow = typeof vendorTransfers.$inferSelect;

export function transferOf(row: TransferRow): VendorTransfer {
  return {
    transferId: row.transferId,
    player: row.player,
    direction: row.kind === 'in' ? 'in' : 'out',
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    createdAt: row.createdAt.toISOString(),
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
export async function moveGameMoney(tx: VendorTx, operator: string, player: string, delta: number): Promise<number | null> {
  const rows = await tx.update(vendorPlayers)
    .set({ balance: sql`${vendorPlayers.balance} + ${delta}`, updatedAt: new Date() })
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

export function createWallet(db: VendorDb): Wallet {
  async function apply(request: TransferRequest): Promise<VendorTransfer> {
    const { operator, transferId, player, kind } = request;
    return db.transaction(async (tx) => {
      const balance = await lockPlayer(tx, operator, player);
      const earlier = await findTransfer(tx, operator, transferId);
      if (earlier) return replayOf(earlier, request);
      let amount: number;
      let balanceAfter: number | null;
      if (kind === 'out-all') {
        if (await hasOpenRound(tx, operator, player)) {
          throw new VendorRefusal('ROUND_IN_PROGRESS', 'a round of the player is in progress');
        }
        amount = balance;
        balanceAfter = await moveGameMoney(tx, operator, player, -amount);
      } else {
        amount = request.amount!;
        balanceAfter = await moveGameMoney(tx, operator, player, kind === 'in' ? amount : -amount);
      }
      if (balanceAfter === null) throw new VendorRefusal('INSUFFICIENT_FUNDS', 'the player has less game money than that');
      const [row] = await tx.insert(vendorTransfers)
        .values({ operator, transferId, player, kind, amount, balanceAfter }).returning();
      return transferOf(row!);
    });
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
