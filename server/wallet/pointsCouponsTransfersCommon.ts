/**
 * What the points, coupons and transfers services share: the member's standing, amounts the member
 * typed, history windows and pages.
 */
import type { ResultCode } from '../../contract/codes';
import type { PageInfo } from '../../contract/wallet';
import { endOfSeoulDay, parseSeoulDateTime, startOfSeoulDay } from '../clock';
import type { Tx } from '../db/client';
import { Failure } from '../failure';
import type { LiveSession } from '../session/service';
import { requireAmount } from './amounts';
import { lockMember, type MemberRow } from './cashQueries';

/** The member a call is for (a live session has both ids). */
export type MemberRef = Pick<LiveSession, 'memberId' | 'memId'>;

export const HISTORY_PAGE_SIZE = 10;

/** A positive whole amount: `missing` when nothing was sent, `bad` for anything else that is not one. */
export function wholeAmount(value: number | string | undefined, codes: { missing: ResultCode; bad: ResultCode }): number {
  if (value === undefined || value === '') throw new Failure(codes.missing);
  return requireAmount(value, codes.bad);
}

/**
 * Locks the member's row for the rest of the transaction (as every wallet call does) and refuses
 * with U0011 unless the member is active (suspended while logged in).
 */
export async function requireActiveMember(tx: Tx, memberId: number): Promise<MemberRow> {
  const member = await lockMember(tx, memberId);
  if (!member || member.status !== 'active') throw new Failure('U0011');
  return member;
}

export interface HistoryWindow {
  from: Date;
  to: Date;
}

/** The dates asked for (Seoul wall time, both ends inclusive), by default today in Seoul; R003 for a date that does not exist. */
export function historyWindow(startDate: string | undefined, endDate: string | undefined, now: Date): HistoryWindow {
  const from = startDate ? parseSeoulDateTime(startDate) : startOfSeoulDay(now);
  const to = endDate ? parseSeoulDateTime(endDate, true) : endOfSeoulDay(now);
  if (!from || !to || from.getTime() > to.getTime()) throw new Failure('R003');
  return { from, to };
}

export function pageOffset(page: number): number {
  return (page - 1) * HISTORY_PAGE_SIZE;
}

export function pageInfo(page: number, total: number): PageInfo {
  return { page, count_per_list: HISTORY_PAGE_SIZE, tatal_list_count: total };
}
