/**
 * The feed's clock: every time the feed reasons about (the schedule, kick-offs, the play clock, retention)
 * comes from here, so that tests drive matches by setting it. The signature's freshness (api.ts) is the
 * transport's and reads the real time.
 */
export interface FeedClock {
  now(): Date;
}

export const systemFeedClock: FeedClock = { now: () => new Date() };

/** A clock standing still at what it was set to, moved by the test (`set`, `advance`). */
export interface ManualFeedClock extends FeedClock {
  set(instant: Date): void;
  advance(ms: number): void;
}

export function createManualFeedClock(start: Date): ManualFeedClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set(instant) {
      current = instant.getTime();
    },
    advance(ms) {
      current += ms;
    },
  };
}
