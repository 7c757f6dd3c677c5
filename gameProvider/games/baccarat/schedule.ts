/**
 * A table's rounds on wall-clock slots: round n starts at offset + n × cycle and runs betting → dealing
 * → result. Every seated player, every vendor process and a restarted vendor compute the same round
 * and phase from the clock alone, so the schedule survives restarts without being stored.
 */
export interface TableTiming {
  bettingMs: number;
  dealingMs: number;
  resultMs: number;
  offsetMs: number;
}

export type TablePhase = 'betting' | 'dealing' | 'result';

export interface TableClock {
  roundNo: number;
  phase: TablePhase;
  startsAt: number;
  bettingEndsAt: number;
  /** When the cards are all dealt and the bets are settled. */
  resultAt: number;
  nextRoundAt: number;
}

export function cycleMs(timing: TableTiming): number {
  return timing.bettingMs + timing.dealingMs + timing.resultMs;
}

export function roundTimes(timing: TableTiming, roundNo: number): Omit<TableClock, 'phase'> {
  const startsAt = timing.offsetMs + roundNo * cycleMs(timing);
  return {
    roundNo,
    startsAt,
    bettingEndsAt: startsAt + timing.bettingMs,
    resultAt: startsAt + timing.bettingMs + timing.dealingMs,
    nextRoundAt: startsAt + cycleMs(timing),
  };
}

export function tableClock(timing: TableTiming, nowMs: number): TableClock {
  const roundNo = Math.floor((nowMs - timing.offsetMs) / cycleMs(timing));
  const times = roundTimes(timing, roundNo);
  const phase: TablePhase = nowMs < times.bettingEndsAt ? 'betting' : nowMs < times.resultAt ? 'dealing' : 'result';
  return { ...times, phase };
}
