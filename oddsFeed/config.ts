/**
 * The feed's own settings from the environment (the operator and secret come from its host: the site's config
 * when mounted, FEED_OPERATOR/FEED_SECRET when standalone).
 *   FEED_FAULTS=1              the fault switch (tests only; refused when NODE_ENV=production)
 *   FEED_RETENTION_HOURS       how long the log keeps a message (default 48); an older cursor is CURSOR_EXPIRED
 *   FEED_RETENTION_MESSAGES    and at most this many messages (default 500000)
 *   FEED_TICK_MS               how often the engine moves play on (default 1000)
 */
export class FeedConfigError extends Error {
  override name = 'FeedConfigError';
}

export interface FeedEnvSettings {
  faults: boolean;
  retentionHours: number;
  retentionMessages: number;
  tickMs: number;
}

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

function wholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const text = nonEmpty(env[name]);
  if (text === null) return fallback;
  const value = Number(text);
  if (!/^\d{1,9}$/.test(text) || value < min || value > max) throw new FeedConfigError(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

export function loadFeedSettings(env: Env = process.env): FeedEnvSettings {
  const faults = nonEmpty(env.FEED_FAULTS);
  if (faults !== null) {
    if (faults !== '1' && faults !== '0') throw new FeedConfigError('FEED_FAULTS must be 1 (fault switch on) or 0');
    if (faults === '1' && env.NODE_ENV === 'production') {
      throw new FeedConfigError('FEED_FAULTS is for tests only and is refused when NODE_ENV=production; unset it.');
    }
  }
  return {
    faults: faults === '1',
    retentionHours: wholeNumber(env, 'FEED_RETENTION_HOURS', 48, 1, 24 * 365),
    retentionMessages: wholeNumber(env, 'FEED_RETENTION_MESSAGES', 500_000, 1_000, 100_000_000),
    tickMs: wholeNumber(env, 'FEED_TICK_MS', 1000, 50, 60_000),
  };
}

/** Operator ids: what the signature header carries. */
export const OPERATOR_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const MIN_SECRET_LENGTH = 16;
