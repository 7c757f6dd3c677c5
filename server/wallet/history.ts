/**
 * What every member history list shares (cash requests, point records, coupons, transfers): the date
 * window, by default today in Seoul (SPEC §9), and pages of DEFAULT_PAGE_SIZE from page 1.
 */
import { DEFAULT_PAGE_SIZE } from '../../contract/constants';
import type { PageInfo } from '../../contract/wallet';
import { endOfSeoulDay, parseSeoulDateTime, startOfSeoulDay } from '../clock';
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
