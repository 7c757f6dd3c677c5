/**
 * Sessions: opaque 256-bit tokens, stored only as their sha256, 120 minutes of life (extended by
 * /api/getToken), revoked at logout or when a newer login of the same member replaces them. Times
 * come from the server clock (server/clock.ts).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, countDistinct, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { SESSION_TTL_MS } from '../../contract/constants';
import type { Clock } from '../clock';
import type { Db, Executor, Tx } from '../db/client';
import { members, sessions, type SessionRevokeReason } from '../db/schema';


export interface LiveSession {
  sessionId: string;
  memberId: number;
  memId: string;
  token: string;
  expiresAt: Date;
}

export type Resolved =
  | { kind: 'live'; session: LiveSession }
  /** Revoked because the member logged in elsewhere (answered TK999). */
  | { kind: 'replaced' }
  | { kind: 'none' };

export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function expiryFrom(clock: Clock): Date {
  return new Date(clock.now().getTime() + SESSION_TTL_MS);
}

/**
 * The member's one live session: revokes every other live session of the member (answering their
 * ids, to push LOGOUT to them) and creates the new one. The member's row is locked first, so two
 * logins racing on a PostgreSQL pool take turns and the second revokes the first.
 */
export async function replaceMemberSessions(tx: Tx, clock: Clock, memberId: number, ip: string, userAgent = '') {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
  const now = clock.now();
  const revoked = await tx.update(sessions)
    .set({ revokedAt: now, revokedReason: 'replaced' })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  const token = randomBytes(32).toString('base64url');
  const sessionId = randomUUID();
  const expiresAt = expiryFrom(clock);
  await tx.insert(sessions).values({ id: sessionId, memberId, tokenHash: hashToken(token), expiresAt, ip, userAgent });
  return { replaced: revoked.map((r) => r.id), session: { sessionId, token, expiresAt } };
}

export async function revokeSession(executor: Executor, clock: Clock, sessionId: string, reason: SessionRevokeReason): Promise<void> {
  await executor.update(sessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function extendSession(executor: Executor, clock: Clock, sessionId: string): Promise<Date> {
  const expiresAt = expiryFrom(clock);
  await executor.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
  return expiresAt;
}

/**
 * Finds the session a token belongs to. Active and suspended members have live sessions: a suspended
 * member may still sign in and look (SPEC §6), but the wallet refuses their money requests (U0011).
 */
const SIGNED_IN_STATUSES: ReadonlySet<string> = new Set(['active', 'suspended']);

/** What a session lookup reads: the session row with its member's id and status. */
export interface SessionRow {
  sessionId: string;
  memberId: number;
  expiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
  memId: string;
  status: string;
}

/** The rules that make a session live, replaced or nothing (also used by the router's prepared lookup, session/queries.ts). */
export function sessionFromRow(row: SessionRow | undefined, token: string, now: Date): Resolved {
  if (!row) return { kind: 'none' };
  if (row.revokedAt) return row.revokedReason === 'replaced' ? { kind: 'replaced' } : { kind: 'none' };
  if (row.expiresAt.getTime() <= now.getTime() || !SIGNED_IN_STATUSES.has(row.status)) return { kind: 'none' };
  return { kind: 'live', session: { sessionId: row.sessionId, memberId: row.memberId, memId: row.memId, token, expiresAt: row.expiresAt } };
}

export async function resolveSession(executor: Executor, clock: Clock, token: string | undefined): Promise<Resolved> {
  if (!token || !TOKEN_SHAPE.test(token)) return { kind: 'none' };
  const [row] = await executor.select({
    sessionId: sessions.id,
    memberId: sessions.memberId,
    expiresAt: sessions.expiresAt,
    revokedAt: sessions.revokedAt,
    revokedReason: sessions.revokedReason,
    memId: members.memId,
    status: members.status,
  }).from(sessions).innerJoin(members, eq(members.id, sessions.memberId))
    .where(eq(sessions.tokenHash, hashToken(token)));
  return sessionFromRow(row, token, clock.now());
}

/** For the real-time endpoint: a live session's id and member, or null. */
export function sessionAuthenticator(db: Db, clock: Clock) {
  return async (token: string): Promise<{ sessionId: string; memId: string } | null> => {
    const resolved = await resolveSession(db, clock, token);
    return resolved.kind === 'live' ? { sessionId: resolved.session.sessionId, memId: resolved.session.memId } : null;
  };
}

/**
 * Ids of every live session (for site-wide pushes such as INSPECT). Sessions keep real time whatever the
 * business clock says (README, Security), so their expiry is compared with the database's own now().
 */
export async function liveSessionIds(executor: Executor): Promise<string[]> {
  const rows = await executor.select({ id: sessions.id }).from(sessions)
    .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  return rows.map((r) => r.id);
}

/** The longest User-Agent kept with a session. */
export const USER_AGENT_MAX = 300;
/** A session's last_seen_at is written at most this often (per session and server instance). */
export const SESSION_SEEN_EVERY_MS = 60_000;
const SEEN_REMEMBERED = 100_000;

/**
 * Records that a live session made a member call: its last_seen_at becomes the database's now() (sessions keep
 * real time), at most once a minute per session in this process, so the balance call every 5 s costs one write
 * a minute, not one a call.
 */
export function sessionSeen(db: Db) {
  const written = new Map<string, number>();
  return async (sessionId: string): Promise<void> => {
    const now = Date.now();
    const last = written.get(sessionId);
    if (last !== undefined && now - last < SESSION_SEEN_EVERY_MS) return;
    if (written.size >= SEEN_REMEMBERED) written.clear();
    written.set(sessionId, now);
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
  };
}

/**
 * Revokes every live session of a member at once (one statement; the operator's kick): answers their ids, to
 * push LOGOUT to each once the caller's transaction has committed. Real time, like every session time.
 */
export async function revokeMemberSessions(executor: Executor, memberId: number, reason: SessionRevokeReason): Promise<string[]> {
  const revoked = await executor.update(sessions).set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .returning({ id: sessions.id });
  return revoked.map((r) => r.id);
}

/** A member's sessions for the operator: live ones first, then the most recent, at most `limit`. */
export async function memberSessionList(executor: Executor, memberId: number, limit: number) {
  const live = sql<boolean>`(${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`;
  return executor.select({
    sessionId: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, ip: sessions.ip, userAgent: sessions.userAgent,
    revokedAt: sessions.revokedAt, revokedReason: sessions.revokedReason, live,
  }).from(sessions).where(eq(sessions.memberId, memberId))
    .orderBy(desc(live), desc(sessions.createdAt), desc(sessions.id)).limit(limit);
}

/** How many members have a live session seen in the last `minutes` (database time: sessions keep real time). */
export async function membersOnline(executor: Executor, minutes: number): Promise<number> {
  const [row] = await executor.select({ n: countDistinct(sessions.memberId) }).from(sessions)
    .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${minutes})`)));
  return Number(row?.n ?? 0);
}
