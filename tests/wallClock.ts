/**
 * The clock guard: runs a test process with its wall clock shifted, so that a test which reads the real
 * clock for a time rule (the bank hour 23:30-00:30 Seoul, a Seoul day, a round's slot, a 24-hour wait)
 * fails whatever the hour it really runs at. With WALL_CLOCK set, `Date` (new Date(), Date.now()) answers
 * that moment when the process starts and flows on from there in real time; timers, performance.now()
 * and every Date built from a given time are untouched. README, "The clock guard".
 *
 * WALL_CLOCK is either a Seoul time of day, `HH:mm` or `HH:mm:ss` (the next such moment in Seoul, so the
 * shift is always forward and under a day: sessions, whose expiry the database compares with its own
 * now(), stay alive), or an ISO instant such as `2026-11-26T14:45:00Z`.
 *
 * Used by the vitest setup file (tests/wallClockSetup.ts) and, for the server the browser tests start,
 * through `node --import ./tests/wallClockImport.mjs` (playwright.config.ts); the browsers get the same
 * moment from tests/e2e/support.ts.
 */

const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

const REAL_DATE = Symbol.for('hanbit.wallClock.realDate');

/**
 * Puts on the global object a `Date` whose "now" (new Date(), Date.now(), Date() called as a function) is
 * `offset` ms ahead of the real clock, and answers it; every other use is the real Date's (instanceof holds
 * both ways). It names nothing outside itself: the browsers of the e2e tests run it too (tests/e2e/support.ts).
 * The real Date is kept on the global object, so a second call never takes a shifted one for it.
 */
export function installShiftedDate(offset: number): DateConstructor {
  const holder = globalThis as unknown as Record<symbol, DateConstructor | undefined>;
  const RealDate = holder[Symbol.for('hanbit.wallClock.realDate')] ??= globalThis.Date;
  const Shifted = function Date(this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(RealDate.now() + offset).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [RealDate.now() + offset] : args, new.target) as Date;
  } as unknown as DateConstructor;
  Object.setPrototypeOf(Shifted, RealDate); // Date.UTC, Date.parse
  Object.defineProperty(Shifted, 'prototype', { value: RealDate.prototype });
  Object.defineProperty(Shifted, 'length', { value: RealDate.length });
  Object.defineProperty(Shifted, 'now', { value: () => RealDate.now() + offset, writable: true, configurable: true });
  globalThis.Date = Shifted;
  return Shifted;
}

const holder = globalThis as typeof globalThis & { [REAL_DATE]?: DateConstructor };
const RealDate: DateConstructor = holder[REAL_DATE] ??= globalThis.Date;

/** The instant WALL_CLOCK names, seen from the real `now`; throws on text that names none. */
export function wallClockInstant(spec: string, now: number = RealDate.now()): number {
  const timeOfDay = TIME_OF_DAY.exec(spec.trim());
  if (timeOfDay) {
    const [hours, minutes, seconds] = [Number(timeOfDay[1]), Number(timeOfDay[2]), Number(timeOfDay[3] ?? 0)];
    if (hours > 23 || minutes > 59 || seconds > 59) throw new Error(`WALL_CLOCK: no such time of day: ${spec}`);
    const wanted = ((hours * 60 + minutes) * 60 + seconds) * 1000;
    const seoulNow = (((now + SEOUL_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
    return now + ((wanted - seoulNow + DAY_MS) % DAY_MS);
  }
  const instant = RealDate.parse(spec);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(spec.trim()) || Number.isNaN(instant)) {
    throw new Error(`WALL_CLOCK must be a Seoul time of day (HH:mm or HH:mm:ss) or an ISO instant (2026-11-26T14:45:00Z), not ${JSON.stringify(spec)}`);
  }
  return instant;
}

/** This process's shift (0: the real clock), and the Date that reads it. */
let offset = 0;
let shifted: DateConstructor = RealDate;

/** Shifts the process's wall clock so that it reads `instant` now; answers how to put back the clock it had before. */
export function shiftWallClock(instant: number): () => void {
  const before = { offset, shifted, date: globalThis.Date };
  offset = instant - RealDate.now();
  shifted = installShiftedDate(offset);
  return () => {
    ({ offset, shifted } = before);
    globalThis.Date = before.date;
  };
}

/**
 * Puts the shifted Date back when something restored the real one (vitest's vi.useRealTimers() after a
 * vi.setSystemTime() without fake timers does): a Date that is neither real nor ours (a fake) is left alone.
 */
export function keepWallClockShifted(): void {
  if (globalThis.Date === RealDate) globalThis.Date = shifted;
}

/**
 * WALL_CLOCK from the environment, read and installed: the instant it set, or null when it is not set. The
 * shift is written back as WALL_CLOCK_OFFSET_MS, which a process started from this one (the server the e2e
 * tests or tests/server/ledger-crash.test.ts start, Playwright's workers) takes as it is: they all read one time.
 */
export function shiftWallClockFromEnv(env: Record<string, string | undefined> = process.env): Date | null {
  const shared = env.WALL_CLOCK_OFFSET_MS?.trim();
  const spec = env.WALL_CLOCK?.trim();
  if (!shared && !spec) return null;
  if (shared && !/^-?\d+$/.test(shared)) throw new Error(`WALL_CLOCK_OFFSET_MS must be whole milliseconds, not ${JSON.stringify(shared)}`);
  const instant = shared ? RealDate.now() + Number(shared) : wallClockInstant(spec!);
  shiftWallClock(instant);
  env.WALL_CLOCK_OFFSET_MS = String(offset);
  return new RealDate(instant);
}
