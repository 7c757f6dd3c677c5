/**
 * Member protection's counting and checking on the server's side: the database function protection_count
 * (migrations 0020 and 0031) does the work in the caller's transaction; this module says which postings it sees and
 * turns its refusals into Failures that name the member refused. The money door (money/door.ts) calls `protectPosting` after every
 * posting, and deposit requests and launches call `protectionCheck` through the door's Movement.
 */
import { sql } from 'drizzle-orm';
import { type ResultCode } from '../../contract/codes';
import { BREAK_REFUSAL, isProtectionCode, LIMIT_REFUSAL } from '../../contract/protection';
import type { Executor } from '../db/client';
import { Failure } from '../failure';
import type { PostRequest } from '../money/ledger';

/**
 * What a move does to a member's protection (protection_count's p_what). 'settle' is the betting history's trigger's
 * own, 'play' the launch's (game_launch_begin).
 */
export type ProtectedMove = 'deposit' | 'deposit_request' | 'stake' | 'credit';

const REFUSAL = 'HB001';

/**
 * A move refused by a member's limit or break: the member refused, who need not be the caller (a partner's give
 * to a member, an operator's approval of a member's deposit). The answer carries only the code (and a break's end).
 */
export class ProtectionFailure extends Failure {
  constructor(code: ResultCode, data: unknown, readonly memberId: number | null) {
    super(code, undefined, data);
  }
}

/** The codes of a refusal by a limit or a break: what the operator's report of hits counts. */
const HIT_CODES: readonly string[] = [...Object.values(LIMIT_REFUSAL), BREAK_REFUSAL];

/**
 * Whose limit or break refused a call, for the operator's report: the member the refusal names, else the calling
 * member (a refusal at the router: the caller's own break); null when the error is no such refusal.
 */
export function refusedMember(error: unknown, callerId: number | null): number | null {
  if (!(error instanceof Failure) || !HIT_CODES.includes(error.code)) return null;
  return error instanceof ProtectionFailure && error.memberId !== null ? error.memberId : callerId;
}

/** A protection refusal raised in the database (directly or from the betting history's trigger) as its Failure; null for any other error. */
export function protectionRefusal(error: unknown): Failure | null {
  if (error instanceof Failure) return null;
  // The driver's error, or the query builder's wrapping it (cause).
  for (let e: unknown = error; e !== null && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message, detail, hint } = e as { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown };
    if (code === REFUSAL && isProtectionCode(message)) {
      const data = message === BREAK_REFUSAL ? { endsAt: typeof detail === 'string' ? detail : null } : null;
      // Every refusal of protection_count names the member in its HINT (migration 0031).
      return new ProtectionFailure(message as ResultCode, data, typeof hint === 'string' && /^\d+$/.test(hint) ? Number(hint) : null);
    }
  }
  return null;
}

/** Counts and checks one move of a member at `at`, in the caller's transaction; a refusal is a Failure (PL001-PL004). */
export async function protectionCheck(executor: Executor, memberId: number, what: ProtectedMove, amount: number, at: Date): Promise<void> {
  try {
    await executor.execute(sql`select protection_count(${memberId}::bigint, ${what}, ${amount}::bigint, 0::bigint, ${at.toISOString()}::timestamptz)`);
  } catch (error) {
    throw protectionRefusal(error) ?? error;
  }
}

type Posting = Pick<PostRequest, 'key' | 'kind' | 'entries'>;
interface Counted { memberId: number; what: ProtectedMove; amount: number }

const positiveMember = (posting: Posting, currency: string) => posting.entries.flatMap((e) =>
  'memberId' in e.account && e.account.currency === currency && e.amount > 0 ? [{ memberId: e.account.memberId, amount: e.amount }] : []);

/**
 * The postings protection sees, by ledger kind (every other kind, withdrawals and settlements among them,
 * passes untouched; bets are counted from the betting history):
 * - a deposit's credit (cash.deposit): the deposit without its bonus, from the bank account;
 * - money received from another member or a partner (transfer, partner.give): a deposit of the receiver;
 * - cash from a coupon: a credit, refused in a break (rewards credit points; points become cash only through
 *   point_convert, which checks its cash as a credit itself, migration 0032).
 * Money into a game is play, refused in a break or once a stake or loss limit is reached: the launch checks it in
 * its database function before its transfer in (game_launch_begin, migration 0034).
 */
export function protectedMoves(posting: Posting): Counted[] {
  switch (posting.kind) {
    case 'cash.deposit': {
      const banked = -posting.entries.reduce((sum, e) => sum + ('house' in e.account && e.account.house === 'bank' ? e.amount : 0), 0);
      return positiveMember(posting, 'KRW').map(({ memberId }) => ({ memberId, what: 'deposit' as const, amount: banked }));
    }
    case 'transfer':
    case 'partner.give':
      return positiveMember(posting, 'KRW').map(({ memberId, amount }) => ({ memberId, what: 'deposit' as const, amount }));
    case 'coupon.use':
      return positiveMember(posting, 'KRW').map(({ memberId, amount }) => ({ memberId, what: 'credit' as const, amount }));
    default:
      return [];
  }
}

/** Checks (and counts) what a posting does to each member's protection, after it posted. */
export async function protectPosting(executor: Executor, posting: Posting, at: Date): Promise<void> {
  for (const move of protectedMoves(posting)) await protectionCheck(executor, move.memberId, move.what, move.amount, at);
}
