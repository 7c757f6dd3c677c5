/**
 * The money door: the one way money or points move on the server. Every area that moves them (cash
 * requests, coupons, points, transfers, daily rewards, game transfers and rounds, mini-game bets,
 * settlement, the operator's grants) goes through here; no other module posts to the ledger, claims a
 * money call's key or calls a money function of the database (tests/server/money-door.test.ts checks it).
 *
 * What a movement gets, whichever way it comes through:
 * - One database transaction. The key, the member's lock, the rules, the ledger posting, the call's own
 *   records and the key's answer commit together or not at all; a refusal (a thrown Failure) rolls all
 *   of it back, the key included, so a corrected retry may use it again.
 * - Idempotency. A member's call carries their key: a retry of the same call with the same payload
 *   answers the first answer and moves nothing, the key with another request answers C999 (ledger keys
 *   are the same for postings). A movement the server starts itself (a request's approval, a transfer to
 *   a game, a round's settlement) posts under a key made from what it moves, so it happens once
 *   whatever retries or races occur.
 * - Balanced postings with conditional updates (ledger.ts): at least two entries that sum to zero per
 *   currency; member balances change by conditional statements that never go below zero, refused with
 *   the call's code before anything moves; no read-then-write race.
 * - One lock order: the key, the member (memberLock.ts), the member's rows, then the ledger accounts
 *   (member accounts in id order; the sharded house rows at the commit).
 * - Member protection (protection/count.ts, README "Member protection"): after every posting the door
 *   counts and checks what it does to a member's limits and breaks (a deposit's credit, money received,
 *   cash from a coupon) in the same transaction; a movement that is no posting yet (a deposit request)
 *   asks `protect`, and a launch checks its play in its database function. Bets are counted by the
 *   betting history's trigger, in the same transaction too; its refusals come out of every way in as the
 *   same Failures (PL001-PL004).
 * - The clock. A movement reads the app's clock once: its rules and records use that instant (`now`),
 *   so a test sets the time of every money rule through the injected clock, never the wall clock.
 *
 * Five ways in, the same guarantees:
 * - `call(request, effect)`: a member's keyed call built statement by statement in the server (transfers,
 *   which check the cash-out password, deposit requests, coupons, rewards).
 * - `callInDatabase(fn, request, args)`: the same kind of call done whole by one database function
 *   (`point_convert`, `mini_bet`, `cash_withdraw`; migrations 0011, 0015 and 0027): it claims the key (money_call_claim), locks
 *   the member, checks the rules, posts with ledger_post and answers the key, in one statement and one
 *   round trip, for hot calls (and the withdrawal request, cash_withdraw, 0027, which checks the cash-out password
 *   from a proof the server makes). A refusal inside it is SQLSTATE HB001 with the result code as its message
 *   (and the refusal's data, if any, as its DETAIL in JSON) and becomes the same Failure.
 * - `batchInDatabase(fn, constants)`: the same kind of call, queued and sent a batch at a time to one database function
 *   that does the batch's calls set-based (`sport_bet_many`, migration 0036), for the hottest call: each call keeps
 *   its key, its checks and its own refusal; a batch commits together.
 * - `inDatabase(fn, values)`: a movement the server keys itself done whole by a database function (a game launch
 *   with its transfer in, a merge's opening and its out-all applied: game_launch_begin, game_merge_begin and
 *   game_out_apply, migration 0034), for the games' hot path.
 * - `within(tx)`: a movement inside a transaction the caller holds (a cash request's move, an operator's
 *   audited action, a game transfer, a settlement), keyed by what it moves.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { isResultCode } from '../../contract/codes';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { sqlArray } from '../db/sqlArray';
import { Failure } from '../failure';
import { idempotentRun, requestHash } from './idempotency';
import { type PostRequest, type PostResult, postTransaction, postTransactions } from './ledger';
import { type ProtectedMove, protectionCheck, protectionRefusal, protectPosting } from '../protection/count';

/** What a member's money call sends: its key, and whatever else the call takes. */
export interface KeyedPayload {
  idempotencyKey: string;
  /** A withdrawal's or transfer's password: checked, never part of "the same request" (not even hashed). */
  cashOutPass?: string;
}

/** A member's keyed money call: `call` names it (e.g. 'cashOut'), `payload` is what the member sent. */
export interface MoneyRequest {
  memberId: number;
  call: string;
  payload: KeyedPayload;
}

/** The key store's request: "the same request" is the call and its payload without the key and the password. */
function keyed({ memberId, call, payload }: MoneyRequest) {
  const { idempotencyKey: key, cashOutPass: _secret, ...rest } = payload;
  return { memberId, key, call, payload: rest };
}

