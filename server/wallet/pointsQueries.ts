/** Point record rows: written next to the ledger transaction that moved the points, listed newest first. */
import { and, between, eq } from 'drizzle-orm';
import type { PointRecord } from '../../contract/wallet';
import type { Executor } from '../db/client';
import type { DatabaseCall } from '../money/door';
import { pointRecords } from '../db/schema';
import { historyPage, type HistoryWindow } from './history';

export type NewPointRecord = typeof pointRecords.$inferInsert;

export async function insertPointRecord(executor: Executor, record: NewPointRecord): Promise<number> {
  const [row] = await executor.insert(pointRecords).values(record).returning({ id: pointRecords.id });
  return row!.id;
}

export async function setPointRecordTransaction(executor: Executor, recordId: number, transactionId: number): Promise<void> {
  await executor.update(pointRecords).set({ transactionId }).where(eq(pointRecords.id, recordId));
}

export async function listPointRecords(executor: Executor, memberId: number, window: HistoryWindow, page: number): Promise<{ list: PointRecord[]; total: number }> {
  const where = and(eq(pointRecords.memberId, memberId), between(pointRecords.at, window.from, window.to));
  const { rows, total } = await historyPage(executor, pointRecords, pointRecords.at, where, page);
  return {
    list: rows.map((row) => ({
      recordId: row.id,
      accruedAt: row.at.toISOString(),
      kind: row.kind,
      percent: row.percent,
      bonusPercent: row.bonusPercent,
      accruedPoints: row.accruedPoints,
      useClass: row.useClass,
      appliedPoints: row.appliedPoints,
    })),
    total,
  };
}

/**
 * A whole point conversion in one statement (migration 0011_ledger_post_v2.sql), through the money door:
 * the key, the member lock, the rules (U0011, P009, P004, P002), the ledger posting, the point record and
 * the key's answer. Its own parameters: the amount and the locale's minimum.
 */
export const POINT_CONVERT: DatabaseCall = {
  call: 'pointConvert',
  name: 'point_convert',
  text: 'select point_convert($1::bigint, $2::text, $3::text, $5::bigint, $6::bigint, $4::timestamptz) as result',
};
