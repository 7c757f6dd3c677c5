/**
 * Daily rewards, credited in points through the ledger: attendance (a check-in per Seoul day, its
 * streak and the points the operator set) and the prize wheel (a spin per Seoul day, drawn here by the
 * prizes' weights). The Seoul day comes from the app's clock. Each call is idempotent on its key, runs
 * under the member's lock, and posts with a ledger key per member and day, so a burst of check-ins or
 * spins credits once; the row per member and day is unique as well.
 */
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gte, isNull } from 'drizzle-orm';
import type { AttendanceInfo, AttendanceResult, RotaryInfo, RotaryResult } from '../../contract/community';
import { type Clock, seoulDay } from '../clock';
import type { Db, Executor } from '../db/client';
import { attendanceChecks, attendanceSettings, rotaryPrizes, rotarySettings, rotarySpins } from '../db/schema';
import { Failure } from '../failure';
import type { BalancePush } from '../money/balancePush';
import { type Movement, moneyDoor } from '../money/door';
import { getMemberBalances } from '../money/ledger';
import { type MemberRef, requireActiveMember } from '../money/memberLock';

const DAY_MS = 24 * 60 * 60_000;

/** The calendar day `days` after `day` (before, when negative), 'yyyy-MM-dd'. */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const dayBefore = (day: string) => addDays(day, -1);

export const ATTENDANCE_DEFAULTS = { enabled: true, dailyPoints: 100, bonusEvery: 7, bonusPoints: 1_000 };

export async function readAttendanceSettings(executor: Executor) {
  const [row] = await executor.select().from(attendanceSettings).where(eq(attendanceSettings.id, 1));
  return row ?? ATTENDANCE_DEFAULTS;
}

export async function readRotary(executor: Executor) {
  const [settings] = await executor.select().from(rotarySettings).where(eq(rotarySettings.id, 1));
  const prizes = await executor.select().from(rotaryPrizes).where(isNull(rotaryPrizes.retiredAt)).orderBy(asc(rotaryPrizes.ord), asc(rotaryPrizes.id));
  return { enabled: settings?.enabled ?? true, prizes };
}

/** The points of the streak's day: the daily points, plus the bonus on every bonusEvery-th day. */
export function attendancePoints(settings: { dailyPoints: number; bonusEvery: number; bonusPoints: number }, streak: number): number {
  return settings.dailyPoints + (settings.bonusEvery > 0 && streak % settings.bonusEvery === 0 ? settings.bonusPoints : 0);
}

type AttendanceSettings = Parameters<typeof attendancePoints>[0];

/** The next check-in (after `streak` days, on `day`) and the next bonus day, if the streak goes on. */
export function comingAttendance(settings: AttendanceSettings, day: string, streak: number): Pick<AttendanceInfo, 'next' | 'nextBonus'> {
  const next = { day, streak: streak + 1, points: attendancePoints(settings, streak + 1) };
  if (settings.bonusEvery <= 0 || settings.bonusPoints <= 0) return { next, nextBonus: null };
  const bonusStreak = Math.ceil(next.streak / settings.bonusEvery) * settings.bonusEvery;
  return { next, nextBonus: { day: addDays(day, bonusStreak - next.streak), streak: bonusStreak, points: attendancePoints(settings, bonusStreak) } };
}

/** Picks an index by weight; `roll` answers an integer in [0, total). */
export function drawByWeight(weights: number[], roll: (total: number) => number): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let left = roll(total);
  for (const [index, weight] of weights.entries()) {
    if (left < weight) return index;
    left -= weight;
  }
  return weights.length - 1;
}

async function creditPoints(move: Movement, member: MemberRef, key: string, kind: string, points: number) {
  if (points === 0) return { transactionId: null, balances: await getMemberBalances(move.tx, member.memberId) };
  const posted = await move.post({
    key, kind,
    entries: [{ account: { memberId: member.memberId, currency: 'POINT' }, amount: points }, { account: { house: 'promotion', currency: 'POINT' }, amount: -points }],
  });
  return { transactionId: posted.transactionId, balances: posted.balances[member.memberId]! };
}

export interface RewardsDeps {
  db: Db;
  clock: Clock;
  balances: BalancePush;
  /** The wheel's random source (tests fix it); integers in [0, total). */
  roll?: (total: number) => number;
}