/** What a keyed call answers: its (first) answer, and whether this call ran it (false: a replay, whose balances may be stale). */
export interface Called<A> {
  answer: A;
  ran: boolean;
}

/** A movement in progress: its transaction, its instant, and the posting of balanced entries in it. */
export interface Movement {
  readonly tx: Tx;
  readonly now: Date;
  post(request: PostRequest): Promise<PostResult>;
  /** Many postings, each its own keyed ledger transaction, posted in one statement as if one by one in the order given. */
  postEach(requests: readonly PostRequest[]): Promise<PostResult[]>;
  /** Checks (and counts) a move that posts nothing yet against the member's protection: a deposit request. */
  protect(memberId: number, what: ProtectedMove, amount: number): Promise<void>;
}

/** A statement calling a money function of the database. */
export interface DatabaseStatement {
  /** The statement's name on PostgreSQL (prepared once per pooled connection). */
  name: string;
  /** `select <function>(...) as result`. */
  text: string;
}

/**
 * A money call done by a database function. Its statement takes the door's parameters first:
 * $1 the member, $2 the key, $3 the request's hash, $4 the call's instant; the call's own from $5.
 */
export interface DatabaseCall extends DatabaseStatement {
  /** The call's name, as the function claims its key under it. */
  call: string;
}

/**
 * A money call done by a database function that takes a batch of calls at once. Its statement's parameters: $1 the
 * calls' members (bigint[]), $2 their keys (text[]), $3 their requests' hashes (text[]), $4 the batch's instant, $5
 * each call's own arguments (a jsonb array), then the batch's constants. It answers a jsonb array, one answer per call
 * in order: `{refused, data}` for a refusal (nothing of that call kept), anything else for the caller.
 */
export interface BatchDatabaseCall extends DatabaseCall {
  /** The most calls in one batch, and the most batches in flight at once. */
  maxBatch: number;
  inFlight: number;
}

interface QueuedCall {
  memberId: number;
  key: string;
  hash: string;
  args: unknown;
  resolve(answer: unknown): void;
  reject(error: unknown): void;
}

const REFUSAL = 'HB001';

function refusalOf(error: unknown): Failure | null {
  const protection = protectionRefusal(error);
  if (protection) return protection;
  const { code, message, detail } = (error ?? {}) as { code?: unknown; message?: unknown; detail?: unknown };
  if (code !== REFUSAL || !isResultCode(message)) return null;
  // A refusal that carries data (a slip's legs' prices, B6101) has it as the error's DETAIL, in JSON.
  return new Failure(message, undefined, typeof detail === 'string' && detail !== '' ? JSON.parse(detail) as unknown : null);
}

function movement(tx: Tx, now: Date): Movement {
  return {
    tx,
    now,
    async post(request) {
      const posted = await postTransaction(tx, request);
      if (!posted.replayed) await protectPosting(tx, request, now);
      return posted;
    },
    async postEach(requests) {
      const posted = await postTransactions(tx, requests);
      for (const [i, request] of requests.entries()) if (!posted[i]!.replayed) await protectPosting(tx, request, now);
      return posted;
    },
    protect: (memberId, what, amount) => protectionCheck(tx, memberId, what, amount, now),
  };
}

