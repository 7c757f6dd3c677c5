/**
 * The sportsbook on the house odds feed mounted in the site (oddsFeed/mount.ts), reached over HTTP through the
 * feed adapter like any other feed: the first step takes a snapshot, the next ones the messages after the
 * stored cursor; a member bets on a virtual match at the listed price, the feed plays it to the end, and the
 * result settles the bet once; the ledger invariants hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SportFixtureMarkets } from '../../contract/sports';
import { sportsOf } from '../../server/app';
import { findLeague } from '../../oddsFeed/catalogue';
import { createManualFeedClock } from '../../oddsFeed/clock';
import { verifyFixture } from '../../oddsFeed/model';
import { checkLedgerInvariants } from './invariants';
import { enrolMember, type TestMember } from './fixtures';
import { loadConfig } from '../../server/config';
import { startTestServer, type TestServer } from './harness';

const START = new Date('2026-11-23T03:00:00Z');
const feedClock = createManualFeedClock(START);
let seeds = 0;
let server: TestServer;
let member: TestMember;

const sportsbook = () => sportsOf(server.app);
async function feedTick(ms: number) {
  feedClock.set(new Date(feedClock.now().getTime() + ms));
  await sportsbook().feed()!.engine.tick();
}

beforeAll(async () => {
  // The feed's fault switch on (FEED_FAULTS=1): the last test has it drop, duplicate and reorder what it serves.
  const feed = loadConfig({ NODE_ENV: 'test', FEED_FAULTS: '1' }).feed;
  server = await startTestServer({ testClock: true, feed }, {
    listen: true,
    feedMount: { clock: feedClock, leagues: [findLeague('vsoccer')!], newSeed: () => `${'5e'.repeat(31)}${String((seeds += 1) % 100).padStart(2, '0')}` },
  });
  expect((await server.admin('PUT', '/admin/api/test/clock', { now: START.toISOString() })).status).toBe(200);
  member = await enrolMember(server);
  await server.rows(`select ledger_post('seed-feed-${member.memberId}', 'test.grant', array[${member.memberId}, null]::bigint[], array[null, 'coupons']::text[], array['KRW','KRW']::text[], array[100000, -100000]::bigint[])`);
  await sportsbook().feed()!.engine.tick();
});
afterAll(async () => {
  await server?.close();
});

describe('the sportsbook on the mounted house feed', () => {
  let fixture: SportFixtureMarkets;

  it('takes a snapshot first, then the messages after its cursor', async () => {
    const first = await sportsbook().ingest.step(0);
    expect(first.applied).toBeGreaterThan(0);
    const [state] = await server.rows<{ cursor: number; snapshot_taken: boolean }>('select cursor::int, snapshot_taken from sport_feed_state');
    expect(state).toEqual({ cursor: first.cursor, snapshot_taken: true });
    const list = await server.call('sportList', { view: 'virtual' }, { token: member.token });
    expect(list.resultCode).toBe('0');
    fixture = list.data!.fixtures.find((f) => Date.parse(f.startsAt) > START.getTime() + 30_000 && f.markets.some((m) => m.kind === 'winner3' && m.status === 'open'))!;
    expect(fixture).toBeDefined();
    await feedTick(1_000);
    const next = await sportsbook().ingest.step(0);
    expect(next.cursor).toBeGreaterThanOrEqual(first.cursor);
  });

  it('places at the listed price and settles once when the feed’s result comes', async () => {
    const market = fixture.markets.find((m) => m.kind === 'winner3')!;
    const selection = market.selections.find((s) => s.key === 'home')!;
    const placed = await server.call('betProc', {
      idempotencyKey: 'feed-bet-0001', game: 'sport', legs: [{ selectionId: selection.selectionId, oddsCents: selection.oddsCents, version: market.version }],
      amount: 10_000, acceptBetterOdds: true,
    }, { token: member.token });
    expect(placed.resultCode, placed.resultMessage).toBe('0');
    for (let step = 0; step < 80; step += 1) {
      await feedTick(15_000);
      let applied;
      do applied = await sportsbook().ingest.step(0); while (applied.applied > 0 || applied.gap);
      const [row] = await server.rows<{ result_rev: number }>(`select result_rev from sport_fixtures where fixture_id = '${fixture.fixtureId}'`);
      if (row!.result_rev > 0) break;
    }
    const [bet] = await server.rows<{ status: string; revision: number; paid: number }>(`select status, revision, paid::int from sport_bets`);
    expect(bet!.status).not.toBe('wait');
    expect(bet!.revision).toBe(1);
    const [history] = await server.rows<{ type: string; win: number }>(`select type, win::int from bets where group_key = 'sport'`);
    expect(history).toEqual({ type: bet!.status, win: bet!.paid });
    expect(server.push.topicPushed.some((p) => p.destination === `/topic/sport/fixture/${fixture.fixtureId}`)).toBe(true);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });

  it('lists the finished virtual match among the virtual results with its model and seed, which replay to its score', async () => {
    const virtual = await server.call('sportResults', { tab: 'winloose', page: 1, virtual: true }, { token: member.token });
    expect(virtual.resultCode).toBe('0');
    const item = virtual.data!.list.find((r) => r.fixture.fixtureId === fixture.fixtureId)!;
    expect(item.fixture).toMatchObject({ virtual: true, status: 'ended' });
    expect(item.fixture.seed).toMatch(/^[0-9a-f]{64}$/);
    const replay = verifyFixture(item.model, item.fixture.sport, item.fixture.seed!, item.fixture.seedHash);
    expect(replay.ok).toBe(true);
    expect([replay.final.home, replay.final.away]).toEqual([item.fixture.score!.home, item.fixture.score!.away]);
    const real = await server.call('sportResults', { tab: 'winloose', page: 1, virtual: false }, { token: member.token });
    expect(real.data!.list.some((r) => r.fixture.virtual)).toBe(false);
  });

  it('ends with the feed’s state through dropped, duplicated and reordered messages and a restart', async () => {
    const drain = async () => {
      for (let k = 0; k < 200; k += 1) {
        const applied = await sportsbook().ingest.step(0);
        if (applied.applied === 0 && !applied.gap) return;
      }
      throw new Error('the ingest did not catch up');
    };
    sportsbook().feed()!.faults!.set({ dropRate: 0.3, duplicateRate: 0.3, reorderRate: 0.3 });
    for (let step = 0; step < 12; step += 1) {
      await feedTick(15_000);
      await drain();
      if (step === 5) {
        await server.restart();
        sportsbook().feed()!.faults!.set({ dropRate: 0.3, duplicateRate: 0.3, reorderRate: 0.3 });
      }
    }
    sportsbook().feed()!.faults!.set({ dropRate: 0, duplicateRate: 0, reorderRate: 0 });
    await drain();
    const truth = await sportsbook().feed()!.log.snapshot();
    const [state] = await server.rows<{ cursor: number }>('select cursor::int from sport_feed_state');
    expect(state!.cursor).toBe(truth.cursor);
    const markets = await server.rows<{ market_id: string; feed_version: number; feed_status: string }>('select market_id, feed_version, feed_status from sport_markets');
    const site = new Map(markets.map((m) => [m.market_id, `${m.feed_version}/${m.feed_status}`]));
    expect(truth.markets.length).toBeGreaterThan(0);
    for (const market of truth.markets) expect(site.get(market.marketId), market.marketId).toBe(`${market.version}/${market.status}`);
    const scores = await server.rows<{ fixture_id: string; score_seq: number }>('select fixture_id, score_seq from sport_fixtures');
    for (const score of truth.scores) expect(scores.find((f) => f.fixture_id === score.fixtureId)?.score_seq, score.fixtureId).toBe(score.scoreSeq);
    const results = await server.rows<{ n: number }>('select count(distinct fixture_id)::int as n from sport_results');
    expect(results[0]!.n).toBe(new Set(truth.results.map((r) => r.fixtureId)).size);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });

  it('follows the feed by itself once started (pages, then the push channel), and stops with the app', async () => {
    const ingest = sportsbook().ingest;
    const cursor = async () => (await server.rows<{ cursor: number }>('select cursor::int from sport_feed_state'))[0]!.cursor;
    ingest.start();
    try {
      for (let round = 0; round < 3; round += 1) {
        const before = await cursor();
        let target = before;
        // Play on until the feed has something new (a virtual match every three minutes).
        while (target === before) {
          await feedTick(30_000);
          target = (await sportsbook().feed()!.log.snapshot()).cursor;
        }
        for (let wait = 0; wait < 400 && await cursor() < target; wait += 1) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await cursor()).toBeGreaterThanOrEqual(target);
      }
    } finally {
      await ingest.stop();
    }
  });

  it('forwards the operator’s margins to the feed, audited', async () => {
    const answer = await server.admin('PUT', '/admin/api/sports/margins', { marginsBp: { winloose: 800 }, liveMarginBp: 250 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ marginsBp: { winloose: 800, handy: 600 }, liveMarginBp: 250 });
    expect((await sportsbook().feed()!.settings.read()).settings.marginsBp.winloose).toBe(800);
    expect(await server.rows(`select count(*)::int as n from audit_log where action = 'sport.margins'`)).toEqual([{ n: 1 }]);
  });
});
