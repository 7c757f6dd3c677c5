/**
 * The sportsbook's server: ingest from the feed (each message once, duplicates and out-of-order pages safe,
 * gaps refetched, the cursor surviving a restart, the topics' seqs), placing through betProc's sports kind
 * (every rule and its refusal code, price changes with the new price and accept-better-odds, live holds),
 * settling once per result revision (corrections re-settle, void legs count 1.00, a claw-back the member
 * cannot cover becomes a debt), the operator's actions; the ledger invariants after each part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../contract/codes';
import type { SportBetPlaced, SportLegsRefusal } from '../../contract/sports';
import { sportsOf } from '../../server/app';
import { checkLedgerInvariants } from './invariants';
import { enrolMember, memberBalances, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { FeedLog, feedFixture, feedMarket, feedResult, feedScore } from './sportsFeed';

let server: TestServer;
let member: TestMember;
let key = 0;
const nextKey = () => `sporttest-${process.pid}-${(key += 1)}`;
const log = new FeedLog();
const KICK_OFF = '2026-11-23T05:00:00.000Z';
/** The hold of the next live bet: a test may make something happen during it. */
let duringHold: (() => Promise<void>) | null = null;

const ingest = () => sportsOf(server.app).ingest;
const apply = (messages: Parameters<ReturnType<typeof ingest>['applyMessages']>[0]) => ingest().applyMessages(messages);