export function moneyDoor(db: Db, clock: Clock) {
  /** Straight to the driver: a named statement on PostgreSQL, planned once per connection. */
  async function inDatabase<R>(fn: DatabaseStatement, values: unknown[]): Promise<R> {
    const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
    try {
      const { rows } = client instanceof pg.Pool
        ? await client.query<{ result: R }>({ name: fn.name, text: fn.text, values })
        : await client.query<{ result: R }>(fn.text, values);
      return rows[0]!.result;
    } catch (error) {
      throw refusalOf(error) ?? error;
    }
  }

  /**
   * Sends queued calls a batch at a time, up to `fn.inFlight` batches at once; a batch holds one call per member (a
   * member's second call waits for the next batch), as the database function requires. With none in flight a batch
   * goes at once (a lone call waits for nothing); another goes beside it only when half a batch waits, so that under
   * load batches stay large (a batch's fixed cost is most of a small batch's). A batch that fails as a whole
   * (something raised inside it: a protection refusal, a deadlock) is sent again a call at a time, where the failure
   * is that call's own.
   */
  function batchInDatabase<A>(fn: BatchDatabaseCall, constants: unknown[]) {
    const queue: QueuedCall[] = [];
    let flying = 0;
    /**
     * Members whose call failed a batch, sent alone until a call of theirs goes through: a member past a protection
     * limit who keeps sending would otherwise fail every batch they join, and every other call in it would be sent
     * again alone. Still one call of theirs at a time (`sendingAlone`), as in batches: a burst of theirs holds one
     * connection, not the pool.
     */
    const alone = new Set<number>();
    const sendingAlone = new Set<number>();

    async function send(batch: QueuedCall[]): Promise<void> {
      const values = [
        sqlArray(batch.map((c) => c.memberId)), sqlArray(batch.map((c) => c.key)), sqlArray(batch.map((c) => c.hash)),
        clock.now().toISOString(), JSON.stringify(batch.map((c) => c.args)), ...constants,
      ];
      let answers: unknown[];
      try {
        answers = await inDatabase<unknown[]>(fn, values);
      } catch (error) {
        if (batch.length > 1) {
          await Promise.all(batch.map((c) => send([c])));
          return;
        }
        if (alone.size >= 10_000) alone.clear();
        alone.add(batch[0]!.memberId);
        batch[0]!.reject(error);
        return;
      }
      if (batch.length === 1) alone.delete(batch[0]!.memberId);
      batch.forEach((c, i) => {
        const answer = answers[i] as { refused?: string; data?: unknown };
        if (typeof answer?.refused !== 'string') c.resolve(answer);
        else c.reject(isResultCode(answer.refused) ? new Failure(answer.refused, undefined, answer.data ?? null) : new Error(`${fn.name} refused with ${answer.refused}`));
      });
    }

    function pump(): void {
      for (let i = 0; i < queue.length;) {
        const { memberId } = queue[i]!;
        if (!alone.has(memberId) || sendingAlone.has(memberId)) {
          i += 1;
          continue;
        }
        sendingAlone.add(memberId);
        void send(queue.splice(i, 1)).finally(() => {
          sendingAlone.delete(memberId);
          pump();
        });
      }
      const batched = () => (alone.size === 0 ? queue.length : queue.filter((c) => !alone.has(c.memberId)).length);
      while (flying < fn.inFlight && batched() > (flying === 0 ? 0 : fn.maxBatch / 2 - 1)) {
        const members = new Set<number>();
        const batch: QueuedCall[] = [];
        for (let i = 0; i < queue.length && batch.length < fn.maxBatch;) {
          if (members.has(queue[i]!.memberId) || alone.has(queue[i]!.memberId)) i += 1;
          else {
            members.add(queue[i]!.memberId);
            batch.push(...queue.splice(i, 1));
          }
        }
        flying += 1;
        void send(batch).finally(() => {
          flying -= 1;
          pump();
        });
      }
    }

    /** One call: `args` are its own arguments; answers the function's answer for it, or throws its refusal. */
    return (request: Omit<MoneyRequest, 'call'>, args: unknown): Promise<A> => {
      const { memberId, key, call, payload } = keyed({ ...request, call: fn.call });
      return new Promise<A>((resolve, reject) => {
        queue.push({ memberId, key, hash: requestHash(call, payload), args, resolve: resolve as (answer: unknown) => void, reject });
        pump();
      });
    };
  }

  return {
    /** A member's keyed call: `effect` runs once per key, in the call's one transaction. */
    call<A>(request: MoneyRequest, effect: (move: Movement) => Promise<A>): Promise<Called<A>> {
      const now = clock.now();
      // A refusal raised by the database inside the effect (the betting history's protection trigger) is a Failure too.
      return idempotentRun(db, keyed(request), (tx) => effect(movement(tx, now))).catch((error: unknown) => {
        throw refusalOf(error) ?? error;
      });
    },

    /**
     * The same call done whole by a database function; `args` are its own parameters ($5 on), or made from
     * the call's instant when a rule needs it. A function answers `{refused: code}` instead of raising when
     * its refusal keeps something outside the call's own work (cash_withdraw: a wrong password counts).
     */
    async callInDatabase<A>(fn: DatabaseCall, request: Omit<MoneyRequest, 'call'>, args: unknown[] | ((now: Date) => unknown[])): Promise<Called<A>> {
      const { memberId, key, call, payload } = keyed({ ...request, call: fn.call });
      const now = clock.now();
      const values = [memberId, key, requestHash(call, payload), now.toISOString(), ...(typeof args === 'function' ? args(now) : args)];
      const result = await inDatabase<Called<A> | { refused: string }>(fn, values);
      if ('refused' in result) throw isResultCode(result.refused) ? new Failure(result.refused) : new Error(`${fn.name} refused with ${result.refused}`);
      return result;
    },

    /**
     * A movement the server keys itself done whole by a database function (a game launch with its transfer in, a
     * merge's out-all): one statement, one transaction, its refusals the same Failures; `values` are its parameters.
     */
    inDatabase,

    batchInDatabase,

    /** A movement the server keys itself, inside the caller's transaction. */
    within(tx: Tx): Movement {
      return movement(tx, clock.now());
    },
  };
}

export type MoneyDoor = ReturnType<typeof moneyDoor>;
