/**
 * What the points, coupons and transfers services share: the member's standing and amounts the member
 * typed (history windows and pages are in history.ts).
 */
import type { ResultCode } from '../../contract/codes';
import type { Tx } from '../db/client';
import { Failure } from '../failure';
import type { LiveSession } from '../session/service';
import { requireAmount } from './amounts';
import { lockMember, type MemberRow } from './cashQueries';

/** The member a call is for (a live session has both ids). */
export type MemberRef = Pick<LiveSession, 'memberId' | 'memId'>;

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
