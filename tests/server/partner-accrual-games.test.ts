/**
 * Partner commission accrued by the real settlement paths, not by hand-written bets rows: a member under a
 * two-level line (a distributor and its store, each with rates for the mini game, sports singles and
 * sports combinations) plays a powerball round settled by its draw, and a sports single and a combination
 * settled by the feed's results; the operator's accrual view shows each partner's rolling and losing with
 * the rates used. The clock is the test's (Seoul noon).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../contract/codes';
import type { PartnerLevel, RateEntry } from '../../contract/partner';
import type { SportBetPlaced } from '../../contract/sports';
import { sportsOf } from '../../server/app';
import { enrolMember, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { FeedLog, feedFixture, feedMarket, feedResult } from './sportsFeed';

let server: TestServer;
let top: TestMember;
let store: TestMember;
let member: TestMember;
let key = 0;
const nextKey = () => `partner-games-${process.pid}-${(key += 1)}`;
const log = new FeedLog();
const KICK_OFF = '2026-11-23T05:00:00.000Z';

const rates = (mini: [number, number], single: [number, number], combo: [number, number]): RateEntry[] => [
  { product: 'miniGame', kind: 'rolling', rateBp: mini[0] }, { product: 'miniGame', kind: 'losing', rateBp: mini[1] },
  { product: 'sportsSingle', kind: 'rolling', rateBp: single[0] }, { product: 'sportsSingle', kind: 'losing', rateBp: single[1] },
  { product: 'sportsCombo', kind: 'rolling', rateBp: combo[0] }, { product: 'sportsCombo', kind: 'losing', rateBp: combo[1] },
];

async function setClock(iso: string) {
  expect((await server.admin('PUT', '/admin/api/test/clock', { now: iso })).status).toBe(200);
}
async function partner(level: PartnerLevel, parent: TestMember | null, entries: RateEntry[]): Promise<TestMember> {
  const made = await enrolMember(server);
  expect((await server.admin('POST', `/admin/api/partners/${made.memId}/make`, { level, parentMemId: parent?.memId ?? null })).status).toBe(200);
  expect((await server.admin('PUT', `/admin/api/partners/${made.memId}/rates`, { rates: entries })).status).toBe(200);
  return made;
}

interface Accrued { partnerMemId: string; product: string; stake: number; win: number; rollingBp: number; losingBp: number; rolling: number; losing: number }

/** The bets row a game's settlement wrote (`where` finds it) and what the operator sees it accrued. */
async function accrualOf(where: string): Promise<{ type: string; win: number; accruals: [string, string, number, number, number, number][] }> {
  const [bet] = await server.rows<{ id: string; type: string; win: string }>(`select id, type, win from bets where ${where}`);
  const answer = await server.admin('GET', `/admin/api/partners/accruals/${bet!.id}`);
  expect(answer.status).toBe(200);
  const accruals = (answer.body as unknown as { accruals: Accrued[] }).accruals
    .map((a) => [a.partnerMemId, a.product, a.rollingBp, a.losingBp, Number(a.rolling), Number(a.losing)] as [string, string, number, number, number, number]);
  return { type: bet!.type, win: Number(bet!.win), accruals };
}

beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  // 12:01 Seoul: the 5-minute powerball round drawing at 12:05 takes bets.
  await setClock('2026-11-23T03:01:00Z');
  top = await partner('PTN_4', null, rates([150, 2500], [200, 3000], [300, 3500]));
  store = await partner('PTN_5', top, rates([100, 1000], [120, 1500], [200, 2000]));
  member = await enrolMember(server, { recommenderId: store.memId });
  await server.rows(`select ledger_post('seed-${member.memberId}', 'test.grant', array[${member.memberId}, null]::bigint[], array[null, 'coupons']::text[],
    array['KRW','KRW']::text[], array[100000, -100000]::bigint[])`);
});
afterAll(async () => {
  await server?.close();
});

