/**
 * Slips placed a batch at a time (sport_bet_many, migration 0036; money/door.ts `batchInDatabase`), on whichever
 * database the run uses (PGlite, or PostgreSQL with TEST_DATABASE_URL): many members' slips sent at once share a few
 * transactions, each slip keeps its own refusal and nothing of a refused slip stays (its key may be used again); a
 * replay answers its first answer; a batch that fails as a whole (a member's protection limit, raised by the betting
 * history's trigger) is placed slip by slip, where only that member is refused, whose next slips go alone; a
 * member's slips sent at once are placed one after the other (the second sees the first's debit); an exposure a
 * batch takes past the operator's limit suspends the market once. The ledger invariants hold after each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../contract/codes';
import type { SportBetPlaced, SportLegsRefusal } from '../../contract/sports';
import { sportsOf } from '../../server/app';
import { sqlArray } from '../../server/db/sqlArray';
import { checkLedgerInvariants } from './invariants';
import { enrolMember, memberBalances, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { FeedLog, feedFixture, feedMarket } from './sportsFeed';

let server: TestServer;
let members: TestMember[];
let key = 0;
const nextKey = () => `sportbatch-${process.pid}-${(key += 1)}`;
const log = new FeedLog();
const KICK_OFF = '2031-05-02T10:00:00.000Z';
const apply = (messages: Parameters<ReturnType<typeof sportsOf>['ingest']['applyMessages']>[0]) => sportsOf(server.app).ingest.applyMessages(messages);
const cash = async (m: TestMember) => (await memberBalances(server, m.memId)).cashAmt;
const HOME = { selectionId: 'q1.winner3.home', oddsCents: 200, version: 1 };
const DRAW = { selectionId: 'q1.winner3.draw', oddsCents: 300, version: 1 };

interface Slip { legs: { selectionId: string; oddsCents: number; version: number }[]; amount: number; idempotencyKey?: string }

function bet(m: TestMember, { legs, amount, idempotencyKey = nextKey() }: Slip): Promise<ApiAnswer> {
  return server.callUnchecked('betProc', { idempotencyKey, game: 'sport', legs, amount, acceptBetterOdds: false }, { token: m.token });
}

async function giveCash(m: TestMember, amount: number) {
  await server.rows(`select ledger_post('seed-batch-${m.memberId}-${(key += 1)}', 'test.grant', array[${m.memberId}, null]::bigint[],
    array[null, 'coupons']::text[], array['KRW','KRW']::text[], array[${amount}, ${-amount}]::bigint[])`);
}

/** The transactions the members' bets placed since `since` were written in (rows of one transaction share its xmin). */
async function transactionsOf(since: number): Promise<number> {
  const [row] = await server.rows<{ n: number }>(`select count(distinct xmin::text)::int as n from sport_bets where id > ${since}`);
  return row!.n;
}
/**
 * Watches the database client for sport_bet_many calls that carry only `m`'s slip; answers a reader of the most that
 * were in flight at once. The watch stays for the file (the next test's calls are other members').
 */
function watchAlone(m: TestMember): () => number {
  const client = (server.database.db as unknown as { $client: { query(...args: unknown[]): Promise<unknown> } }).$client;
  const query = client.query.bind(client);
  let now = 0;
  let most = 0;
  client.query = async (...args: unknown[]) => {
    const [first, second] = args as [string | { text: string; values: unknown[] }, unknown[] | undefined];
    const [text, values] = typeof first === 'string' ? [first, second] : [first.text, first.values];
    const theirs = text.includes('sport_bet_many') && values?.[0] === sqlArray([m.memberId]);
    if (theirs) most = Math.max(most, (now += 1));
    try {
      return await query(...args);
    } finally {
      if (theirs) now -= 1;
    }
  };
  return () => most;
}
const lastBet = async () => (await server.rows<{ id: number }>(`select coalesce(max(id), 0)::int as id from sport_bets`))[0]!.id;

beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  expect((await server.admin('PUT', '/admin/api/test/clock', { now: '2031-05-02T03:00:00Z' })).status).toBe(200);
  members = [];
  for (let i = 0; i < 12; i += 1) {
    const m = await enrolMember(server);
    await giveCash(m, 1_000_000);
    members.push(m);
  }
  await apply(log.add(
    { type: 'fixture', fixture: feedFixture('q1', { startsAt: KICK_OFF }) },
    { type: 'market', market: feedMarket('q1', 'winner3', [200, 300, 400]) },
    { type: 'fixture', fixture: feedFixture('q2', { startsAt: KICK_OFF }) },
    { type: 'market', market: feedMarket('q2', 'total', [190, 190]) },
    { type: 'fixture', fixture: feedFixture('q3', { startsAt: KICK_OFF }) },
    { type: 'market', market: feedMarket('q3', 'total', [190, 190]) },
  ));
});
afterAll(async () => {
  await server?.close();
});

