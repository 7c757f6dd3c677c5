/**
 * Member protection's settings (contract/protection.ts, README "Member protection"): a member's limits with
 * their waiting raises, the reality check's interval, breaks (which sign the member out of every session and
 * game at once), the history (paged, every change), the reality check's facts; and the operator face (a
 * member's protection, an operator limit, the report of members who hit limits). Every change takes the
 * member's protection row lock first, the lock protection_count takes, so a change and a move of the member
 * take turns. A waiting raise is in force from its time wherever it is read (protection_count reads it so
 * too); the next read or change of the member's protection writes it in force with its history entry, dated
 * when it took effect. The counting and checking where money moves is count.ts and migrations 0020 and 0031.
 */
import { and, desc, eq, gt, gte, isNull, lte, sql } from 'drizzle-orm';
import {
  type BreakKind, breakEnd, type BreakView, type HistoryEntry, isBreakLength, type LimitKind, type LimitSource, type LimitView,
  PERIOD_DAYS, PROTECTION_PERIODS, type PeriodUse, type ProtectionHistoryPage, type ProtectionInfo, type ProtectionPeriod, RAISE_DELAY_MS,
  type RealityInterval, type RealitySummary,
} from '../../contract/protection';
import { MEMBER_FRAMES } from '../../contract/topics';
import type { Clock } from '../clock';
import { seoulDay } from '../clock';
import type { Db, Executor, Tx } from '../db/client';
import {
  bets, memberProtection, members, protectionBreaks, protectionDays, protectionEvents, protectionHits, protectionLimits, sessions,
} from '../db/schema';
import { Failure } from '../failure';
import type { MemberRef } from '../money/memberLock';
import type { Push } from '../push';
import { historyPage, pageInfo } from '../wallet/history';

type LimitRow = typeof protectionLimits.$inferSelect;
interface LimitChange { kind: LimitKind; period: ProtectionPeriod; amount: number | null }

/** The member's protection row, locked (made on first use): every change and every check of theirs takes it. */
async function lockProtection(tx: Tx, memberId: number) {
  await tx.insert(memberProtection).values({ memberId }).onConflictDoNothing();
  const [row] = await tx.select().from(memberProtection).where(eq(memberProtection.memberId, memberId)).for('update');
  return row!;
}

/** A limit row as it stands at `now`: a waiting change whose time has come is in force. */
function inForce(row: LimitRow, now: Date): { amount: number | null; pending: LimitView['pending'] } {
  if (row.pending && row.pendingAt && row.pendingAt.getTime() <= now.getTime()) return { amount: row.pendingAmount, pending: null };
  return { amount: row.amount, pending: row.pending && row.pendingAt ? { amount: row.pendingAmount, at: row.pendingAt.toISOString() } : null };
}

async function event(tx: Tx, memberId: number, at: Date, entry: Omit<typeof protectionEvents.$inferInsert, 'memberId' | 'at'>) {
  await tx.insert(protectionEvents).values({ memberId, at, ...entry });
}

/** The member's waiting changes whose time has come (only a member's own limit waits). */
const dueChanges = (memberId: number, now: Date) => and(eq(protectionLimits.memberId, memberId), eq(protectionLimits.pending, true),
  lte(protectionLimits.pendingAt, now));

/** Writes the member's waiting changes whose time has come in force, each with its history entry dated when it took effect. */
async function applyDue(tx: Tx, memberId: number, now: Date): Promise<void> {
  for (const row of await tx.select().from(protectionLimits).where(dueChanges(memberId, now))) {
    const change = { kind: row.kind as LimitKind, period: row.period as ProtectionPeriod };
    await writeLimit(tx, memberId, change, row.source as LimitSource, { amount: row.pendingAmount, pending: false, pendingAmount: null, pendingAt: null, updatedAt: now });
    await event(tx, memberId, row.pendingAt!, { event: 'limit.effective', source: row.source, ...change, amount: row.pendingAmount });
  }
}

async function limitRow(tx: Executor, memberId: number, change: Pick<LimitChange, 'kind' | 'period'>, source: LimitSource) {
  const [row] = await tx.select().from(protectionLimits).where(and(eq(protectionLimits.memberId, memberId),
    eq(protectionLimits.kind, change.kind), eq(protectionLimits.period, change.period), eq(protectionLimits.source, source)));
  return row ?? null;
}

