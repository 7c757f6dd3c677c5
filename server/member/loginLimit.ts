/**
 * Failed logins are limited per member id and per IP address: LOGIN_FAIL_LIMIT failures inside
 * LOGIN_FAIL_WINDOW_MS and further attempts wait until the oldest of them leaves the window.
 */
import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import { LOGIN_FAIL_LIMIT, LOGIN_FAIL_WINDOW_MS } from '../../contract/constants';
import type { Db, Tx } from '../db/client';
import { loginFailures } from '../db/schema';
import { Failure } from '../failure';

type Executor = Db | Tx;

function windowStart(): Date {
  return new Date(Date.now() - LOGIN_FAIL_WINDOW_MS);
}

function memIdKey(memId: string): string {
  return memId.trim().toLowerCase();
}

export function createLoginLimiter(db: Db) {
  async function waitMs(keyKind: 'memId' | 'ip', key: string): Promise<number> {
    const [row] = await db.select({ failures: count(), oldest: min(loginFailures.at) }).from(loginFailures)
      .where(and(eq(loginFailures.keyKind, keyKind), eq(loginFailures.key, key), gt(loginFailures.at, windowStart())));
    if (!row || row.failures < LOGIN_FAIL_LIMIT || !row.oldest) return 0;
    return new Date(row.oldest).getTime() + LOGIN_FAIL_WINDOW_MS - Date.now();
  }

  return {
    /** Refuses with LX03, saying how long to wait, when the id or the address is over the limit. */
    async check(memId: string, ip: string): Promise<void> {
      const wait = Math.max(await waitMs('memId', memIdKey(memId)), await waitMs('ip', ip));
      if (wait > 0) {
        const minutes = Math.max(1, Math.ceil(wait / 60_000));
        throw new Failure('LX03', `로그인 실패가 많아 ${minutes}분 후 다시 시도해주세요.`);
      }
    },

    async recordFailure(memId: string, ip: string): Promise<void> {
      await db.delete(loginFailures).where(lt(loginFailures.at, windowStart()));
      await db.insert(loginFailures).values([
        { keyKind: 'memId', key: memIdKey(memId) },
        { keyKind: 'ip', key: ip },
      ]);
    },

    /** A successful login forgives the id's earlier failures (the address keeps its count). */
    async clear(executor: Executor, memId: string): Promise<void> {
      await executor.delete(loginFailures)
        .where(and(eq(loginFailures.keyKind, 'memId'), eq(loginFailures.key, memIdKey(memId))));
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
