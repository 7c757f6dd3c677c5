/**
 * Attempts counted per key in sliding windows: failed logins per member id and per address, failed
 * password checks of a signed-in member, captchas issued per address, failed operator sign-ins per
 * operator id and per address. At `limit` attempts inside
 * `windowMs` the key is refused until the oldest of them leaves the window.
 *
 * Counting and checking are one step under the key's advisory lock, so a burst of concurrent
 * attempts gets at most `limit` through, on PGlite and on a PostgreSQL pool alike: either the check
 * runs under the lock (`check`, logins), or the attempt is reserved under it before the work and
 * released when it was no failure (`reserve`, for work in a transaction of its own), or the work runs in
 * the database under the same lock (a withdrawal request, cash_withdraw). The lock and the count are the
 * database's attempts_lock (migration 0027), one statement for all of them.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { LOGIN_FAIL_LIMIT, LOGIN_FAIL_WINDOW_MS } from '../../contract/constants';
import type { ResultCode } from '../../contract/codes';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { type AttemptKind, attempts } from '../db/schema';
import { Failure } from '../failure';

interface Rule {
  limit: number;
  windowMs: number;
  code: ResultCode;
  /** The refusal, saying how many minutes to wait. */
  message(minutes: number): string;
}

const MINUTE_MS = 60_000;
/** Wrong passwords and cash-out passwords typed by a signed-in member (money calls, member update). */
const PASSWORD_FAIL_LIMIT = 5;
const PASSWORD_FAIL_WINDOW_MS = 30 * MINUTE_MS;
/** Captchas one address may have issued per minute: far above a person's need, far below a harvester's. */
const CAPTCHA_ISSUE_LIMIT = 60;

const loginRule: Rule = {
  limit: LOGIN_FAIL_LIMIT, windowMs: LOGIN_FAIL_WINDOW_MS, code: 'LX03',
  message: (minutes) => `로그인 실패가 많아 ${minutes}분 후 다시 시도해주세요.`,
};

/** Operator sign-ins (the console): per operator id, and per address (an office shares one). */
const OPERATOR_FAIL_LIMIT = 5;
const OPERATOR_IP_FAIL_LIMIT = 20;
const OPERATOR_FAIL_WINDOW_MS = 15 * MINUTE_MS;
const operatorMessage = (minutes: number) => `로그인 실패가 많아 ${minutes}분 후 다시 시도해주세요.`;

const RULES: Record<AttemptKind, Rule> = {
  loginId: loginRule,
  loginIp: loginRule,
  memPass: {
    limit: PASSWORD_FAIL_LIMIT, windowMs: PASSWORD_FAIL_WINDOW_MS, code: 'U204',
    message: (minutes) => `비밀번호 오류가 많아 ${minutes}분 후 다시 시도해주세요.`,
  },
  cashOutPass: {
    limit: PASSWORD_FAIL_LIMIT, windowMs: PASSWORD_FAIL_WINDOW_MS, code: 'C218',
    message: (minutes) => `출금 비밀번호 오류가 많아 ${minutes}분 후 다시 시도해주세요.`,
  },
  captchaIp: {
    limit: CAPTCHA_ISSUE_LIMIT, windowMs: MINUTE_MS, code: 'LX05',
    message: (minutes) => `자동 입력 방지 코드 요청이 많아 ${minutes}분 후 다시 시도해주세요.`,
  },
  operatorId: { limit: OPERATOR_FAIL_LIMIT, windowMs: OPERATOR_FAIL_WINDOW_MS, code: 'OP002', message: operatorMessage },
  operatorIp: { limit: OPERATOR_IP_FAIL_LIMIT, windowMs: OPERATOR_FAIL_WINDOW_MS, code: 'OP002', message: operatorMessage },
};