export function createRewardsService({ db, clock, balances, roll = randomInt }: RewardsDeps) {
  const money = moneyDoor(db, clock);
  return {
    async attendanceInfo(member: MemberRef): Promise<AttendanceInfo> {
      const settings = await readAttendanceSettings(db);
      const today = seoulDay(clock.now());
      const rows = await db.select({ day: attendanceChecks.day, streak: attendanceChecks.streak }).from(attendanceChecks)
        .where(and(eq(attendanceChecks.memberId, member.memberId), gte(attendanceChecks.day, dayBefore(`${today.slice(0, 7)}-01`))))
        .orderBy(desc(attendanceChecks.day));
      const latest = rows[0];
      const checkedToday = latest?.day === today;
      const streak = latest && (checkedToday || latest.day === dayBefore(today)) ? latest.streak : 0;
      return {
        enabled: settings.enabled, checkedToday, streak,
        days: rows.map((row) => row.day).filter((day) => day.startsWith(today.slice(0, 7))).reverse(),
        today, ...comingAttendance(settings, checkedToday ? addDays(today, 1) : today, streak),
        dailyPoints: settings.dailyPoints, bonusEvery: settings.bonusEvery, bonusPoints: settings.bonusPoints,
      };
    },

    async attendanceCheck(member: MemberRef, idempotencyKey: string): Promise<AttendanceResult> {
      const { answer, ran } = await money.call({ memberId: member.memberId, call: 'attendanceCheck', payload: { idempotencyKey } }, async (move) => {
        const { tx, now } = move;
        await requireActiveMember(tx, member.memberId);
        const settings = await readAttendanceSettings(tx);
        if (!settings.enabled) throw new Failure('AT002');
        const today = seoulDay(now);
        const [last] = await tx.select().from(attendanceChecks)
          .where(and(eq(attendanceChecks.memberId, member.memberId), gte(attendanceChecks.day, dayBefore(today))))
          .orderBy(desc(attendanceChecks.day)).limit(1);
        if (last?.day === today) throw new Failure('AT001');
        const streak = last?.day === dayBefore(today) ? last.streak + 1 : 1;
        const points = attendancePoints(settings, streak);
        const credited = await creditPoints(move, member, `attendance:${member.memberId}:${today}`, 'attendance', points);
        await tx.insert(attendanceChecks).values({ memberId: member.memberId, day: today, streak, points, transactionId: credited.transactionId, createdAt: now });
        return { streak, points, balances: credited.balances };
      });
      if (answer.points > 0) await balances.announce(member, ran ? answer.balances : undefined);
      return answer;
    },

    async rotaryInfo(member: MemberRef): Promise<RotaryInfo> {
      const { enabled, prizes } = await readRotary(db);
      const [spin] = await db.select({ prizeId: rotarySpins.prizeId }).from(rotarySpins)
        .where(and(eq(rotarySpins.memberId, member.memberId), eq(rotarySpins.day, seoulDay(clock.now()))));
      return {
        enabled: enabled && prizes.length > 0,
        spunToday: Boolean(spin),
        prizes: prizes.map((prize) => ({ prizeIdx: prize.id, label: prize.label, points: prize.points })),
        todayPrizeIdx: spin?.prizeId ?? null,
      };
    },

    async rotarySpin(member: MemberRef, idempotencyKey: string): Promise<RotaryResult> {
      const { answer, ran } = await money.call({ memberId: member.memberId, call: 'rotarySpin', payload: { idempotencyKey } }, async (move) => {
        const { tx, now } = move;
        await requireActiveMember(tx, member.memberId);
        const { enabled, prizes } = await readRotary(tx);
        if (!enabled || prizes.length === 0) throw new Failure('RT002');
        const today = seoulDay(now);
        const [spun] = await tx.select({ id: rotarySpins.id }).from(rotarySpins)
          .where(and(eq(rotarySpins.memberId, member.memberId), eq(rotarySpins.day, today)));
        if (spun) throw new Failure('RT001');
        const prize = prizes[drawByWeight(prizes.map((p) => p.weight), roll)]!;
        const credited = await creditPoints(move, member, `rotary:${member.memberId}:${today}`, 'rotary', prize.points);
        await tx.insert(rotarySpins).values({
          memberId: member.memberId, day: today, prizeId: prize.id, points: prize.points, transactionId: credited.transactionId, createdAt: now,
        });
        return { prizeIdx: prize.id, points: prize.points, balances: credited.balances };
      });
      if (answer.points > 0) await balances.announce(member, ran ? answer.balances : undefined);
      return answer;
    },
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