describe('slips placed a batch at a time', () => {
  it('places many members’ slips sent at once in a few transactions, each with its own answer', async () => {
    const since = await lastBet();
    const poor = await enrolMember(server);
    const replayKey = nextKey();
    expect((await bet(members[0]!, { legs: [HOME], amount: 5_000, idempotencyKey: replayKey })).resultCode).toBe('0');
    const before = await Promise.all(members.map(cash));
    const slips: [TestMember, Slip][] = [
      [members[0]!, { legs: [HOME], amount: 5_000, idempotencyKey: replayKey }],
      [members[1]!, { legs: [{ ...HOME, oddsCents: 210 }], amount: 5_000 }],
      [members[2]!, { legs: [{ ...HOME, selectionId: 'q1.winner3.nobody' }], amount: 5_000 }],
      [members[3]!, { legs: [HOME], amount: 10 }],
      [poor, { legs: [HOME], amount: 5_000 }],
      ...members.slice(4).map((m, i): [TestMember, Slip] => [m, { legs: i % 2 ? [HOME, { selectionId: 'q2.total.over', oddsCents: 190, version: 1 }] : [DRAW], amount: 1_000 * (i + 1) }]),
    ];
    const answers = await Promise.all(slips.map(([m, slip]) => bet(m, slip)));
    expect(answers.map((a) => a.resultCode)).toEqual(['0', 'B6101', 'B0201', 'B6001', 'B6000', ...Array(8).fill('0')]);
    // The replay answers its first bet and moves nothing; the price change answers the current price.
    expect((answers[0]!.data as { bet: SportBetPlaced }).bet.stake).toBe(5_000);
    expect(await cash(members[0]!)).toBe(before[0]);
    expect((answers[1]!.data as SportLegsRefusal).legs).toEqual([{ selectionId: HOME.selectionId, oddsCents: 200, version: 1, status: 'open' }]);
    for (const i of [1, 2, 3]) expect(await cash(members[i]!)).toBe(before[i]);
    for (const [i, m] of members.slice(4).entries()) expect(await cash(m)).toBe(before[i + 4]! - 1_000 * (i + 1));
    // Nine bets (the first of the replay's key and the eight placed now), in far fewer transactions than slips.
    expect((await server.rows<{ n: number }>(`select count(*)::int as n from sport_bets where id > ${since}`))[0]!.n).toBe(9);
    expect(await transactionsOf(since)).toBeLessThanOrEqual(5);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });

  it('frees a refused slip’s key for the corrected slip', async () => {
    const idempotencyKey = nextKey();
    const [refused] = await Promise.all([
      bet(members[5]!, { legs: [{ ...DRAW, oddsCents: 333 }], amount: 2_000, idempotencyKey }),
      ...members.slice(6, 10).map((m) => bet(m, { legs: [DRAW], amount: 2_000 })),
    ]);
    expect(refused!.resultCode).toBe('B6101');
    expect((await bet(members[5]!, { legs: [DRAW], amount: 2_000, idempotencyKey })).resultCode).toBe('0');
  });

  it('places a failed batch slip by slip: only the member past a protection limit is refused', async () => {
    const limited = members[11]!;
    expect((await server.call('protectionLimit', { kind: 'stake', period: 'day', amount: 1_000 }, { token: limited.token })).resultCode).toBe('0');
    const before = await Promise.all(members.map(cash));
    const answers = await Promise.all(members.map((m) => bet(m, { legs: [DRAW], amount: 3_100 })));
    expect(answers.map((a) => a.resultCode).join()).toBe([...Array(11).fill('0'), 'PL003'].join());
    expect(await cash(limited)).toBe(before[11]);
    for (const [i, m] of members.slice(0, 11).entries()) expect(await cash(m)).toBe(before[i]! - 3_100);
    // The refused member's next slips go alone: the others' batches are no longer failed by them.
    const since = await lastBet();
    const again = await Promise.all(members.map((m) => bet(m, { legs: [DRAW], amount: 3_200 })));
    expect(again.map((a) => a.resultCode).join()).toBe([...Array(11).fill('0'), 'PL003'].join());
    expect(await transactionsOf(since)).toBeLessThanOrEqual(4);
    // Still one of theirs at a time: a burst of theirs holds one connection, not the pool.
    const inFlight = watchAlone(limited);
    const burst = await Promise.all([1, 2, 3, 4, 5].map((i) => bet(limited, { legs: [DRAW], amount: 3_300 + i })));
    expect(burst.map((a) => a.resultCode)).toEqual(Array(5).fill('PL003'));
    expect(inFlight()).toBe(1);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });

  it('places a member’s slips sent at once one after the other', async () => {
    const m = await enrolMember(server);
    await giveCash(m, 5_000);
    const answers = await Promise.all([
      bet(m, { legs: [HOME], amount: 3_000 }), bet(m, { legs: [DRAW], amount: 3_000 }),
      ...members.slice(0, 6).map((other) => bet(other, { legs: [HOME], amount: 1_000 })),
    ]);
    expect(answers.slice(0, 2).map((a) => a.resultCode).sort()).toEqual(['0', 'B6000']);
    expect(await cash(m)).toBe(2_000);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });

  it('suspends once a market whose exposure a batch takes past the operator’s limit', async () => {
    // Three of these slips take the selection past 20,000 of liability (9,500 each).
    expect((await server.admin('PUT', '/admin/api/sports/settings', { exposureLimit: 20_000 })).status).toBe(200);
    const answers = await Promise.all(members.slice(0, 8).map((m) => bet(m, { legs: [{ selectionId: 'q3.total.under', oddsCents: 190, version: 1 }], amount: 5_000 })));
    const codes = answers.map((a) => a.resultCode);
    expect(codes.filter((c) => c === '0').length, codes.join()).toBeGreaterThanOrEqual(3);
    expect(codes.every((c) => c === '0' || c === 'B6102'), codes.join()).toBe(true);
    const [market] = await server.rows<{ override: string | null; site_bump: number }>(`select override, site_bump from sport_markets where market_id = 'q3.total'`);
    expect(market).toEqual({ override: 'suspended', site_bump: 1 });
    expect((await bet(members[9]!, { legs: [{ selectionId: 'q3.total.over', oddsCents: 190, version: 2 }], amount: 1_000 })).resultCode).toBe('B6102');
    expect((await server.admin('PUT', '/admin/api/sports/settings', { exposureLimit: 0 })).status).toBe(200);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });
});
