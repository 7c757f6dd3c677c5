/**
 * Member protection on the sportsbook (server/sports/placing.ts writes each bet to the betting history, whose
 * trigger counts and checks it): a stake limit refuses the bet that would pass it and moves nothing; a result
 * adds its returns (and a corrected result what it changed), so the loss follows the settled bets; a break
 * refuses a bet; the day's stake and loss limits start again at Seoul midnight on the injected clock while the
 * 7-day ones keep the day before. PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../contract/codes';
import type { ProtectionInfo } from '../../contract/protection';
import { sportsOf } from '../../server/app';
import { checkLedgerInvariants } from './invariants';
import { enrolMember, memberBalances, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { FeedLog, feedFixture, feedMarket, feedResult } from './sportsFeed';

let server: TestServer;
let key = 0;
const nextKey = () => `protect-sport-${process.pid}-${(key += 1)}`;
const log = new FeedLog();
const KICK_OFF = '2031-03-10T10:00:00.000Z';
const ingest = () => sportsOf(server.app).ingest;
const apply = (messages: Parameters<ReturnType<typeof ingest>['applyMessages']>[0]) => ingest().applyMessages(messages);

async function giveCash(m: TestMember, amount: number) {
  await server.rows(`select ledger_post('seed-${m.memberId}-${(key += 1)}', 'test.grant', array[${m.memberId}, null]::bigint[], array[null, 'coupons']::text[], array['KRW','KRW']::text[], array[${amount}, ${-amount}]::bigint[])`);
}
function bet(m: TestMember, selectionId: string, oddsCents: number, amount: number): Promise<ApiAnswer> {
  return server.callUnchecked('betProc', {
    idempotencyKey: nextKey(), game: 'sport', legs: [{ selectionId, oddsCents, version: 1 }], amount, acceptBetterOdds: false,
  }, { token: m.token });
}
const cash = async (m: TestMember) => (await memberBalances(server, m.memId)).cashAmt;
const use = async (m: TestMember) => ((await server.call('protectionInfo', {}, { token: m.token })).data as ProtectionInfo).use.day;
const setClock = async (iso: string) => expect((await server.admin('PUT', '/admin/api/test/clock', { now: iso })).status).toBe(200);

beforeAll(async () => {
  server = await startTestServer({ testClock: true }, { sportsSleep: async () => undefined });
  expect((await server.admin('PUT', '/admin/api/test/clock', { now: '2031-03-10T03:00:00Z' })).status).toBe(200);
  await apply(log.add(
    { type: 'fixture', fixture: feedFixture('p1', { startsAt: KICK_OFF }) },
    { type: 'market', market: feedMarket('p1', 'winner3', [210, 330, 350]) },
  ));
});
afterAll(async () => {
  expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  await server?.close();
});

describe('the sportsbook under member protection', () => {
  it('refuses a bet past the stake limit and moves nothing; a result adds its returns, a correction what it changed', async () => {
    const m = await enrolMember(server);
    await giveCash(m, 100_000);
    expect((await server.call('protectionLimit', { kind: 'stake', period: 'day', amount: 25_000 }, { token: m.token })).resultCode).toBe('0');
    expect((await bet(m, 'p1.winner3.home', 210, 10_000)).resultCode).toBe('0');
    expect((await bet(m, 'p1.winner3.draw', 330, 10_000)).resultCode).toBe('0');
    const before = await cash(m);
    const refused = await bet(m, 'p1.winner3.away', 350, 10_000);
    expect(refused.resultCode).toBe('PL003');
    expect(await cash(m)).toBe(before);
    expect(await server.rows(`select 1 from sport_bets where member_id = ${m.memberId} and stake = 10000`)).toHaveLength(2);
    expect(await use(m)).toMatchObject({ stake: 20_000, loss: 0 });

    // Home wins: 10,000 at 2.10 pays 21,000; the draw bet loses. Settled stakes 20,000, returns 21,000.
    await apply(log.add({ type: 'result', result: feedResult('p1', 1, { 'p1.winner3': { home: 'win', draw: 'lose', away: 'lose' } }) }));
    await ingest().settle();
    expect(await use(m)).toMatchObject({ stake: 20_000, loss: -1_000 });
    // Corrected to a draw: the home payout is taken back, the draw bet pays 33,000.
    await apply(log.add({ type: 'result', result: feedResult('p1', 2, { 'p1.winner3': { home: 'lose', draw: 'win', away: 'lose' } }) }));
    await ingest().settle();
    expect(await use(m)).toMatchObject({ stake: 20_000, loss: 20_000 - 33_000 });
  });

  it('refuses a bet during a break', async () => {
    await apply(log.add(
      { type: 'fixture', fixture: feedFixture('p2', { startsAt: KICK_OFF }) },
      { type: 'market', market: feedMarket('p2', 'winner3', [210, 330, 350]) },
    ));
    const m = await enrolMember(server);
    await giveCash(m, 100_000);
    await server.rows(`insert into protection_breaks (member_id, kind, length, starts_at, ends_at)
      values (${m.memberId}, 'timeout', '24h', '2031-03-10T02:00:00Z', '2031-03-11T02:00:00Z')`);
    const refused = await bet(m, 'p2.winner3.home', 210, 10_000);
    expect(refused.resultCode).toBe('PL004');
    expect(refused.data).toEqual({ endsAt: '2031-03-11T02:00:00.000Z' });
    expect(await cash(m)).toBe(100_000);
  });

  it.each([['stake', 'PL003'], ['loss', 'PL002']] as const)('counts the %s limits by the Seoul day: the day starts again at Seoul midnight, the 7 days do not', async (kind, code) => {
    const fixture = `m${kind}`;
    await setClock('2031-03-14T14:59:59Z'); // 23:59:59 Seoul, 14 March
    await apply(log.add(
      { type: 'fixture', fixture: feedFixture(fixture, { startsAt: '2031-03-20T10:00:00.000Z' }) },
      { type: 'market', market: feedMarket(fixture, 'winner3', [210, 330, 350]) },
    ));
    const m = await enrolMember(server);
    await giveCash(m, 100_000);
    for (const [period, amount] of [['day', 25_000], ['week', 35_000]] as const) {
      expect((await server.call('protectionLimit', { kind, period, amount }, { token: m.token })).resultCode).toBe('0');
    }
    expect((await bet(m, `${fixture}.winner3.home`, 210, 20_000)).resultCode).toBe('0');
    expect((await bet(m, `${fixture}.winner3.draw`, 330, 10_000)).resultCode).toBe(code);
    await setClock('2031-03-14T15:00:00Z'); // 00:00:00 Seoul, 15 March: a new day, the same 7 days
    expect(await use(m)).toMatchObject({ stake: 0, loss: 0 });
    expect((await bet(m, `${fixture}.winner3.draw`, 330, 10_000)).resultCode).toBe('0');
    // The day has room (10,000 of 25,000); the 7 days do not (20,000 + 10,000 + 10,000 > 35,000).
    expect((await bet(m, `${fixture}.winner3.away`, 350, 10_000)).resultCode).toBe(code);
    expect(await cash(m)).toBe(70_000);
  });
});
