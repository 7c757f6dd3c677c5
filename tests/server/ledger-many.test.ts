/**
 * ledger_post_many (the batch posting a rounds feed page and a settlement's winners use) against ledger_post one
 * posting at a time: seeded random batches (new keys, keys replayed with the same or other entries, a key twice in one
 * batch, postings that would take a member below zero, accounts opened for the first time, house accounts on several
 * shards) are posted both ways from the same committed state, each in a transaction rolled back after a snapshot; the
 * answers (results or the refusal), every account's balance, the entries written and each account's entry order must
 * be the same. Then the batch is committed, so later batches meet its keys. PGlite, or PostgreSQL with
 * TEST_DATABASE_URL. Replay a run with LEDGER_MANY_SEED=<seed> (printed in the test name).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../server/db/client';
import { isFailure } from '../../server/failure';
import { type AccountRef, type PostRequest, postTransaction, postTransactions } from '../../server/money/ledger';
import { seededRandom } from './random';
import { startTestServer, type TestServer } from './harness';

const SEED = process.env.LEDGER_MANY_SEED ? Number(process.env.LEDGER_MANY_SEED) : Math.floor(Math.random() * 2 ** 31);
const BATCHES = 60;

let server: TestServer;
let memberIds: number[];
beforeAll(async () => {
  server = await startTestServer();
  memberIds = (await server.rows<{ id: number }>('select id from members order by id limit 6')).map((row) => Number(row.id));
});
afterAll(async () => { await server.close(); });

class RolledBack extends Error {
  constructor(readonly seen: Seen) {
    super('rolled back');
  }
}

/** What a posting leaves, named so that it compares across runs (ids of accounts opened in a rolled-back run differ). */
async function snapshot(tx: Tx, fromTransaction: number) {
  await tx.execute(sql`set constraints all immediate`); // the house accounts' balances move at the commit
  const named = sql`coalesce('m' || a.member_id, a.name || '#' || a.shard) || ':' || a.currency`;
  const balances = await tx.execute(sql`select ${named} as account, a.balance::text as balance from ledger_accounts a order by 1`);
  const written = await tx.execute(sql`select t.idempotency_key as key, t.kind,
      array_agg(${named} || '=' || e.amount order by ${named}, e.amount) as entries
    from ledger_transactions t join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
    where t.id > ${fromTransaction} group by t.idempotency_key, t.kind order by 1`);
  const order = await tx.execute(sql`select ${named} as account, array_agg(t.idempotency_key order by e.id) as keys
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id join ledger_accounts a on a.id = e.account_id
    where t.id > ${fromTransaction} group by 1 order by 1`);
  const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
  return { balances: rows(balances), written: rows(written), order: rows(order) };
}

type Outcome = { refused: string } | { results: { replayed: boolean; transactionId: number | null; balances: unknown }[] };

type Seen = { outcome: Outcome } & Awaited<ReturnType<typeof snapshot>>;

async function postBoth(way: 'one by one' | 'batch', requests: PostRequest[], known: Map<string, number>, commit: boolean): Promise<Seen> {
  const [{ last }] = (await server.database.db.execute(sql`select coalesce(max(id), 0)::int as last from ledger_transactions`) as unknown as { rows: { last: number }[] }).rows as [{ last: number }];
  let outcome: Outcome;
  try {
    return await server.database.db.transaction(async (tx) => {
      try {
        const results = way === 'batch' ? await postTransactions(tx, requests) : await sequentially(tx, requests);
        // Only a replay's transaction id is the same across runs (a new one's comes from the sequence).
        outcome = { results: results.map((r, i) => ({ replayed: r.replayed, transactionId: known.has(requests[i]!.key) ? r.transactionId : null, balances: r.balances })) };
      } catch (error) {
        if (!isFailure(error)) throw error;
        outcome = { refused: error.code };
      }
      const seen: Seen = { outcome: outcome!, ...await snapshot(tx, last) };
      if (!commit || 'refused' in outcome) throw new RolledBack(seen);
      return seen;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.seen;
    throw error;
  }
}

async function sequentially(tx: Tx, requests: PostRequest[]) {
  const results = [];
  for (const request of requests) results.push(await postTransaction(tx, request));
  return results;
}

describe(`ledger_post_many posts as ledger_post does one by one (seed ${SEED})`, () => {
  it(`agrees on ${BATCHES} random batches: answers, refusals, balances, entries and their order`, async () => {
    const random = seededRandom(SEED);
    const posted: PostRequest[] = [];
    const known = new Map<string, number>();
    let refusals = 0;
    let replays = 0;
    for (let b = 0; b < BATCHES; b += 1) {
      const requests: PostRequest[] = [];
      const size = random.int(1, 8);
      for (let i = 0; i < size; i += 1) {
        if (posted.length > 0 && random.chance(0.15)) {
          const earlier = random.pick(posted);
          // The same request again (a replay) or the same key with other amounts (a conflict).
          requests.push(random.chance(0.7) ? earlier : { ...earlier, entries: earlier.entries.map((e) => ({ ...e, amount: e.amount * 2 })) });
          continue;
        }
        if (requests.length > 0 && random.chance(0.08)) {
          requests.push(random.pick(requests));
          continue;
        }
        const currency = random.pick(['KRW', 'POINT', 'GAME'] as const);
        const amount = random.chance(0.1) ? random.int(1, 5_000_000) : random.int(1, 20_000);
        const payer: AccountRef = random.chance(0.5) ? { memberId: random.pick(memberIds), currency } : { house: random.pick(['t-a', 't-b']), currency };
        const payee: AccountRef = { memberId: random.pick(memberIds), currency };
        const entries = [{ account: payer, amount: -amount }, { account: payee, amount }];
        if (random.chance(0.3)) entries.push({ account: { house: 't-c', currency: 'KRW' }, amount: 7 }, { account: { house: 't-a', currency: 'KRW' }, amount: -7 });
        requests.push({ key: `many-${SEED}-${b}-${i}`, kind: random.pick(['test.a', 'test.b']), entries, insufficientCode: random.pick(['B6000', 'C202']) });
      }
      const one = await postBoth('one by one', requests, known, false);
      const batch = await postBoth('batch', requests, known, true);
      const outcome = batch.outcome;
      if ('refused' in outcome) {
        // A refusal rolls the caller's transaction back: what was written before it does not matter, only which.
        expect(outcome, `batch ${b}: ${JSON.stringify(requests)}`).toEqual(one.outcome);
        refusals += 1;
        continue;
      }
      expect(batch, `batch ${b}: ${JSON.stringify(requests)}`).toEqual(one);
      outcome.results.forEach((result, i) => {
        if (result.replayed) replays += 1;
        posted.push(requests[i]!);
      });
      const ids = await server.rows<{ key: string; id: number }>(`select idempotency_key as key, id from ledger_transactions where idempotency_key like 'many-${SEED}-%'`);
      for (const row of ids) known.set(row.key, Number(row.id));
    }
    // The run met what it is for.
    expect(refusals).toBeGreaterThan(0);
    expect(replays).toBeGreaterThan(0);
  });
});
