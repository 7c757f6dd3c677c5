/**
 * Transfer records (SPEC §3 money give/take record), newest first: what a member sent, refused attempts
 * included, and what they received.
 */
import { and, between, eq, or } from 'drizzle-orm';
import type { GiveRecord } from '../../contract/wallet';
import type { Executor } from '../db/client';
import { transfers } from '../db/schema';
import { historyPage, type HistoryWindow } from './history';

type TransferRow = typeof transfers.$inferSelect;
export type NewTransfer = typeof transfers.$inferInsert;

/** A record as `memberId` sees it: a receiver sees the sender and their own cash after, never the sender's. */
function giveRecord(row: TransferRow, memberId: number): GiveRecord {
  const sent = row.fromMemberId === memberId;
  return {
    recordId: row.id,
    direction: sent ? 'sent' : 'received',
    counterpartId: sent ? row.toMemId : row.fromMemId,
    toMemId: row.toMemId,
    amount: row.amount,
    cashAfter: sent ? row.cashAfter : row.toCashAfter ?? 0,
    at: row.at.toISOString(),
    success: row.success ? 'Y' : 'N',
    note: row.note,
    kind: row.kind,
  };
}

export async function insertTransfer(executor: Executor, transfer: NewTransfer): Promise<GiveRecord> {
  const [row] = await executor.insert(transfers).values(transfer).returning();
  return giveRecord(row!, transfer.fromMemberId);
}

export async function listTransfers(executor: Executor, memberId: number, window: HistoryWindow, page: number): Promise<{ list: GiveRecord[]; total: number }> {
  // What the member sent (their own refusals included), what reached them and what a partner moved (gave or took back).
  const mine = or(
    and(eq(transfers.fromMemberId, memberId), or(eq(transfers.kind, 'transfer'), eq(transfers.success, true))),
    and(eq(transfers.toMemberId, memberId), eq(transfers.success, true)),
  );
  const where = and(mine, between(transfers.at, window.from, window.to));
  const { rows, total } = await historyPage(executor, transfers, transfers.at, where, page);
  return { list: rows.map((row) => giveRecord(row, memberId)), total };
}
