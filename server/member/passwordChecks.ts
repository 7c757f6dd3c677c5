/**
 * Password checks of a signed-in member (the cash-out password of money calls, both passwords of the
 * member update call), limited per member by server/member/attempts.ts: PASSWORD_FAIL_LIMIT failures
 * in PASSWORD_FAIL_WINDOW_MS, then C218 (cash-out password) or U204 (password) until the window moves.
 *
 * A money call runs in one transaction that a refusal rolls back, so its failure could not be written
 * there (and on PGlite's one connection nothing else may write until it ends): the attempt is reserved
 * before the call's transaction, the call checks the password where its rules say with the `check` it
 * is handed, and afterwards the attempt is kept (wrong), forgiven with the earlier ones (right) or
 * released (the call stopped before the check). A call done whole by a database function (a withdrawal
 * request, cash_withdraw) counts, forgives and refuses under the same lock in its own statement instead
 * (`inDatabase`): the server hands it the proof of the typed password, never the key.
 */
import { and, eq } from 'drizzle-orm';
import type { ResultCode } from '../../contract/codes';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { members } from '../db/schema';
import { Failure, isFailure } from '../failure';
import { type AttemptKey, attemptRule, createAttemptLimiter, lockedOut } from './attempts';
import { cashOutProof, verifyCashOutPass } from './cashOutPass';
import { cashOutPassHashOf } from './queries';
import { verifySecret } from './passwords';

/** C010 when the member has no cash-out password, C205 when none was typed, C008 when it is wrong. */
export type CashOutPasswordCheck = (member: { cashOutPassHash: string }) => Promise<void>;

type Verify = (secretHash: string, typed: string) => Promise<boolean>;

/** What a database function takes to check the cash-out password under its attempt limit. */
export interface CashOutPassArgs {
  /** The stored hash the proof was made from (null: no such member). */
  seen: string | null;
  /** cashOutPass.ts cashOutProof of what was typed; null when nothing was typed. */
  proof: string | null;
  /** The keyed hash to store once an older kind verified. */
  rehash: string | null;
  limit: number;
  windowMs: number;
}

/** How the function says the stored hash is not the one seen: SQLSTATE HB004, the stored hash as its DETAIL. */
function storedHashOf(error: unknown): string | null {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
  return code === 'HB004' && typeof detail === 'string' ? detail : null;
}

/** Members' stored cash-out hashes as last seen (read once, then told by the function when they changed), so a call makes its proof without reading them. */
const STORED_HASHES_KEPT = 10_000;
/** A stored hash that changed again between two sends (the member changed the password meanwhile) is sent for a third time at most. */
const SENDS = 3;

export function createPasswordChecks(db: Db, clock: Clock) {
  const limiter = createAttemptLimiter(db, clock);

  /**
   * A cash-out password still hashed the old way is rehashed once it verified: after the call, outside its
   * transaction, and only if nothing changed the hash meanwhile.
   */
  async function limited<A>(key: AttemptKey, work: (verify: Verify) => Promise<A>): Promise<A> {
    const attempt = await limiter.reserve([key]);
    const checked: { right: boolean | null; upgrade: { from: string; to: string } | null } = { right: null, upgrade: null };
    try {
      return await work(async (secretHash, typed) => {
        if (key.kind !== 'cashOutPass') {
          checked.right = await verifySecret(secretHash, typed);
          return checked.right;
        }
        const { right, rehashed } = await verifyCashOutPass(secretHash, typed);
        checked.right = right;
        if (rehashed !== null) checked.upgrade = { from: secretHash, to: rehashed };
        return right;
      });
    } finally {
      if (checked.right === true) await limiter.forgive(db, key);
      else if (checked.right === null) await attempt.release();
      if (checked.upgrade) {
        await db.update(members).set({ cashOutPassHash: checked.upgrade.to })
          .where(and(eq(members.id, Number(key.key)), eq(members.cashOutPassHash, checked.upgrade.from)));
      }
    }
  }

  const storedHashes = new Map<number, string>();
  function remember(memberId: number, stored: string | null): string | null {
    storedHashes.delete(memberId);
    if (stored === null) return null;
    storedHashes.set(memberId, stored);
    if (storedHashes.size > STORED_HASHES_KEPT) storedHashes.delete(storedHashes.keys().next().value!);
    return stored;
  }

  return {
    /**
     * Runs a call whose database function checks the cash-out password itself, under the same attempt limit
     * (refused with C218 while the member is locked out). The proof is made from the member's stored hash as
     * last seen (read the first time); when the function finds another one, it answers it and the call is sent again.
     */
    async inDatabase<A>(memberId: number, typed: string, call: (pass: CashOutPassArgs) => Promise<A>): Promise<A> {
      const kind = 'cashOutPass';
      for (let send = 1; ; send += 1) {
        const seen = storedHashes.get(memberId) ?? remember(memberId, await cashOutPassHashOf(db, memberId));
        const made = typed === '' ? null : seen ? await cashOutProof(seen, typed) : { proof: '', rehashed: null };
        try {
          return await call({ seen, proof: made?.proof ?? null, rehash: made?.rehashed ?? null, ...attemptRule(kind) });
        } catch (error) {
          const stored = storedHashOf(error);
          if (stored !== null && send < SENDS) {
            remember(memberId, stored);
            continue;
          }
          const { waitMs } = (isFailure(error) && error.data ? error.data : {}) as { waitMs?: unknown };
          throw typeof waitMs === 'number' ? lockedOut(kind, waitMs) : error;
        } finally {
          if (made?.rehashed) storedHashes.delete(memberId);
        }
      }
    },

    /** Runs a money call that needs the cash-out password; refused (C218) while the member is locked out. */
    withCashOutPassword<A>(memberId: number, typed: string, work: (check: CashOutPasswordCheck) => Promise<A>): Promise<A> {
      return limited({ kind: 'cashOutPass', key: String(memberId) }, (verify) => work(async (member) => {
        if (member.cashOutPassHash === '') throw new Failure('C010');
        if (typed === '') throw new Failure('C205');
        if (!(await verify(member.cashOutPassHash, typed))) throw new Failure('C008');
      }));
    },

    /** One limited check of the member's password or cash-out password; `wrong` is the code when it fails. */
    async check(kind: 'memPass' | 'cashOutPass', memberId: number, secretHash: string, typed: string, wrong: ResultCode): Promise<void> {
      await limited({ kind, key: String(memberId) }, async (verify) => {
        if (!(await verify(secretHash, typed))) throw new Failure(wrong);
      });
    },
  };
}
