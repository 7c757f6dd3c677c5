/** The clock guard (tests/wallClock.ts): which moment WALL_CLOCK names, and a Date that reads it and flows on. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isBankMaintenance, startOfSeoulDay, systemClock } from '../../server/clock';
import { keepWallClockShifted, shiftWallClock, wallClockInstant } from '../wallClock';

const at = (iso: string) => Date.parse(iso);

describe('WALL_CLOCK', () => {
  it('as a Seoul time of day names the next such moment, never one in the past', () => {
    // 2026-11-26 15:09 UTC is 00:09 Seoul on the 27th.
    const now = at('2026-11-26T15:09:00Z');
    expect(new Date(wallClockInstant('23:45', now)).toISOString()).toBe('2026-11-27T14:45:00.000Z');
    expect(new Date(wallClockInstant('00:00:10', now)).toISOString()).toBe('2026-11-27T15:00:10.000Z');
    expect(new Date(wallClockInstant('00:09', now)).toISOString()).toBe('2026-11-26T15:09:00.000Z');
    expect(new Date(wallClockInstant('00:30', now)).toISOString()).toBe('2026-11-26T15:30:00.000Z');
    expect(new Date(wallClockInstant('23:59:50', at('2026-11-26T14:59:49Z'))).toISOString()).toBe('2026-11-26T14:59:50.000Z');
  });

  it('as an ISO instant names that instant; anything else is refused', () => {
    expect(wallClockInstant('2026-11-26T14:45:00Z')).toBe(at('2026-11-26T14:45:00Z'));
    for (const bad of ['24:00', '12:60', '7:30', 'noon', '2026-13-01T00:00:00Z', '2026-11-26', '']) {
      expect(() => wallClockInstant(bad), bad).toThrow(/WALL_CLOCK/);
    }
  });
});

describe('the shifted Date', () => {
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
    vi.useRealTimers();
  });

  it('reads the moment set, flows on in real time, and is the real Date for every other use', async () => {
    const target = at('2026-11-26T14:45:00Z');
    restore = shiftWallClock(target);
    expect(Math.abs(Date.now() - target)).toBeLessThan(1_000);
    expect(Math.abs(new Date().getTime() - target)).toBeLessThan(1_000);
    expect(Date()).toMatch(/2026/);
    const first = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(Date.now() - first).toBeGreaterThanOrEqual(25);

    expect(new Date(0).getTime()).toBe(0);
    expect(new Date(2026, 0, 2).getFullYear()).toBe(2026);
    expect(Date.UTC(2026, 0, 1)).toBe(at('2026-01-01T00:00:00Z'));
    expect(Date.parse('2026-01-01T00:00:00Z')).toBe(at('2026-01-01T00:00:00Z'));
    const made = new Date();
    expect(made).toBeInstanceOf(Date);
    expect(Object.prototype.toString.call(made)).toBe('[object Date]');
    expect(made.toISOString().slice(0, 10)).toBe('2026-11-26');
  });

  it('is what the server reads: systemClock and the Seoul rules follow it', () => {
    restore = shiftWallClock(wallClockInstant('23:45'));
    expect(isBankMaintenance(systemClock.now())).toBe(true);
    restore();
    restore = shiftWallClock(wallClockInstant('00:00:10'));
    expect(systemClock.now().getTime() - startOfSeoulDay(systemClock.now()).getTime()).toBeLessThan(60_000);
  });

  it('comes back after a test mocked and restored the date, and fake timers start from it', () => {
    const target = at('2031-05-05T05:05:05Z');
    restore = shiftWallClock(target);
    vi.useFakeTimers();
    expect(Math.abs(Date.now() - target)).toBeLessThan(1_000);
    vi.useRealTimers();
    expect(Math.abs(Date.now() - target)).toBeLessThan(1_000);
    vi.setSystemTime(at('2020-01-01T00:00:00Z'));
    expect(new Date().getUTCFullYear()).toBe(2020);
    vi.useRealTimers();
    keepWallClockShifted();
    expect(Math.abs(Date.now() - target)).toBeLessThan(1_000);
  });
});
