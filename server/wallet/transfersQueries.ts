/** Transfer records (SPEC §3 money give/take record): refused attempts included, newest first. */
import { and, between, eq } from 'drizzle-orm';
import type { GiveRecord } from '../../contract/wallet';
import type { Executor } from '../db/client';
import { transfers } from '../db/schema';
import { historyPage, type HistoryWindow } from './history';

type TransferRow = typeof transfers.$inferSelect;
export type NewTransfer = typeof transfers.$inferInsert;

function giveRecord(row: TransferRow): GiveRecord {
  return {
    recordId: row.id,
    toMemId: row.toMemId,
    amount: row.amount,
    cashAfter: row.cashAfter,
    at: row.at.toISOString(),
    success: row.success ? 'Y' : 'N',
    note: row.note,
  };
}

export async function insertTransfer(executor: Executor, transfer: NewTransfer): Promise<GiveRecord> {
  const [row] = await executor.insert(transfers).values(transfer).returning();
  return giveRecord(row!);
}

export async function listTransfers(executor: Executor, memberId: number, window: HistoryWindow, page: number): Promise<{ list: GiveRecord[]; total: number }> {
  const where = and(eq(transfers.fromMemberId, memberId), between(transfers.at, window.from, window.to));
  const { rows, total } = await historyPage(executor, transfers, transfers.at, where, page);
  return { list: rows.map(giveRecord), total };
}
