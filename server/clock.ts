/**
 * The server's clock, passed into services so tests can set the time (TEST_CLOCK=1 and
 * PUT /admin/api/test/clock), plus Seoul business-day helpers. Seoul is UTC+9 all year (no DST).
 */
import { WITHDRAWAL_BLOCK } from '../contract/constants';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that follows real time until set, and again after set(null). */
export interface TestClock extends Clock {
  set(instant: Date | null): void;
}

export function createTestClock(): TestClock {
  let fixed: Date | null = null;
  return {
    now: () => (fixed ? new Date(fixed.getTime()) : new Date()),
    set(instant) {
      fixed = instant ? new Date(instant.getTime()) : null;
    },
  };
}

const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Milliseconds since the start of the Seoul day that contains `instant`. */
function seoulTimeOfDay(instant: Date): number {
  const local = instant.getTime() + SEOUL_OFFSET_MS;
  return ((local % DAY_MS) + DAY_MS) % DAY_MS;
}

/** The instant at which the Seoul calendar day containing `instant` began (00:00:00 Seoul). */
export function startOfSeoulDay(instant: Date): Date {
  return new Date(instant.getTime() - seoulTimeOfDay(instant));
}

/** The Seoul calendar day of an instant, 'yyyy-MM-dd'. */
export function seoulDay(instant: Date): string {
  return new Date(instant.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 10);
}

/** The start of the Seoul week (Monday 00:00 Seoul) containing `instant`. */
export function startOfSeoulWeek(instant: Date): Date {
  const day = startOfSeoulDay(instant);
  const weekday = new Date(day.getTime() + SEOUL_OFFSET_MS).getUTCDay(); // 0 Sunday, in Seoul
  return new Date(day.getTime() - ((weekday + 6) % 7) * DAY_MS);
}

/** 'HH:mm' as milliseconds after midnight. */
const timeOfDayMs = (hhmm: string) => {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return (hours! * 60 + minutes!) * 60_000;
};
const MAINTENANCE_START_MS = timeOfDayMs(WITHDRAWAL_BLOCK.from);
const MAINTENANCE_END_MS = timeOfDayMs(WITHDRAWAL_BLOCK.to);

/** Bank maintenance (WITHDRAWAL_BLOCK): from 23:30 to 00:30 Seoul time (start included, end excluded). */
export function isBankMaintenance(instant: Date): boolean {
  const t = seoulTimeOfDay(instant);
  return t >= MAINTENANCE_START_MS || t < MAINTENANCE_END_MS;
}

const SEOUL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/**
 * Reads 'yyyy-MM-dd' or 'yyyy-MM-dd HH:mm:ss' as Seoul wall time. A date alone means 00:00:00, or
 * 23:59:59.999 when `endOfDay` (an inclusive end). Answers null for text that is not a real date.
 */
export function parseSeoulDateTime(text: string, endOfDay = false): Date | null {
  const match = SEOUL_DATE_TIME.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const hasTime = match[4] !== undefined;
  const [hour, minute, second] = hasTime ? [Number(match[4]), Number(match[5]), Number(match[6])] : endOfDay ? [23, 59, 59] : [0, 0, 0];
  const millis = endOfDay ? 999 : 0;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const check = new Date(utc);
  // Date.UTC rolls 2024-02-31 over into March; a real date reads back the same fields.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day
    || check.getUTCHours() !== hour || check.getUTCMinutes() !== minute || check.getUTCSeconds() !== second) return null;
  return new Date(utc - SEOUL_OFFSET_MS);
}

/** The last millisecond of the Seoul day containing `instant`. */
export function endOfSeoulDay(instant: Date): Date {
  return new Date(startOfSeoulDay(instant).getTime() + DAY_MS - 1);
}