describe('accrual on the games\' own settlement', () => {
  it('a powerball bet settled by its round\'s draw accrues to the store and its distributor', async () => {
    expect((await server.admin('POST', '/admin/api/minigames/tick')).status).toBe(200);
    const board = await server.call('miniBoard', { game: 'powerball' }, { token: member.token });
    const round = board.data!.round!;
    const placed = await server.callUnchecked('betProc', {
      idempotencyKey: nextKey(), game: 'powerball', roundId: round.roundId, market: 'pbOddEven', selection: 'odd', amount: 10_000,
    }, { token: member.token }) as ApiAnswer<{ bet: { betId: number } }>;
    expect(placed.resultCode).toBe('0');
    const source = `source_ref = 'mini:${placed.data!.bet.betId}'`;
    expect((await accrualOf(source)).accruals).toEqual([]); // waiting: nothing yet
    await setClock('2026-11-23T03:05:01Z');
    expect((await server.admin('POST', '/admin/api/minigames/tick')).status).toBe(200);
    const { type, win, accruals } = await accrualOf(source);
    // Rolling on 10,000: the chain 150 (distributor 150 - 100 = 50, store 100). Losing on 10,000 - win - 150.
    if (type === 'lose') {
      // 9,850: distributor floor(2,462.5) - floor(985) = 1,477, store 985.
      expect(accruals).toEqual([[top.memId, 'miniGame', 150, 2500, 50, 1477], [store.memId, 'miniGame', 100, 1000, 100, 985]]);
    } else {
      // Won 19,500: -9,650: distributor floor(-2,412.5) - floor(-965) = -1,448, store -965.
      expect([type, win]).toEqual(['win', 19_500]);
      expect(accruals).toEqual([[top.memId, 'miniGame', 150, 2500, 50, -1448], [store.memId, 'miniGame', 100, 1000, 100, -965]]);
    }
  });

  it('a sports single and a combination settled by the results accrue under their own products', async () => {
    const ingest = sportsOf(server.app).ingest;
    await ingest.applyMessages(log.add(
      { type: 'fixture', fixture: feedFixture('p1', { startsAt: KICK_OFF }) },
      { type: 'market', market: feedMarket('p1', 'winner3', [210, 330, 350]) },
      { type: 'fixture', fixture: feedFixture('p2', { startsAt: KICK_OFF }) },
      { type: 'market', market: feedMarket('p2', 'winner3', [150, 380, 500]) },
    ));
    const sportBet = async (legs: { selectionId: string; oddsCents: number }[]) => {
      const answer = await server.callUnchecked('betProc', {
        idempotencyKey: nextKey(), game: 'sport', legs: legs.map((l) => ({ ...l, version: 1 })), amount: 10_000, acceptBetterOdds: false,
      }, { token: member.token }) as ApiAnswer<{ bet: SportBetPlaced }>;
      expect(answer.resultCode).toBe('0');
      return `id = ${Number(answer.data!.bet.betId)}`; // the betting history's id
    };
    const single = await sportBet([{ selectionId: 'p1.winner3.home', oddsCents: 210 }]);
    const combo = await sportBet([{ selectionId: 'p1.winner3.away', oddsCents: 350 }, { selectionId: 'p2.winner3.home', oddsCents: 150 }]);
    await ingest.applyMessages(log.add(
      { type: 'result', result: feedResult('p1', 1, { 'p1.winner3': { home: 'win', draw: 'lose', away: 'lose' } }) },
      { type: 'result', result: feedResult('p2', 1, { 'p2.winner3': { home: 'win', draw: 'lose', away: 'lose' } }) },
    ));
    await ingest.settle();
    // The single won 21,000 on 10,000: rolling 200 (distributor 80, store 120); losing on 10,000 - 21,000 - 200 = -11,200:
    // distributor floor(-3,360) - floor(-1,680) = -1,680, store -1,680.
    expect(await accrualOf(single)).toEqual({ type: 'win', win: 21_000, accruals: [
      [top.memId, 'sportsSingle', 200, 3000, 80, -1680], [store.memId, 'sportsSingle', 120, 1500, 120, -1680]] });
    // The combination lost: rolling 300 (distributor 100, store 200); losing on 9,700: distributor 3,395 - 1,940 = 1,455, store 1,940.
    expect(await accrualOf(combo)).toEqual({ type: 'lose', win: 0, accruals: [
      [top.memId, 'sportsCombo', 300, 3500, 100, 1455], [store.memId, 'sportsCombo', 200, 2000, 200, 1940]] });
  });
});
