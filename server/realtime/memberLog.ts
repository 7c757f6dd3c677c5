/**
 * The members' event log (rt_member_log, written by fanout.ts): the sequence a client starts from, and
 * the events a reconnecting client missed. A client reads its starting number with the member's state
 * (sign-in, member info) and, on every (re)connect, asks for the events after the last it saw; any
 * instance answers from here, so nothing published while the socket was down or not yet up is lost.
 */
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rtMemberLog, rtMemberSeq } from '../db/schema';

/** At most this many events are given again at once; a client this far behind reloads its state anyway. */
export const REPLAY_LIMIT = 200;

/**
 * The member's last sequence number (0 before their first event). Read it before the state it goes with:
 * an event committed in between is then given again rather than lost (each frame states a whole value).
 */
export async function memberSeq(db: Executor, memId: string): Promise<number> {
  const [row] = await db.select({ seq: rtMemberSeq.seq }).from(rtMemberSeq).where(eq(rtMemberSeq.memId, memId));
  return row?.seq ?? 0;
}

/** The member's events after `since` meant for this session (the member's, and those addressed to it), in order. */
export function eventsSince(db: Executor, who: { memId: string; sessionId: string }, since: number): Promise<{ seq: number; body: unknown }[]> {
  return db.select({ seq: rtMemberLog.seq, body: rtMemberLog.body }).from(rtMemberLog)
    .where(and(
      eq(rtMemberLog.memId, who.memId),
      gt(rtMemberLog.seq, since),
      or(isNull(rtMemberLog.sessionId), eq(rtMemberLog.sessionId, who.sessionId)),
    ))
    .orderBy(asc(rtMemberLog.seq))
    .limit(REPLAY_LIMIT);
}