async function setClock(iso: string | null) {
  expect((await server.admin('PUT', '/admin/api/test/clock', { now: iso })).status).toBe(200);
}
async function giveCash(m: TestMember, amount: number) {
  await server.rows(`select ledger_post('seed-${m.memberId}-${amount}-${key += 1}', 'test.grant', array[${m.memberId}, null]::bigint[], array[null, 'coupons']::text[], array['KRW','KRW']::text[], array[${amount}, ${-amount}]::bigint[])`);
}
const cash = async (m = member) => (await memberBalances(server, m.memId)).cashAmt;
type Leg = { selectionId: string; oddsCents: number; version: number };
const leg = (selectionId: string, oddsCents: number, version = 1): Leg => ({ selectionId, oddsCents, version });
function bet(legs: Leg[], amount: unknown, options: { token?: string; acceptBetterOdds?: boolean; idempotencyKey?: string } = {}): Promise<ApiAnswer> {
  return server.callUnchecked('betProc', {
    idempotencyKey: options.idempotencyKey ?? nextKey(), game: 'sport', legs, amount, acceptBetterOdds: options.acceptBetterOdds ?? false,
  }, { token: options.token ?? member.token });
}
async function settings(change: object) {
  const answer = await server.admin('PUT', '/admin/api/sports/settings', change);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
async function invariants() {
  expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
}

beforeAll(async () => {
  server = await startTestServer({ testClock: true }, {
    sportsSleep: async () => {
      const hook = duringHold;
      duringHold = null;
      await hook?.();
    },
  });
  member = await enrolMember(server);
  await giveCash(member, 1_000_000);
  await setClock('2026-11-23T03:00:00Z');
});
afterAll(async () => {
  await server?.close();
});

describe('ingest', () => {
  it('applies a page once, in seq order, and stores the cursor with it', async () => {
    const page = log.add(
      { type: 'fixture', fixture: feedFixture('f1', { startsAt: KICK_OFF }) },
      { type: 'market', market: feedMarket('f1', 'winner3', [210, 330, 350]) },
      { type: 'market', market: feedMarket('f1', 'handicap', [190, 190]) },
      { type: 'market', market: feedMarket('f1', 'total', [185, 195]) },
      { type: 'market', market: feedMarket('f1', 'bothScore', [170, 205]) },
    );
    const first = await apply(page);
    expect(first).toMatchObject({ cursor: 5, applied: 5, gap: false });
    const again = await apply(page);
    expect(again).toMatchObject({ cursor: 5, applied: 0, gap: false });
    expect(await server.rows('select cursor::int from sport_feed_state')).toEqual([{ cursor: 5 }]);
    const fixture = await server.call('sportFixture', { fixtureId: 'f1' }, { token: member.token });
    expect(fixture.resultCode).toBe('0');
    expect(fixture.data!.fixture.markets.map((m) => m.kind)).toEqual(['bothScore', 'handicap', 'total', 'winner3']);
    expect(fixture.data!.seq).toBe(1);
  });

  it('sorts a page out of order, stops at a gap and takes the rest when the missing message comes', async () => {
    const [six, seven, eight, nine] = log.add(
      { type: 'fixture', fixture: feedFixture('f2', { sport: 'basketball', startsAt: KICK_OFF, model: { kind: 'points', homeMean: 80, awayMean: 78, sd: 12, periods: 4, periodSeconds: 600 } }) },
      { type: 'market', market: feedMarket('f2', 'winner2', [150, 250]) },
      { type: 'market', market: feedMarket('f2', 'total', [190, 190]) },
      { type: 'market', market: feedMarket('f2', 'handicap', [190, 190]) },
    );
    expect(await apply([seven!, six!])).toMatchObject({ cursor: 7, applied: 2, gap: false });
    expect(await apply([nine!])).toMatchObject({ cursor: 7, applied: 0, gap: true });
    expect(await server.count('sport_markets')).toBe(5);
    expect(await apply([nine!, eight!, seven!])).toMatchObject({ cursor: 9, applied: 2, gap: false });
    expect(await server.count('sport_markets')).toBe(7);
  });

  it('keeps the newer state of a subject when an older one comes after it (market version, scoreSeq)', async () => {
    await apply(log.add(
      { type: 'market', market: feedMarket('f2', 'winner2', [160, 235], { version: 3 }) },
      { type: 'market', market: feedMarket('f2', 'winner2', [155, 240], { version: 2 }) },
    ));
    const [market] = await server.rows<{ feed_version: number; selections: { oddsCents: number }[] }>(
      `select feed_version, selections from sport_markets where market_id = 'f2.winner2'`);
    expect(market!.feed_version).toBe(3);
    expect(market!.selections.map((s) => s.oddsCents)).toEqual([160, 235]);
  });

  it('publishes each change on the fixture topic and the list topic, one seq after the other', async () => {
    const before = server.push.topicPushed.length;
    await apply(log.add({ type: 'market', market: feedMarket('f2', 'winner2', [165, 230], { version: 4 }) }));
    const pushed = server.push.topicPushed.slice(before);
    const onFixture = pushed.filter((p) => p.destination === '/topic/sport/fixture/f2').map((p) => p.body as { seq: number; markets: { version: number }[] });
    const onList = pushed.filter((p) => p.destination === '/topic/sport/list').map((p) => p.body as { seq: number });
    expect(onFixture).toHaveLength(1);
    expect(onFixture[0]!.markets.map((m) => m.version)).toEqual([4]);
    const [state] = await server.rows<{ topic_seq: number }>(`select topic_seq::int from sport_fixtures where fixture_id = 'f2'`);
    expect(onFixture[0]!.seq).toBe(state!.topic_seq);
    expect(onList).toHaveLength(1);
    const list = await server.call('sportList', { view: 'prematch', sport: 'basketball' }, { token: member.token });
    expect(list.data!.seq).toBe(onList[0]!.seq);
  });

  it('resumes after a restart from the stored cursor, and a snapshot never takes a subject back', async () => {
    await server.restart();
    await setClock('2026-11-23T03:00:00Z');
    expect(await apply(log.all.slice(0, 10))).toMatchObject({ cursor: log.seq, applied: 0 });
    const applied = await ingest().applySnapshot({
      cursor: log.seq, fixtures: [feedFixture('f2', { sport: 'basketball', startsAt: KICK_OFF })],
      markets: [feedMarket('f2', 'winner2', [150, 250], { version: 1 })], scores: [], results: [],
    });
    expect(applied.cursor).toBe(log.seq);
    const [market] = await server.rows<{ feed_version: number }>(`select feed_version from sport_markets where market_id = 'f2.winner2'`);
    expect(market!.feed_version).toBe(4);
  });
});

describe('the member’s book', () => {
  it('lists a view with main markets and leagues, and answers the rules with the member’s limits', async () => {
    const list = await server.call('sportList', { view: 'prematch' }, { token: member.token });
    expect(list.resultCode).toBe('0');
    const f1 = list.data!.fixtures.find((f) => f.fixtureId === 'f1')!;
    expect(f1.markets.map((m) => m.kind).sort()).toEqual(['handicap', 'total', 'winner3']);
    expect(list.data!.leagues.map((l) => [l.leagueId, l.count])).toEqual([['basketball-league', 1], ['soccer-league', 1]]);
    const rules = await server.call('sportRules', {}, { token: member.token });
    expect(rules.data!.rules.maxLegs).toBe(10);
    expect(rules.data!.limits).toEqual({ minStake: 1_000, maxStake: 1_000_000, maxPayout: 10_000_000 });
    expect((await server.callUnchecked('sportFixture', { fixtureId: 'nope' }, { token: member.token })).resultCode).toBe('B0201');
    expect((await server.callUnchecked('sportList', { view: 'sideways' }, { token: member.token })).resultCode).toBe('R003');
  });
});

describe('placing', () => {
  it('takes a single: the stake out in one posting, the bet in the history as a sports bet', async () => {
    const before = await cash();
    const answer = await bet([leg('f1.winner3.home', 210)], 10_000);
    expect(answer.resultCode).toBe('0');
    const placed = (answer.data as { bet: SportBetPlaced }).bet;
    expect(placed).toMatchObject({ oddsCents: 210, bonusCents: 100, stake: 10_000, potentialWin: 21_000 });
    expect(placed.legs[0]).toMatchObject({ fixtureId: 'f1', kind: 'winner3', key: 'home', oddsCents: 210, outcome: null });
    expect(await cash()).toBe(before - 10_000);
    const list = await server.call('betList', { groupKey: 'sport' }, { token: member.token });
    expect(list.data!.list[0]).toMatchObject({ groupKey: 'sport', type: 'wait', cash: 10_000, vendorCode: 'soccer' });
    const detail = await server.call('betDetail', { betId: placed.betId }, { token: member.token });
    expect(detail.data!.bet.outcome).toMatchObject({ kind: 'sport', sport: { oddsCents: 210, potentialWin: 21_000, revision: 0 } });
    await invariants();
  });

  it('refuses a changed price with the new one (B6101), and takes a better one only when the member accepts better odds', async () => {
    await apply(log.add({ type: 'market', market: feedMarket('f1', 'winner3', [220, 320, 340], { version: 2 }) }));
    const before = { cash: await cash(), bets: await server.count('sport_bets') };
    const refused = await bet([leg('f1.winner3.home', 210, 1)], 10_000);
    expect(refused.resultCode).toBe('B6101');
    expect((refused.data as SportLegsRefusal).legs).toEqual([{ selectionId: 'f1.winner3.home', oddsCents: 220, version: 2, status: 'open' }]);
    expect({ cash: await cash(), bets: await server.count('sport_bets') }).toEqual(before);
    const better = await bet([leg('f1.winner3.home', 210, 1)], 11_000, { acceptBetterOdds: true });
    expect(better.resultCode).toBe('0');
    expect((better.data as { bet: SportBetPlaced }).bet.oddsCents).toBe(220);
    await apply(log.add({ type: 'market', market: feedMarket('f1', 'winner3', [205, 330, 350], { version: 3 }) }));
    const worse = await bet([leg('f1.winner3.home', 220, 2)], 12_000, { acceptBetterOdds: true });
    expect(worse.resultCode).toBe('B6101');
    expect((worse.data as SportLegsRefusal).legs[0]).toMatchObject({ oddsCents: 205, version: 3 });
    await invariants();
  });

  it('refuses a suspended market (B6102) and the old version after it reopens (B6101)', async () => {
    expect((await server.admin('POST', '/admin/api/sports/markets/f1.total/status', { action: 'suspend' })).status).toBe(200);
    const suspended = await bet([leg('f1.total.over', 185)], 10_000);
    expect(suspended.resultCode).toBe('B6102');
    expect((suspended.data as SportLegsRefusal).legs[0]).toMatchObject({ status: 'suspended', version: 2 });
    expect((await server.admin('POST', '/admin/api/sports/markets/f1.total/status', { action: 'reopen' })).status).toBe(200);
    expect((await bet([leg('f1.total.over', 185, 1)], 10_000)).resultCode).toBe('B6101');
    expect((await bet([leg('f1.total.over', 185, 3)], 10_000)).resultCode).toBe('0');
    expect(server.push.topicPushed.some((p) => p.destination === '/topic/sport/fixture/f1'
      && (p.body as { markets: { marketId: string; status: string }[] }).markets.some((m) => m.marketId === 'f1.total' && m.status === 'suspended'))).toBe(true);
  });

  it('refuses legs that may not go together (B6103): one market twice, a same-fixture pair the sport forbids', async () => {
    expect((await bet([leg('f1.winner3.home', 205, 3), leg('f1.winner3.draw', 330, 3)], 10_000)).resultCode).toBe('B6103');
    expect((await bet([leg('f1.winner3.home', 205, 3), leg('f1.winner3.home', 205, 3)], 10_000)).resultCode).toBe('B6103');
    expect((await bet([leg('f2.winner2.home', 165, 4), leg('f2.total.over', 190, 1)], 10_000)).resultCode).toBe('B6103');
    // Soccer has no same-fixture rule: the winner with the total goes.
    expect((await bet([leg('f1.winner3.home', 205, 3), leg('f1.bothScore.yes', 170, 1)], 10_000)).resultCode).toBe('0');
  });

  it('refuses a single under the minimum odds (B6104), too many legs (B6105), stakes outside the level (B6001, B6002) and a payout over the cap (B6003)', async () => {
    await apply(log.add(
      { type: 'fixture', fixture: feedFixture('f3', { startsAt: KICK_OFF }) },
      { type: 'market', market: feedMarket('f3', 'winner3', [120, 600, 900]) },
      // Its in-play copy: the results page shows a fixture's pre-match markets, not both.
      { type: 'market', market: feedMarket('f3', 'winner3', [110, 700, 1000], { marketId: 'f3.live.winner3', live: true, status: 'suspended' }) },
    ));
    expect((await bet([leg('f3.winner3.home', 120)], 10_000)).resultCode).toBe('B6104');
    await settings({ rules: { maxLegs: 2 } });
    expect((await bet([leg('f1.winner3.away', 350, 3), leg('f2.winner2.away', 230, 4), leg('f3.winner3.draw', 600)], 10_000)).resultCode).toBe('B6105');
    await settings({ rules: { maxLegs: 10 } });
    expect((await bet([leg('f3.winner3.draw', 600)], 999)).resultCode).toBe('B6001');
    expect((await bet([leg('f3.winner3.draw', 600)], 1_000_001)).resultCode).toBe('B6002');
    expect((await bet([leg('f3.winner3.draw', 600)], undefined)).resultCode).toBe('B6001');
    expect((await bet([leg('f3.winner3.draw', 600)], '12abc')).resultCode).toBe('R003');
    await settings({ levelLimits: { 1: { minStake: 1_000, maxStake: 1_000_000, maxPayout: 100_000 } } });
    expect((await bet([leg('f3.winner3.draw', 600)], 20_000)).resultCode).toBe('B6003');
    expect((await bet([leg('f3.winner3.draw', 600)], 10_000)).resultCode).toBe('0');
    // The member's waiting bets on the fixture count: 60,000 + 60,000 passes 100,000.
    expect((await bet([leg('f3.winner3.away', 900)], 7_000)).resultCode).toBe('B6003');
    await settings({ levelLimits: { 1: { minStake: 1_000, maxStake: 1_000_000, maxPayout: 10_000_000 } } });
    await invariants();
  });

  it('refuses the same slip again (B6005), an unknown selection (B0201), a member without permission (B1001), without money (B6000) or suspended (B1002)', async () => {
    expect((await bet([leg('f3.winner3.draw', 600)], 10_000)).resultCode).toBe('B6005');
    expect((await bet([leg('f3.winner3.nope', 600)], 10_000)).resultCode).toBe('B0201');
    await server.admin('PUT', `/admin/api/minigames/members/${member.memId}/bet-permission`, { allowed: false });
    expect((await bet([leg('f3.winner3.away', 900)], 5_000)).resultCode).toBe('B1001');
    await server.admin('PUT', `/admin/api/minigames/members/${member.memId}/bet-permission`, { allowed: true });
    const poor = await enrolMember(server);
    expect((await bet([leg('f3.winner3.away', 900)], 5_000, { token: poor.token })).resultCode).toBe('B6000');
    await server.admin('PUT', `/admin/api/members/${poor.memId}/restrictions`, { suspended: true });
    expect((await bet([leg('f3.winner3.away', 900)], 5_000, { token: poor.token })).resultCode).toBe('B1002');
    await invariants();
  });

  it('closes pre-match markets at kick-off less the operator’s minutes', async () => {
    await settings({ rules: { prematchCloseSeconds: 7_200 } });
    expect((await bet([leg('f3.winner3.away', 900)], 5_000)).resultCode).toBe('B6102');
    await settings({ rules: { prematchCloseSeconds: 0 } });
    expect((await bet([leg('f3.winner3.away', 900)], 5_000)).resultCode).toBe('0');
  });

  it('suspends a market whose selection passes the operator’s exposure limit, and hides what the operator switched off', async () => {
    await apply(log.add(
      { type: 'fixture', fixture: feedFixture('e1', { startsAt: KICK_OFF }) },
      { type: 'market', market: feedMarket('e1', 'winner3', [250, 320, 280]) },
    ));
    await settings({ exposureLimit: 30_000 });
    expect((await bet([leg('e1.winner3.home', 250)], 10_000)).resultCode).toBe('0');
    const passing = await bet([leg('e1.winner3.home', 250)], 4_000);
    expect(passing.resultCode).toBe('0');
    const [market] = await server.rows<{ override: string | null; site_bump: number }>(`select override, site_bump from sport_markets where market_id = 'e1.winner3'`);
    expect(market).toEqual({ override: 'suspended', site_bump: 1 });
    expect((await bet([leg('e1.winner3.away', 280, 2)], 5_000)).resultCode).toBe('B6102');
    const exposure = await server.admin('GET', '/admin/api/sports/fixtures/e1/exposure');
    expect((exposure.body as unknown as { selections: { selectionId: string; liability: number; bets: number }[] }).selections[0])
      .toMatchObject({ selectionId: 'e1.winner3.home', liability: 35_000, bets: 2 });
    await settings({ exposureLimit: 0 });
    expect((await server.admin('POST', '/admin/api/sports/markets/e1.winner3/status', { action: 'reopen' })).status).toBe(200);
    expect((await server.admin('PUT', '/admin/api/sports/fixtures/e1', { enabled: false })).status).toBe(200);
    const list = await server.call('sportList', { view: 'prematch' }, { token: member.token });
    expect(list.data!.fixtures.map((f) => f.fixtureId)).not.toContain('e1');
    expect((await bet([leg('e1.winner3.away', 280, 3)], 5_000)).resultCode).toBe('B6102');
    expect((await server.admin('PUT', '/admin/api/sports/fixtures/e1', { enabled: true })).status).toBe(200);
    expect((await server.admin('PUT', '/admin/api/sports/leagues/soccer-league', { enabled: false })).status).toBe(200);
    expect((await bet([leg('e1.winner3.away', 280, 3)], 5_000)).resultCode).toBe('B6102');
    expect((await server.admin('PUT', '/admin/api/sports/leagues/soccer-league', { enabled: true })).status).toBe(200);
    expect((await bet([leg('e1.winner3.away', 280, 3)], 5_000)).resultCode).toBe('0');
    expect((await server.admin('PUT', '/admin/api/sports/settings', { rules: { maxLegs: 11 } })).status).toBe(400);
    expect((await server.admin('PUT', '/admin/api/sports/leagues/nope', { enabled: false })).status).toBe(404);
  });

  it('pays a folder bonus at three legs of at least 1.30', async () => {
    await apply(log.add(
      { type: 'fixture', fixture: feedFixture('f4', { startsAt: KICK_OFF }) },
      { type: 'market', market: feedMarket('f4', 'winner3', [150, 380, 500]) },
    ));
    const answer = await bet([leg('f1.handicap.home', 190), leg('f2.handicap.away', 190), leg('f4.winner3.home', 150)], 10_000);
    expect(answer.resultCode).toBe('0');
    const placed = (answer.data as { bet: SportBetPlaced }).bet;
    // 1.90 × 1.90 = 3.61, × 1.50 = 5.41 (each step floored), × 1.03 = 5.57.
    expect(placed).toMatchObject({ oddsCents: 541, bonusCents: 103, potentialWin: 55_700 });
  });
});

describe('live bets', () => {
  beforeAll(async () => {
    await apply(log.add(
      { type: 'fixture', fixture: feedFixture('l1', { startsAt: '2026-11-23T02:30:00.000Z', status: 'live' }) },
      { type: 'score', score: feedScore('l1', 0, 0, 1) },
      { type: 'market', market: feedMarket('l1', 'winner3', [200, 320, 380], { live: true, scoreSeq: 1 }) },
    ));
  });

  it('are singles only (B6107)', async () => {
    expect((await bet([leg('l1.winner3.home', 200), leg('f4.winner3.home', 150)], 10_000)).resultCode).toBe('B6107');
  });

  it('are taken after the hold when nothing changed', async () => {
    expect((await bet([leg('l1.winner3.home', 200)], 10_000)).resultCode).toBe('0');
  });

  it('are refused after the hold when a goal landed during it (B6106), and nothing is taken', async () => {
    const before = await cash();
    duringHold = async () => {
      await apply(log.add({ type: 'score', score: feedScore('l1', 1, 0, 2) }));
    };
    expect((await bet([leg('l1.winner3.draw', 320)], 10_000)).resultCode).toBe('B6106');
    expect(await cash()).toBe(before);
  });
});

describe('settling', () => {
  it('pays each bet once for a result, whatever the replays', async () => {
    const before = await cash();
    const result = log.add({ type: 'result', result: feedResult('f3', 1, { 'f3.winner3': { home: 'lose', draw: 'win', away: 'lose' } }) });
    await apply(result);
    await apply(result);
    await ingest().settle();
    // f3: a draw single of 10,000 at 6.00 wins 60,000; the away single (5,000 at 9.00) loses.
    expect(await cash()).toBe(before + 60_000);
    const rows = await server.rows<{ status: string; paid: number; revision: number }>(`select b.status, b.paid::int, b.revision from sport_bets b
      join sport_bet_legs l on l.bet_id = b.id where l.fixture_id = 'f3' order by b.id`);
    expect(rows.map((r) => r.status).sort()).toEqual(['lose', 'win']);
    expect(rows.every((r) => r.revision === 1)).toBe(true);
    expect(await server.count('sport_settlements')).toBe(2);
    await invariants();
  });

  it('re-settles a corrected result: the reversal and the new payout in one transaction', async () => {
    const before = await cash();
    await apply(log.add({ type: 'result', result: feedResult('f3', 2, { 'f3.winner3': { home: 'lose', draw: 'lose', away: 'win' } }) }));
    // The draw bet gives its 60,000 back; the away bet (5,000 at 9.00) now wins 45,000.
    expect(await cash()).toBe(before - 60_000 + 45_000);
    expect(await server.rows(`select count(*)::int as n from sport_settlements where revision = 2`)).toEqual([{ n: 2 }]);
    expect(await server.rows(`select kind, count(*)::int as n from ledger_transactions where kind like 'sport.settle%' group by kind order by kind`))
      .toEqual([{ kind: 'sport.settle', n: 2 }, { kind: 'sport.settle.reversal', n: 1 }]);
    const history = await server.call('betList', { groupKey: 'sport' }, { token: member.token });
    expect(history.data!.list.filter((b) => b.roundId === 'f3').map((b) => b.type).sort()).toEqual(['lose', 'win']);
    await invariants();
  });

  it('counts void legs at 1.00 and gives the stake back when every leg is void', async () => {
    const before = await cash();
    await apply(log.add(
      { type: 'result', result: feedResult('f1', 1, {
        'f1.winner3': { home: 'win', draw: 'lose', away: 'lose' }, 'f1.handicap': { home: 'void', away: 'void' },
        'f1.total': { over: 'win', under: 'lose' }, 'f1.bothScore': { yes: 'win', no: 'lose' },
      }) },
      { type: 'result', result: feedResult('f2', 1, {}, 'cancelled') },
      { type: 'result', result: feedResult('f4', 1, { 'f4.winner3': { home: 'win', draw: 'lose', away: 'lose' } }) },
    ));
    const combo = await server.rows<{ status: string; paid: number }>(`select b.status, b.paid::int from sport_bets b
      where exists (select 1 from sport_bet_legs l where l.bet_id = b.id and l.selection_id = 'f4.winner3.home')`);
    // f1 handicap void, f2 cancelled (void), f4 home 1.50: one winning leg, no bonus: 15,000.
    expect(combo).toEqual([{ status: 'win', paid: 15_000 }]);
    // f1 singles: 10,000 at 2.10 and 11,000 at 2.20 on home win (21,000 + 24,200); total over at 1.85 (18,500); home+bothScore (2.05 × 1.70 = 3.48: 34,800).
    expect(await cash()).toBe(before + 21_000 + 24_200 + 18_500 + 34_800 + 15_000);
    await invariants();
  });

  it('leaves a member who cannot cover a claw-back owing, never below zero', async () => {
    const winner = await enrolMember(server);
    await giveCash(winner, 10_000);
    await apply(log.add(
      { type: 'fixture', fixture: feedFixture('f5', { startsAt: KICK_OFF }) },
      { type: 'market', market: feedMarket('f5', 'winner3', [300, 300, 250]) },
      { type: 'fixture', fixture: feedFixture('f6', { startsAt: KICK_OFF }) },
      { type: 'market', market: feedMarket('f6', 'winner3', [300, 300, 250]) },
    ));
    expect((await bet([leg('f5.winner3.home', 300)], 10_000, { token: winner.token })).resultCode).toBe('0');
    await apply(log.add({ type: 'result', result: feedResult('f5', 1, { 'f5.winner3': { home: 'win', draw: 'lose', away: 'lose' } }) }));
    expect(await cash(winner)).toBe(30_000);
    expect((await bet([leg('f6.winner3.home', 300)], 25_000, { token: winner.token })).resultCode).toBe('0');
    await apply(log.add({ type: 'result', result: feedResult('f5', 2, { 'f5.winner3': { home: 'lose', draw: 'lose', away: 'win' } }) }));
    expect(await cash(winner)).toBe(0);
    expect(await server.rows(`select amount::int from sport_debts where member_id = ${winner.memberId}`)).toEqual([{ amount: 25_000 }]);
    await invariants();
  });

  it('takes the operator’s result, void market and void bet, each audited', async () => {
    const before = await cash();
    const placed = await bet([leg('f6.winner3.draw', 300)], 10_000);
    expect(placed.resultCode).toBe('0');
    const betId = (await server.rows<{ id: number }>(`select id::int from sport_bets order by id desc limit 1`))[0]!.id;
    expect((await server.admin('POST', `/admin/api/sports/bets/${betId}/void`)).status).toBe(200);
    expect(await cash()).toBe(before);
    const other = await bet([leg('f6.winner3.away', 250)], 10_000);
    expect(other.resultCode).toBe('0');
    expect((await server.admin('POST', '/admin/api/sports/markets/f6.winner3/void')).status).toBe(200);
    expect(await cash()).toBe(before);
    const entered = await server.admin('POST', '/admin/api/sports/fixtures/f6/result', {
      status: 'final', home: 1, away: 0, markets: [{ marketId: 'f6.winner3', outcomes: { home: 'win', draw: 'lose', away: 'lose' } }],
    });
    expect(entered.status).toBe(200);
    // The market stays void: nothing changes for the away bet.
    expect(await cash()).toBe(before);
    const exposure = await server.admin('GET', '/admin/api/sports/fixtures/f6/exposure');
    expect(exposure.status).toBe(200);
    expect(await server.rows(`select count(*)::int as n from audit_log where action like 'sport.%'`)).not.toEqual([{ n: 0 }]);
    const results = await server.call('sportResults', { tab: 'winloose', page: 1 }, { token: member.token });
    expect(results.resultCode).toBe('0');
    const f3 = results.data!.list.find((r) => r.fixture.fixtureId === 'f3')!;
    expect(f3.markets.map((m) => m.marketId)).toEqual(['f3.winner3']);
    expect(f3.markets[0]!.outcomes).toEqual({ home: 'lose', draw: 'lose', away: 'win' });
    await invariants();
  });
});
