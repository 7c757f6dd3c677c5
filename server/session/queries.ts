/**
 * The session lookup of every member call, as one server-side prepared statement: the session, its
 * member's status and the member's cash balance in one round trip, planned once per connection.
 * The balance call (every signed-in member, every 5 s) answers from it without a second query.
 *
 * Parsing and planning the join cost more than running it (on PGlite about two thirds of the
 * call), so the statement is prepared: on PostgreSQL as a named statement of the extended protocol
 * (node-postgres prepares it once per pooled connection), on PGlite, which has one connection and no
 * named statements in its query API, with PREPARE once and EXECUTE per call. The only value put into
 * the EXECUTE text is the token's sha256 in hex, checked to be exactly that.
 *
 * The rules that make a session live, replaced or nothing are session/service.ts's sessionFromRow.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../db/client';
import type { Clock } from '../clock';
import { hashToken, type Resolved, sessionFromRow, TOKEN_SHAPE } from './service';

/** The member's game money (GAME ledger account) and whether a game is open (server/games), for the balance call. */
export interface GameSnapshot {
  gameMoney: number;
  gameOpen: boolean;
}

export type ResolvedWithCash =
  | {
    kind: 'live'; session: Extract<Resolved, { kind: 'live' }>['session']; cashAmt: number; game: GameSnapshot;
    /** The end of the member's latest break (member protection; the router compares it with business time), null when none. */
    breakEnds: Date | null;
  }
  | Exclude<Resolved, { kind: 'live' }>;

const STATEMENT = 'member_call_sessions';
/** Every session among the given token hashes, with its member's status, cash, game money and open game. */
const LOOKUP = `select s.token_hash, s.id, s.member_id, s.expires_at, s.revoked_at, s.revoked_reason, m.mem_id, m.status, a.balance,
    g.balance as game_balance, gm.open_game_key is not null as game_open,
    (select max(b.ends_at) from protection_breaks b where b.member_id = s.member_id) as break_ends
  from sessions s
  join members m on m.id = s.member_id
  left join ledger_accounts a on a.member_id = s.member_id and a.currency = 'KRW'
  left join ledger_accounts g on g.member_id = s.member_id and g.currency = 'GAME'
  left join game_members gm on gm.member_id = s.member_id
  where s.token_hash = any($1::text[])`;
const SHA256_HEX = /^[0-9a-f]{64}$/;
/** At most this many tokens in one statement. */
const MAX_BATCH = 100;

interface LookupRow {
  token_hash: string;
  id: string;
  member_id: number | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  revoked_reason: string | null;
  mem_id: string;
  status: string;
  balance: number | string | null;
  game_balance: number | string | null;
  game_open: boolean | null;
  break_ends: Date | string | null;
}

type LookupMany = (tokenHashes: string[]) => Promise<LookupRow[]>;

/** PGlite: one PREPARE per database (memoised, as several routers may share one in tests). */
const prepared = new WeakMap<PGlite, Promise<unknown>>();

function pgliteLookup(client: PGlite): LookupMany {
  return async (tokenHashes) => {
    if (!tokenHashes.every((hash) => SHA256_HEX.test(hash))) throw new Error('session lookup: not a sha256 hex digest');
    let ready = prepared.get(client);
    if (!ready) {
      ready = client.exec(`prepare ${STATEMENT}(text[]) as ${LOOKUP}`).catch((error: unknown) => {
        prepared.delete(client);
        throw error;
      });
      prepared.set(client, ready);
    }
    await ready;
    const [result] = await client.exec(`execute ${STATEMENT}('{${tokenHashes.join(',')}}')`);
    return (result?.rows ?? []) as LookupRow[];
  };
}

function postgresLookup(pool: pg.Pool): LookupMany {
  return async (tokenHashes) => (await pool.query<LookupRow>({ name: STATEMENT, text: LOOKUP, values: [tokenHashes] })).rows;
}

/**
 * Lookups asked for during one turn of the event loop (the requests read together) share one
 * statement, sent when the turn ends: fewer round trips and wake-ups, and every answer still comes
 * from the database at that moment.
 */
function batched(lookupMany: LookupMany): (tokenHash: string) => Promise<LookupRow | undefined> {
  const waiting: { tokenHash: string; resolve: (row: LookupRow | undefined) => void; reject: (error: unknown) => void }[] = [];
  const flush = () => {
    const batch = waiting.splice(0, MAX_BATCH);
    if (waiting.length > 0) setImmediate(flush);
    lookupMany([...new Set(batch.map((w) => w.tokenHash))]).then((rows) => {
      const byHash = new Map(rows.map((row) => [row.token_hash, row]));
      for (const w of batch) w.resolve(byHash.get(w.tokenHash));
    }, (error: unknown) => {
      for (const w of batch) w.reject(error);
    });
  };
  return (tokenHash) => new Promise((resolve, reject) => {
    if (waiting.length === 0) setImmediate(flush);
    waiting.push({ tokenHash, resolve, reject });
  });
}

/** The lookup for this database: the router builds it once. */
export function createSessionLookup(db: Db, clock: Clock): (token: string | undefined) => Promise<ResolvedWithCash> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  const lookup = batched(client instanceof pg.Pool ? postgresLookup(client) : pgliteLookup(client));
  return async (token) => {
    if (!token || !TOKEN_SHAPE.test(token)) return { kind: 'none' };
    const row = await lookup(hashToken(token));
    const resolved = sessionFromRow(row && {
      sessionId: row.id,
      memberId: Number(row.member_id),
      expiresAt: new Date(row.expires_at),
      revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
      revokedReason: row.revoked_reason,
      memId: row.mem_id,
      status: row.status,
    }, token, clock.now());
    return resolved.kind === 'live'
      ? {
        ...resolved, cashAmt: Number(row!.balance ?? 0), game: { gameMoney: Number(row!.game_balance ?? 0), gameOpen: row!.game_open === true },
        breakEnds: row!.break_ends === null ? null : new Date(row!.break_ends),
      }
      : resolved;
  };
}
