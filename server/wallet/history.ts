/**
 * What every member history list shares (cash requests, point records, coupons, transfers): the date
 * window, by default today in Seoul (SPEC §9), and pages of DEFAULT_PAGE_SIZE from page 1.
 */
import { count, desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DEFAULT_PAGE_SIZE } from '../../contract/constants';
import type { PageInfo } from '../../contract/wallet';
import { endOfSeoulDay, parseSeoulDateTime, startOfSeoulDay } from '../clock';
import type { Executor } from '../db/client';
import { Failure } from '../failure';

export interface HistoryWindow {
  from: Date;
  to: Date;
}

/** The dates asked for (Seoul wall time, both ends inclusive), by default today in Seoul; R003 for a date that does not exist or a reversed range. */
export function historyWindow(startDate: string | undefined, endDate: string | undefined, now: Date): HistoryWindow {
  const from = startDate ? parseSeoulDateTime(startDate) : startOfSeoulDay(now);
  const to = endDate ? parseSeoulDateTime(endDate, true) : endOfSeoulDay(now);
  if (!from || !to || from.getTime() > to.getTime()) throw new Failure('R003');
  return { from, to };
}

export const HISTORY_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export function pageOffset(page: number): number {
  return (page - 1) * HISTORY_PAGE_SIZE;
}

export function pageInfo(page: number, total: number): PageInfo {
  return { page, count_per_list: HISTORY_PAGE_SIZE, tatal_list_count: total };
}

/** One page of a history table's rows matching `where`, newest `at` first (then newest id), and the total it pages through. */
export async function historyPage<TTable extends PgTable & { id: PgColumn }>(
  executor: Executor,
  table: TTable,
  at: PgColumn,
  where: SQL | undefined,
  page: number,
): Promise<{ rows: TTable['$inferSelect'][]; total: number }> {
  const [counted] = await executor.select({ n: count() }).from(table as PgTable).where(where);
  const rows = await executor.select().from(table as PgTable).where(where)
    .orderBy(desc(at), desc(table.id))
    .limit(HISTORY_PAGE_SIZE).offset(pageOffset(page));
  return { rows: rows as TTable['$inferSelect'][], total: Number(counted?.n ?? 0) };
}
