/**
 * Password checks of a signed-in member (the cash-out password of money calls, both passwords of the
 * member update call), limited per member by server/member/attempts.ts: PASSWORD_FAIL_LIMIT failures
 * in PASSWORD_FAIL_WINDOW_MS, then C218 (cash-out password) or U204 (password) until the window moves.
 *
 * A money call runs in one transaction that a refusal rolls back, so its failure could not be written
 * there (and on PGlite's one connection nothing else may write until it ends): the attempt is reserved
 * before the call's transaction, the call checks the password where its rules say with the `check` it
 * is handed, and afterwards the attempt is kept (wrong), forgiven with the earlier ones (right) or
 * released (the call stopped before the check).
 */
import { and, eq } from 'drizzle-orm';
import type { ResultCode } from '../../contract/codes';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { members } from '../db/schema';
import { Failure } from '../failure';
import { type AttemptKey, createAttemptLimiter } from './attempts';
import { verifyCashOutPass } from './cashOutPass';
import { verifySecret } from './passwords';

/** C010 when the member has no cash-out password, C205 when none was typed, C008 when it is wrong. */
export type CashOutPasswordCheck = (member: { cashOutPassHash: string }) => Promise<void>;

type Verify = (secretHash: string, typed: string) => Promise<boolean>;

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

  return {
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