async function writeLimit(tx: Tx, memberId: number, change: Pick<LimitChange, 'kind' | 'period'>, source: LimitSource, values: {
  amount: number | null; pending: boolean; pendingAmount: number | null; pendingAt: Date | null; updatedAt: Date;
}) {
  if (values.amount === null && !values.pending) {
    await tx.delete(protectionLimits).where(and(eq(protectionLimits.memberId, memberId), eq(protectionLimits.kind, change.kind),
      eq(protectionLimits.period, change.period), eq(protectionLimits.source, source)));
    return;
  }
  await tx.insert(protectionLimits).values({ memberId, ...change, source, ...values })
    .onConflictDoUpdate({ target: [protectionLimits.memberId, protectionLimits.kind, protectionLimits.period, protectionLimits.source], set: values });
}

export interface ProtectionDeps {
  db: Db;
  /** Business time: limits, periods, breaks, the bets' times. */
  clock: Clock;
  /** The time sessions keep (real time, systemClock: a session's start is the database's now()): the time played. */
  sessionClock: Clock;
  push: Push;
  /** Merges the member's game money back (the games service's out-all); a failure leaves it for the member to merge. */
  mergeGames(member: MemberRef): Promise<unknown>;
  log: { warn(details: object, message: string): void };
}

export function createProtectionService({ db, clock, sessionClock, push, mergeGames, log }: ProtectionDeps) {
  async function use(executor: Executor, memberId: number, now: Date): Promise<PeriodUse> {
    const today = seoulDay(now);
    const result = await executor.select({
      day: protectionDays.day, deposits: protectionDays.deposits, stakes: protectionDays.stakes,
      returns: protectionDays.returns, settledStakes: protectionDays.settledStakes,
    }).from(protectionDays).where(and(eq(protectionDays.memberId, memberId), lte(protectionDays.day, today),
      gt(protectionDays.day, sql`${today}::date - 30`)));
    const entries = PROTECTION_PERIODS.map((period) => {
      const from = new Date(Date.parse(`${today}T00:00:00Z`) - (PERIOD_DAYS[period] - 1) * 86_400_000).toISOString().slice(0, 10);
      const rows = result.filter((r) => r.day >= from);
      const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((total, r) => total + Number(pick(r)), 0);
      return [period, { deposit: sum((r) => r.deposits), stake: sum((r) => r.stakes), loss: sum((r) => r.settledStakes - r.returns) }] as const;
    });
    return Object.fromEntries(entries) as PeriodUse;
  }

  async function activeBreak(executor: Executor, memberId: number, now: Date): Promise<BreakView | null> {
    const [row] = await executor.select().from(protectionBreaks)
      .where(and(eq(protectionBreaks.memberId, memberId), lte(protectionBreaks.startsAt, now), gt(protectionBreaks.endsAt, now)))
      .orderBy(desc(protectionBreaks.endsAt)).limit(1);
    return row ? { kind: row.kind as BreakKind, length: row.length as BreakView['length'], startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() } : null;
  }

  /** A page of the member's history, newest first (every change is there: no cap). */
  async function history(executor: Executor, memberId: number, page: number): Promise<ProtectionHistoryPage> {
    const { rows, total } = await historyPage(executor, protectionEvents, protectionEvents.at, eq(protectionEvents.memberId, memberId), page);
    const list: HistoryEntry[] = rows.map((e) => ({
      at: e.at.toISOString(), event: e.event as HistoryEntry['event'], source: e.source as LimitSource, kind: e.kind as HistoryEntry['kind'],
      period: e.period as ProtectionPeriod | null, amount: e.amount, until: e.until?.toISOString() ?? null, length: e.length as HistoryEntry['length'],
    }));
    return { list, pageInfo: pageInfo(page, total) };
  }

  async function info(executor: Executor, memberId: number): Promise<ProtectionInfo> {
    const now = clock.now();
    const [settings] = await executor.select().from(memberProtection).where(eq(memberProtection.memberId, memberId));
    const rows = await executor.select().from(protectionLimits).where(eq(protectionLimits.memberId, memberId));
    const limits: LimitView[] = rows.map((row) => ({
      kind: row.kind as LimitKind, period: row.period as ProtectionPeriod, source: row.source as LimitSource, ...inForce(row, now),
    })).filter((l) => l.amount !== null || l.pending !== null);
    const first = await history(executor, memberId, 1);
    return {
      limits, activeBreak: await activeBreak(executor, memberId, now), realityMinutes: (settings?.realityMinutes ?? 0) as RealityInterval,
      use: await use(executor, memberId, now), history: first.list, historyPageInfo: first.pageInfo,
    };
  }

  /** Before a read: a waiting change whose time has come is written in force with its history entry (under the lock). */
  async function settleDue(memberId: number): Promise<void> {
    const now = clock.now();
    const [due] = await db.select({ memberId: protectionLimits.memberId }).from(protectionLimits).where(dueChanges(memberId, now)).limit(1);
    if (!due) return;
    await db.transaction(async (tx) => {
      await lockProtection(tx, memberId);
      await applyDue(tx, memberId, now);
    });
  }

  /**
   * A member's own limit: lower (or a first limit) in force at once; higher or removed waits RAISE_DELAY_MS,
   * replacing a change already waiting. A waiting change whose time has come is written in force first.
   */
  async function setMemberLimit(tx: Tx, memberId: number, change: LimitChange, now: Date): Promise<void> {
    const row = await limitRow(tx, memberId, change, 'member');
    const current = row ? inForce(row, now).amount : null;
    if (current === null && change.amount === null) throw new Failure('PL005');
    const lower = change.amount !== null && (current === null || change.amount <= current);
    if (lower) {
      await writeLimit(tx, memberId, change, 'member', { amount: change.amount, pending: false, pendingAmount: null, pendingAt: null, updatedAt: now });
      await event(tx, memberId, now, { event: 'limit.set', source: 'member', kind: change.kind, period: change.period, amount: change.amount });
      return;
    }
    const pendingAt = new Date(now.getTime() + RAISE_DELAY_MS);
    await writeLimit(tx, memberId, change, 'member', { amount: current, pending: true, pendingAmount: change.amount, pendingAt, updatedAt: now });
    await event(tx, memberId, now, { event: 'limit.pending', source: 'member', kind: change.kind, period: change.period, amount: change.amount, until: pendingAt });
  }

  /** Revokes every session of the member; LOGOUT to each but the one that asked (its answer signs it out). */
  async function signOutEverywhere(member: MemberRef, askingSessionId: string | null, now: Date): Promise<void> {
    const revoked = await db.update(sessions).set({ revokedAt: now, revokedReason: 'logout' })
      .where(and(eq(sessions.memberId, member.memberId), isNull(sessions.revokedAt))).returning({ id: sessions.id });
    await Promise.all(revoked.filter(({ id }) => id !== askingSessionId).map(({ id }) => push.publishToSession(id, MEMBER_FRAMES.logout())
      .catch((error: unknown) => log.warn({ err: error, sessionId: id }, 'LOGOUT push failed'))));
    try {
      await mergeGames(member);
    } catch (error) {
      // The member may still merge it (allowed in a break); the operator's forced merge too.
      log.warn({ err: error, memberId: member.memberId }, 'merge at the start of a break failed');
    }
  }

  return {
    async info(memberId: number): Promise<ProtectionInfo> {
      await settleDue(memberId);
      return info(db, memberId);
    },

    /** A page of the member's history (the member's own, and the operator face's). */
    async history(memberId: number, page: number): Promise<ProtectionHistoryPage> {
      await settleDue(memberId);
      return history(db, memberId, page);
    },

    setLimit(memberId: number, change: LimitChange): Promise<ProtectionInfo> {
      return db.transaction(async (tx) => {
        await lockProtection(tx, memberId);
        const now = clock.now();
        await applyDue(tx, memberId, now);
        await setMemberLimit(tx, memberId, change, now);
        return info(tx, memberId);
      });
    },

    /** Cancels a waiting raise or removal (PL005 when none waits, or its time has come). */
    cancel(memberId: number, limit: Pick<LimitChange, 'kind' | 'period'>): Promise<ProtectionInfo> {
      return db.transaction(async (tx) => {
        await lockProtection(tx, memberId);
        const now = clock.now();
        await applyDue(tx, memberId, now);
        const row = await limitRow(tx, memberId, limit, 'member');
        if (!row || inForce(row, now).pending === null) throw new Failure('PL005');
        await writeLimit(tx, memberId, limit, 'member', { amount: row.amount, pending: false, pendingAmount: null, pendingAt: null, updatedAt: now });
        await event(tx, memberId, now, { event: 'limit.cancelled', source: 'member', kind: limit.kind, period: limit.period, amount: row.pendingAmount });
        return info(tx, memberId);
      });
    },

    setReality(memberId: number, minutes: RealityInterval): Promise<ProtectionInfo> {
      return db.transaction(async (tx) => {
        await lockProtection(tx, memberId);
        await tx.update(memberProtection).set({ realityMinutes: minutes, updatedAt: clock.now() }).where(eq(memberProtection.memberId, memberId));
        return info(tx, memberId);
      });
    },

    /**
     * A time-out or self-exclusion from now: one way (no call shortens or lifts it), refused (PL005) when a
     * running break ends later. Signs the member out of every session (LOGOUT) and merges their game money.
     */
    async startBreak(member: MemberRef & { sessionId?: string }, kind: BreakKind, length: string): Promise<ProtectionInfo> {
      if (!isBreakLength(kind, length)) throw new Failure('PL005');
      const now = clock.now();
      const endsAt = breakEnd(length, now);
      const answer = await db.transaction(async (tx) => {
        await lockProtection(tx, member.memberId);
        const running = await activeBreak(tx, member.memberId, now);
        if (running && Date.parse(running.endsAt) >= endsAt.getTime()) throw new Failure('PL005');
        await tx.insert(protectionBreaks).values({ memberId: member.memberId, kind, length, startsAt: now, endsAt });
        await event(tx, member.memberId, now, { event: 'break', source: 'member', kind, length, until: endsAt });
        return info(tx, member.memberId);
      });
      await signOutEverywhere(member, member.sessionId ?? null, now);
      return answer;
    },

    /**
     * The reality check's facts: how long this session has been signed in (on the sessions' clock, which stamped
     * its start) and the net result of the bets placed since (on business time, the bets' own; a waiting bet's
     * stake counts as spent). Both clocks are the injected ones.
     */
    async realitySummary(sessionId: string, memberId: number): Promise<RealitySummary> {
      const [session] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId));
      const sessionNow = sessionClock.now().getTime();
      const elapsed = Math.max(0, sessionNow - (session?.createdAt.getTime() ?? sessionNow));
      const since = new Date(clock.now().getTime() - elapsed);
      const [totals] = await db.select({
        stakes: sql<string>`coalesce(sum(${bets.stake}), 0)::text`, wins: sql<string>`coalesce(sum(${bets.win}), 0)::text`,
      }).from(bets).where(and(eq(bets.memberId, memberId), gte(bets.placedAt, since)));
      const stakes = Number(totals?.stakes ?? 0);
      return { since: since.toISOString(), minutes: Math.floor(elapsed / 60_000), net: Number(totals?.wins ?? 0) - stakes, stakes };
    },

    /** A member call refused by protection, for the operator's report (after the call's own transaction rolled back). */
    async recordHit(memberId: number, code: string, call: string): Promise<void> {
      await db.insert(protectionHits).values({ memberId, code, call, at: clock.now() });
    },

    /** The operator face: a member's protection (their limits, the operator's, the break, the history's first page, use). */
    async operatorInfo(memberId: number): Promise<ProtectionInfo> {
      await settleDue(memberId);
      return info(db, memberId);
    },

    /**
     * An operator limit in the operator's audited transaction: in force at once; never higher than the
     * member's own limit in force of that kind and period (PL006); null removes the operator's limit.
     */
    async setOperatorLimit(tx: Tx, memberId: number, change: LimitChange): Promise<ProtectionInfo> {
      await lockProtection(tx, memberId);
      const now = clock.now();
      await applyDue(tx, memberId, now);
      const own = await limitRow(tx, memberId, change, 'member');
      const ownAmount = own ? inForce(own, now).amount : null;
      if (change.amount !== null && ownAmount !== null && change.amount > ownAmount) throw new Failure('PL006');
      await writeLimit(tx, memberId, change, 'operator', { amount: change.amount, pending: false, pendingAmount: null, pendingAt: null, updatedAt: now });
      await event(tx, memberId, now, { event: 'limit.set', source: 'operator', kind: change.kind, period: change.period, amount: change.amount });
      return info(tx, memberId);
    },

    /** Members refused by a limit or a break between `from` and `to`: per member and code, how often and when last. */
    async hitReport(from: Date, to: Date) {
      const rows = await db.select({
        memId: members.memId, code: protectionHits.code, hits: sql<string>`count(*)::text`, lastAt: sql<Date | string>`max(${protectionHits.at})`,
      }).from(protectionHits).innerJoin(members, eq(members.id, protectionHits.memberId))
        .where(and(gte(protectionHits.at, from), lte(protectionHits.at, to)))
        .groupBy(members.memId, protectionHits.code).orderBy(desc(sql`max(${protectionHits.at})`));
      return rows.map((r) => ({ memId: r.memId, code: r.code, hits: Number(r.hits), lastAt: new Date(r.lastAt).toISOString() }));
    },
  };
}

export type ProtectionService = ReturnType<typeof createProtectionService>;
