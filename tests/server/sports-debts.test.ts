/**
 * The sportsbook's debts and exposure: a claw-back a member cannot cover is a debt, and their next sports
 * payouts pay it down in the payout's own ledger transaction (never a deposit, never below zero, never twice
 * however many payouts race); a selection's exposure counts only the bets still waiting on it, falling as bets
 * settle, lose a leg, or are voided. The ledger invariants after each part (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../contract/codes';
import { sportsOf } from '../../server/app';
import { checkLedgerInvariants } from './invariants';
import { enrolMember, memberBalances, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { FeedLog, feedFixture, feedMarket, feedResult } from './sportsFeed';

let server: TestServer;
let key = 0;
const log = new FeedLog();
const KICK_OFF = '2026-11-23T05:00:00.000Z';
const HOME_WINS = { home: 'win', draw: 'lose', away: 'lose' } as const;
const AWAY_WINS = { home: 'lose', draw: 'lose', away: 'win' } as const;

const sports = () => sportsOf(server.app);
const apply = (...bodies: Parameters<FeedLog['add']>) => sports().ingest.applyMessages(log.add(...bodies));

async function giveCash(m: TestMember, amount: number) {
  await server.rows(`select ledger_post('debt-seed-${m.memberId}-${(key += 1)}', 'test.grant', array[${m.memberId}, null]::bigint[],
    array[null, 'coupons']::text[], array['KRW','KRW']::text[], array[${amount}, ${-amount}]::bigint[])`);
}
const cash = async (m: TestMember) => (await memberBalances(server, m.memId)).cashAmt;
function bet(m: TestMember, selections: [string, number][], amount: number): Promise<ApiAnswer> {
  return server.callUnchecked('betProc', {
    idempotencyKey: `debt-${process.pid}-${(key += 1)}`, game: 'sport', amount, acceptBetterOdds: false,
    legs: selections.map(([selectionId, oddsCents]) => ({ selectionId, oddsCents, version: 1 })),
  }, { token: m.token });
}
async function fixture(id: string, odds = [300, 300, 250]) {
  await apply({ type: 'fixture', fixture: feedFixture(id, { startsAt: KICK_OFF }) }, { type: 'market', market: feedMarket(id, 'winner3', odds) });
}
const openDebt = async (m: TestMember) => Number((await server.rows<{ owed: string }>(
  `select coalesce(sum(amount - collected), 0)::text as owed from sport_debts where member_id = ${m.memberId}`))[0]!.owed);
async function exposure(fixtureId: string) {
  const answer = await server.admin('GET', `/admin/api/sports/fixtures/${fixtureId}/exposure`);
  expect(answer.status).toBe(200);
  return (answer.body as unknown as { selections: { selectionId: string; stakes: number; liability: number; bets: number }[] }).selections;
}
async function invariants() {
  expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
}

/** A member left owing `owed`: wins 30,000, keeps `owed` of it waiting on another fixture (away), and the win is corrected away. */
async function owing(prefix: string, owed: number): Promise<TestMember> {
  const m = await enrolMember(server);
  await giveCash(m, 10_000);
  await fixture(`${prefix}-won`);
  await fixture(`${prefix}-held`);
  expect((await bet(m, [[`${prefix}-won.winner3.home`, 300]], 10_000)).resultCode).toBe('0');
  await apply({ type: 'result', result: feedResult(`${prefix}-won`, 1, { [`${prefix}-won.winner3`]: HOME_WINS }) });
  expect(await cash(m)).toBe(30_000);
  expect((await bet(m, [[`${prefix}-held.winner3.away`, 250]], owed)).resultCode).toBe('0');
  await apply({ type: 'result', result: feedResult(`${prefix}-won`, 2, { [`${prefix}-won.winner3`]: AWAY_WINS }) });
  expect(await cash(m)).toBe(0);
  expect(await openDebt(m)).toBe(owed);
  return m;
}

beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  expect((await server.admin('PUT', '/admin/api/test/clock', { now: '2026-11-23T03:00:00Z' })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('a debt from a claw-back', () => {
  it('is paid down by the member’s next sports payouts, in each payout’s ledger transaction, never by a deposit', async () => {
    const m = await owing('d1', 25_000);
    // The waiting bet on d1-held loses: nothing to collect from.
    await apply({ type: 'result', result: feedResult('d1-held', 1, { 'd1-held.winner3': HOME_WINS }) });
    expect(await cash(m)).toBe(0);
    expect(await openDebt(m)).toBe(25_000);

    // A deposit of the member's own money is theirs to play with: it collects nothing.
    await giveCash(m, 20_000);
    expect(await cash(m)).toBe(20_000);
    expect(await openDebt(m)).toBe(25_000);

    // 5,000 at 2.00 wins 10,000, all of it to the debt.
    await fixture('d1-a', [200, 300, 350]);
    expect((await bet(m, [['d1-a.winner3.home', 200]], 5_000)).resultCode).toBe('0');
    await apply({ type: 'result', result: feedResult('d1-a', 1, { 'd1-a.winner3': HOME_WINS }) });
    expect(await cash(m)).toBe(15_000);
    expect(await openDebt(m)).toBe(15_000);
    const payouts = await server.rows<{ entries: string }>(`select string_agg(e.amount::text, ',' order by e.id) as entries
      from ledger_transactions t join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
      where t.kind = 'sport.settle' and a.member_id = ${m.memberId} and exists (select 1 from sport_debt_payments p where p.transaction_id = t.id)
      group by t.id`);
    // Credited 10,000 and 10,000 taken back to the house, in the payout's one transaction.
    expect(payouts).toEqual([{ entries: '10000,-10000' }]);
    await invariants();

    // 10,000 at 4.00 wins 40,000: the last 15,000 of the debt, the rest the member's.
    await fixture('d1-b', [400, 300, 250]);
    expect((await bet(m, [['d1-b.winner3.home', 400]], 10_000)).resultCode).toBe('0');
    await apply({ type: 'result', result: feedResult('d1-b', 1, { 'd1-b.winner3': HOME_WINS }) });
    expect(await cash(m)).toBe(5_000 + 25_000);
    expect(await openDebt(m)).toBe(0);

    // Paid off: a later win is the member's whole.
    await fixture('d1-c', [200, 300, 350]);
    expect((await bet(m, [['d1-c.winner3.home', 200]], 10_000)).resultCode).toBe('0');
    await apply({ type: 'result', result: feedResult('d1-c', 1, { 'd1-c.winner3': HOME_WINS }) });
    expect(await cash(m)).toBe(40_000);
    await invariants();
  });

  it('is collected when a correction restores the win it came from, and the member ends with what the result says', async () => {
    const m = await owing('d2', 18_000);
    // d2-won is corrected back to home: rev 3 pays 30,000 again, 18,000 of it the debt.
    await apply({ type: 'result', result: feedResult('d2-won', 3, { 'd2-won.winner3': HOME_WINS }) });
    expect(await openDebt(m)).toBe(0);
    expect(await cash(m)).toBe(12_000);
    // Net: given 10,000, staked 10,000 and 12,000 (waiting), won 30,000 once.
    await invariants();
  });

  it('is collected once when the member’s payouts settle at the same time', async () => {
    const m = await owing('d3', 12_000);
    await giveCash(m, 10_000);
    const selections: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      await fixture(`d3-p${i}`);
      expect((await bet(m, [[`d3-p${i}.winner3.home`, 300]], 1_000)).resultCode).toBe('0');
      selections.push(`d3-p${i}`);
    }
    // The results are written without settling; then all ten bets settle at once, each in its own transaction.
    const { settlement } = sports();
    for (const id of selections) {
      await server.database.db.transaction(async (tx) => {
        await tx.execute(`update sport_fixtures set result_rev = result_rev + 1 where fixture_id = '${id}'`);
        await tx.execute(`insert into sport_results (fixture_id, rev, source, feed_revision, status, score, markets, seed, at)
          values ('${id}', 1, 'operator', null, 'final', '{"home":1,"away":0,"periods":[],"scoreSeq":0,"period":null,"clockSeconds":null}',
          '{"${id}.winner3":{"home":"win","draw":"lose","away":"lose"}}', null, now())`);
      });
    }
    const pending = await settlement.pendingBets(selections);
    expect(pending).toHaveLength(10);
    const settled = await Promise.all(pending.map((betId) => server.database.db.transaction((tx) => settlement.settleBet(tx, betId))));
    expect(settled.every((s) => s !== null)).toBe(true);
    // Ten payouts of 3,000: 12,000 to the debt once, 18,000 to the member.
    expect(await openDebt(m)).toBe(0);
    expect(await cash(m)).toBe(18_000);
    expect(await server.rows(`select coalesce(sum(p.amount), 0)::int as n from sport_debt_payments p join sport_debts d on d.id = p.debt_id
      where d.member_id = ${m.memberId}`)).toEqual([{ n: 12_000 }]);
    // Settling again moves nothing.
    expect(await sports().settlement.settlePending(selections)).toEqual([]);
    expect(await cash(m)).toBe(18_000);
    await invariants();
  });
});

describe('exposure', () => {
  it('counts the waiting bets only: it falls as bets settle, lose a leg or are voided', async () => {
    const a = await enrolMember(server);
    await giveCash(a, 200_000);
    await fixture('x1', [200, 300, 400]);
    await fixture('x2', [150, 380, 500]);
    expect((await bet(a, [['x1.winner3.home', 200]], 10_000)).resultCode).toBe('0');
    expect((await bet(a, [['x1.winner3.draw', 300]], 5_000)).resultCode).toBe('0');
    expect((await bet(a, [['x1.winner3.home', 200], ['x2.winner3.home', 150]], 4_000)).resultCode).toBe('0');
    expect((await bet(a, [['x2.winner3.away', 500]], 2_000)).resultCode).toBe('0');
    expect(await exposure('x1')).toEqual([
      { selectionId: 'x1.winner3.home', marketId: 'x1.winner3', stakes: 14_000, liability: 20_000 + 12_000, bets: 2 },
      { selectionId: 'x1.winner3.draw', marketId: 'x1.winner3', stakes: 5_000, liability: 15_000, bets: 1 },
    ]);
    await invariants();

    // x2 ends away: the combination loses on its x2 leg, so its x1 leg is no longer a liability either.
    await apply({ type: 'result', result: feedResult('x2', 1, { 'x2.winner3': AWAY_WINS }) });
    expect(await exposure('x2')).toEqual([]);
    expect(await exposure('x1')).toEqual([
      { selectionId: 'x1.winner3.home', marketId: 'x1.winner3', stakes: 10_000, liability: 20_000, bets: 1 },
      { selectionId: 'x1.winner3.draw', marketId: 'x1.winner3', stakes: 5_000, liability: 15_000, bets: 1 },
    ]);

    // The operator voids the draw bet: its stake back, its exposure gone.
    const [draw] = await server.rows<{ id: number }>(`select b.id::int from sport_bets b join sport_bet_legs l on l.bet_id = b.id
      where l.selection_id = 'x1.winner3.draw'`);
    expect((await server.admin('POST', `/admin/api/sports/bets/${draw!.id}/void`)).status).toBe(200);
    expect(await exposure('x1')).toEqual([{ selectionId: 'x1.winner3.home', marketId: 'x1.winner3', stakes: 10_000, liability: 20_000, bets: 1 }]);
    await invariants();

    // A voided market settles its bets at 1.00, and takes them out of the exposure.
    expect((await server.admin('POST', '/admin/api/sports/markets/x1.winner3/void')).status).toBe(200);
    expect(await exposure('x1')).toEqual([]);
    // A correction later re-settles bets but never counts them again.
    await apply({ type: 'result', result: feedResult('x2', 2, { 'x2.winner3': HOME_WINS }) });
    expect(await exposure('x1')).toEqual([]);
    expect(await exposure('x2')).toEqual([]);
    await invariants();
  });
});