/** Rows older than the longest window count for nothing. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(RULES).map((rule) => rule.windowMs));
const PRUNE_EVERY_MS = MINUTE_MS;

/** A kind's limit and window, as the database's attempts_lock (migration 0027) takes them. */
export function attemptRule(kind: AttemptKind): { limit: number; windowMs: number } {
  const { limit, windowMs } = RULES[kind];
  return { limit, windowMs };
}

/** The refusal of a full key, saying how many minutes to wait (`waitMs` until its oldest attempt leaves the window). */
export function lockedOut(kind: AttemptKind, waitMs: number): Failure {
  const rule = RULES[kind];
  return new Failure(rule.code, rule.message(Math.max(1, Math.ceil(waitMs / MINUTE_MS))));
}

export interface AttemptKey {
  kind: AttemptKind;
  key: string;
}

export interface Reservation {
  /** The attempt was not a failure: it no longer counts. */
  release(): Promise<void>;
}

export function createAttemptLimiter(db: Db, clock: Clock) {
  let prunedAt = Number.NEGATIVE_INFINITY;
  /**
   * Old rows count for nothing (every count is inside its window), so they are pruned at most once a
   * PRUNE_EVERY_MS, not on every attempt: a withdrawal or a login spends no round trip on housekeeping.
   */
  async function pruneNow(now: Date): Promise<void> {
    if (Math.abs(now.getTime() - prunedAt) < PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    await db.delete(attempts).where(lt(attempts.at, new Date(now.getTime() - LONGEST_WINDOW_MS)));
  }

  /** Prunes old rows now and then, then in one transaction locks every key and refuses with the first full key's code. */
  async function underLock<T>(keys: AttemptKey[], work: (tx: Tx, now: Date) => Promise<T>): Promise<T> {
    const now = clock.now();
    await pruneNow(now);
    return db.transaction(async (tx) => {
      let refusal: Failure | null = null;
      for (const { kind, key } of keys) {
        const { limit, windowMs } = RULES[kind];
        const result = await tx.execute(sql`select attempts_lock(${kind}, ${key}, ${limit}::int, ${windowMs}::bigint, ${now.toISOString()}::timestamptz)::float8 as "waitMs"`);
        const waitMs = (result as unknown as { rows: { waitMs: number | null }[] }).rows[0]?.waitMs ?? null;
        if (refusal === null && waitMs !== null) refusal = lockedOut(kind, waitMs);
      }
      if (refusal) throw refusal;
      return work(tx, now);
    });
  }

  async function countAttempt(tx: Tx, keys: AttemptKey[], now: Date): Promise<number[]> {
    const rows = await tx.insert(attempts).values(keys.map((k) => ({ ...k, at: now }))).returning({ id: attempts.id });
    return rows.map((r) => r.id);
  }

  return {
    /**
     * Counts one attempt under every key, or refuses with the first full key's code (saying how long
     * to wait) and counts nothing. For work that cannot run under the lock (a money call's own
     * transaction): the reserved attempt counts until released. Callers name keys in one order.
     */
    async reserve(keys: AttemptKey[]): Promise<Reservation> {
      const ids = await underLock(keys, (tx, now) => countAttempt(tx, keys, now));
      return {
        async release() {
          await db.delete(attempts).where(inArray(attempts.id, ids));
        },
      };
    },

    /**
     * Runs `check` holding the keys' locks (refused first when a key is full); a null answer is a
     * failure, counted under every key before the locks are released. Checks of one key run one after
     * another, so a burst gets at most `limit` checked, and right answers in it are never crowded out.
     */
    async check<T>(keys: AttemptKey[], check: (tx: Tx) => Promise<T | null>): Promise<T | null> {
      return underLock(keys, async (tx, now) => {
        const answer = await check(tx);
        if (answer === null) await countAttempt(tx, keys, now);
        return answer;
      });
    },

    /** A success forgives the key's earlier failures. */
    async forgive(executor: Db | Tx, { kind, key }: AttemptKey): Promise<void> {
      await executor.delete(attempts).where(and(eq(attempts.kind, kind), eq(attempts.key, key)));
    },
  };
}
