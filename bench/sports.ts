/**
 * The sportsbook's phases of `npm run bench`:
 * - slips: every member places sports slips (betProc's sports kind: singles and combinations of 2-3 legs over
 *   20 fixtures, each at the price and version the member last saw, better odds accepted) while a mover
 *   changes prices through the ingest all the time; slips per second and p50/p99, a price that moved under a
 *   slip counted as its refusal (B6101);
 * - settlement: one fixture holding `legs` single bets (made in SQL, as betProc writes them) settled by its
 *   result through the ingest (every bet judged, paid, its exposure released, its history row written);
 * - latency (with the app listening): STOMP sessions on the real real-time endpoint (bench/stompSockets.mjs, a
 *   child process), each a signed-in member's tab on its member topic, some also on a fixture's topic; each
 *   price change's time from
 *   the feed's message reaching the ingest to its frame reaching each subscribed socket, p50/p99 over every
 *   socket and change, frames lost, and the server's memory per connected socket.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FeedMarket, FeedMessage } from '../contract/oddsFeed';
import { memberTopic, PUBLIC_TOPICS } from '../contract/topics';
import { sportsOf } from '../server/app';
import { sessions } from '../server/db/coreSchema';
import { WS_PATH } from '../server/realtime/index';
import { hashToken } from '../server/session/service';
import { enrolMember } from '../tests/server/fixtures';
import type { TestServer } from '../tests/server/harness';
import { FeedLog, feedFixture, feedMarket, feedResult } from '../tests/server/sportsFeed';
import { benchChild, percentile, Recorder, type Row, rowsOf, runFor } from './measure';

const FIXTURES = 20;
const KINDS = ['winner3', 'handicap', 'total'] as const;
/** The mover's pause between price changes during the slips phase. */
const MOVE_EVERY_MS = 20;

interface Price { market: FeedMarket }

export interface SportsSlips {
  rows: Row[];
  slipsPerSecond: number;
  priceChanges: number;
}

export interface SportsSettlement {
  legs: number;
  settleMs: number;
}

export interface SportsLatency {
  /** Sockets connected, and how many of them subscribed to the fixture's topic. */
  sockets: number;
  subscribed: number;
  changes: number;
  p50: number;
  p99: number;
  frames: number;
  /** Frames the subscribed sockets should have had and did not; sockets that failed to connect; sockets the server closed. */
  lost: number;
  failed: number;
  closed: number;
  /** The server process's memory (resident, and its JavaScript heap) per connected socket, from before the sockets to all connected. */
  rssPerSocketKb: number;
  heapPerSocketKb: number;
}

/** The bench's feed: fixtures kicking off tomorrow, and the last market of each id applied; its seqs go on from the ingest's cursor. */
async function makeBook(server: TestServer, run: string) {
  const log = new FeedLog();
  const [state] = await server.rows<{ cursor: string }>(`select cursor::text from sport_feed_state`);
  log.seq = Number(state?.cursor ?? 0);
  const prices = new Map<string, Price>();
  const kickOff = new Date(Date.now() + 86_400_000).toISOString();
  const apply = (messages: FeedMessage[]) => sportsOf(server.app).ingest.applyMessages(messages);
  return {
    log, prices, apply,
    async fixture(id: string): Promise<void> {
      const fixtureId = `${run}-${id}`;
      const messages = log.add({ type: 'fixture', fixture: feedFixture(fixtureId, { startsAt: kickOff }) },
        ...KINDS.map((kind) => ({ type: 'market' as const, market: feedMarket(fixtureId, kind, kind === 'winner3' ? [210, 330, 350] : [190, 190]) })));
      for (const m of messages) if (m.type === 'market') prices.set(m.market.marketId, { market: m.market });
      await apply(messages);
    },
    /** The next version of a market with its prices nudged (a few hundredths either way, never below 1.30). */
    move(marketId: string): FeedMessage[] {
      const { market } = prices.get(marketId)!;
      const next: FeedMarket = {
        ...market, version: market.version + 1,
        selections: market.selections.map((s) => ({ ...s, oddsCents: Math.max(130, s.oddsCents + Math.floor(Math.random() * 11) - 5) })),
      };
      prices.set(marketId, { market: next });
      return log.add({ type: 'market', market: next });
    },
  };
}

export async function benchSportsSlips(label: string, server: TestServer, members: { token: string }[], seconds: number, run: string): Promise<SportsSlips> {
  const limits = await server.admin('PUT', '/admin/api/sports/settings', { levelLimits: { 1: { minStake: 1_000, maxStake: 1_000_000, maxPayout: 1_000_000_000_000 } } });
  if (limits.status !== 200) throw new Error(`sports settings refused: ${JSON.stringify(limits.body)}`);
  const book = await makeBook(server, `bench${run}`);
  for (let i = 0; i < FIXTURES; i += 1) await book.fixture(`f${i}`);
  const marketIds = [...book.prices.keys()];

  console.log(`  ${label}: sports slips while prices move for ${seconds} s ...`);
  let moving = true;
  let priceChanges = 0;
  const mover = (async () => {
    while (moving) {
      await book.apply(book.move(marketIds[Math.floor(Math.random() * marketIds.length)]!));
      priceChanges += 1;
      await new Promise((resolve) => setTimeout(resolve, MOVE_EVERY_MS));
    }
  })();
  const slips = new Recorder();
  let sequence = 0;
  const slipSeconds = await runFor(seconds, members.length, async (worker) => {
    sequence += 1;
    // 1-3 legs on distinct fixtures, each at the price the member last saw; a different stake each time (no duplicate slip).
    const count = 1 + (sequence % 3);
    const first = Math.floor(Math.random() * FIXTURES);
    const legs = Array.from({ length: count }, (_, i) => {
      const fixtureId = `bench${run}-f${(first + i * 7) % FIXTURES}`;
      const { market } = book.prices.get(`${fixtureId}.${KINDS[(sequence + i) % KINDS.length]}`)!;
      const selection = market.selections[(sequence + worker) % market.selections.length]!;
      return { selectionId: selection.selectionId, oddsCents: selection.oddsCents, version: market.version };
    });
    await slips.time('sports slip (betProc)', async () => (await server.call('betProc', {
      idempotencyKey: `sport-${run}-${worker}-${sequence}`, game: 'sport', legs, amount: 1_000 + (sequence % 997) * 10, acceptBetterOdds: true,
    }, { token: members[worker]!.token })).resultCode);
  });
  moving = false;
  await mover;
  const rows = rowsOf(label, slips.all, slipSeconds);
  return { rows, slipsPerSecond: (slips.all[0]?.ok ?? 0) / slipSeconds, priceChanges };
}

/**
 * `legs` single bets on one fixture's 1X2, spread over the members: the rows betProc writes for each (its stake's
 * ledger transaction, the bet, its leg, its betting-history row, the selection's exposure) made in SQL (set-up
 * only), then the result applied through the ingest, which settles every bet; timed from the result to the last
 * bet settled.
 */
export async function benchSportsSettlement(label: string, server: TestServer, legs: number, run: string): Promise<SportsSettlement> {
  const book = await makeBook(server, `settle${run}`);
  await book.fixture('s');
  const fixtureId = `settle${run}-s`;
  const marketId = `${fixtureId}.winner3`;
  const { market } = book.prices.get(marketId)!;
  console.log(`  ${label}: placing ${legs} single bets on one fixture (set-up) ...`);
  const odds = market.selections.map((s) => s.oddsCents);
  const terms = JSON.stringify({ folderBonus: [], folderBonusMinLegOddsCents: 130, maxTotalOddsCents: 100_000, maxPayout: 1_000_000_000_000 });
  await server.rows(`with players as (
      select id as member_id, (row_number() over (order by id) - 1)::int as i, count(*) over ()::int as n
      from members where exists (select 1 from ledger_accounts a where a.member_id = members.id and a.currency = 'KRW' and a.balance > 10000000)),
    placed as (
      select g, p.member_id, ledger_post('sportBench:${run}:' || g, 'sport.stake', array[p.member_id, null]::bigint[], array[null, 'sport']::text[],
        array['KRW', 'KRW']::text[], array[-1000, 1000]::bigint[]) as posted
      from generate_series(1, ${legs}) g join players p on p.i = g % p.n)
    insert into sport_bets (member_id, stake, odds_cents, bonus_cents, potential_win, terms, live, slip_hash, stake_transaction_id, placed_at)
    select member_id, 1000, (array[${odds.join(',')}])[1 + g % 3], 100, 10 * (array[${odds.join(',')}])[1 + g % 3], '${terms}'::jsonb, false,
      'settleBench:${run}:' || g, (posted ->> 'transactionId')::bigint, now() from placed`);
  await server.rows(`insert into sport_bet_legs (bet_id, member_id, leg_no, selection_id, market_id, fixture_id, key, odds_cents, version, score_seq, live)
    select b.id, b.member_id, 1, '${marketId}.' || k.key, '${marketId}', '${fixtureId}', k.key, b.odds_cents, 1, 0, false
    from sport_bets b cross join lateral (select (array['home','draw','away'])[1 + split_part(b.slip_hash, ':', 3)::int % 3] as key) k
    where b.slip_hash like 'settleBench:${run}:%'`);
  await server.rows(`with history as (
      insert into bets (member_id, group_key, vendor_code, game_key, company, game_name, game_type, source_ref, round_id, stake, type, placed_at, detail)
      select member_id, 'sport', 'soccer', 'soccer', '{}'::jsonb, '{}'::jsonb, 'winner3', 'sport:' || id, '${fixtureId}', stake, 'wait', placed_at, '{}'::jsonb
      from sport_bets where slip_hash like 'settleBench:${run}:%' returning id, source_ref)
    update sport_bets b set history_id = h.id from history h where h.source_ref = 'sport:' || b.id`);
  await server.rows(`insert into sport_exposure (selection_id, market_id, fixture_id, stakes, liability, bets)
    select l.selection_id, l.market_id, l.fixture_id, sum(b.stake), sum(b.potential_win), count(*) from sport_bet_legs l join sport_bets b on b.id = l.bet_id
    where l.fixture_id = '${fixtureId}' group by 1, 2, 3
    on conflict (selection_id) do update set stakes = sport_exposure.stakes + excluded.stakes, liability = sport_exposure.liability + excluded.liability,
      bets = sport_exposure.bets + excluded.bets`);

  console.log(`  ${label}: settling the fixture's ${legs} bets ...`);
  const started = performance.now();
  await book.apply(book.log.add({ type: 'result', result: feedResult(fixtureId, 1, { [marketId]: { home: 'win', draw: 'lose', away: 'lose' } }) }));
  const settleMs = performance.now() - started;
  const [left] = await server.rows<{ n: number }>(`select count(*)::int as n from sport_bets b join sport_bet_legs l on l.bet_id = b.id
    where l.fixture_id = '${fixtureId}' and b.status = 'wait'`);
  if (Number(left!.n) !== 0) throw new Error(`${left!.n} sports bets were not settled`);
  return { legs, settleMs };
}

/** Needs the app listening (after the HTTP phase). */
/** The real-time phase's sizes: sockets subscribed to the fixture's topic, sockets only connected, price changes and the pause between them. */
export interface LatencyPlan {
  subscribed: number;
  idle: number;
  changes: number;
  gapMs: number;
}

/**
 * `count` live sessions of one member for the sockets, written straight into `sessions` (a login each would take the
 * phase's time in password hashing, and the one-session rule would revoke them): the broker authenticates each at
 * CONNECT as any member's tab.
 */
async function signedInSessions(server: TestServer, count: number): Promise<{ token: string; memberTopic: string }[]> {
  const { memberId } = await enrolMember(server);
  const expiresAt = new Date(Date.now() + 86_400_000);
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  for (let i = 0; i < count; i += 1_000) {
    await server.database.db.insert(sessions).values(tokens.slice(i, i + 1_000)
      .map((token) => ({ id: randomUUID(), memberId, tokenHash: hashToken(token), expiresAt, ip: '127.0.0.1', userAgent: 'bench' })));
  }
  return tokens.map((token) => ({ token, memberTopic: memberTopic(token) }));
}

export async function benchSportsLatency(label: string, server: TestServer, plan: LatencyPlan, run: string): Promise<SportsLatency> {
  const book = await makeBook(server, `live${run}`);
  await book.fixture('l');
  const fixtureId = `live${run}-l`;
  const url = `${server.url().replace(/^http/, 'ws')}${WS_PATH}`;
  const destination = PUBLIC_TOPICS.sportFixture.destination(fixtureId);
  const tabs = await signedInSessions(server, plan.subscribed + plan.idle);
  console.log(`  ${label}: ${plan.subscribed + plan.idle} STOMP sockets, ${plan.subscribed} of them on ${destination}; ${plan.changes} price changes every ${plan.gapMs} ms ...`);
  const before = process.memoryUsage();
  const sockets = benchChild('./stompSockets.mjs');
  let arrivals: number[][];
  let closed: number;
  let failed: number;
  let connected: NodeJS.MemoryUsage;
  const sent: number[] = [];
  try {
    let reasons: string[];
    ({ failed, reasons } = await sockets.ask<{ failed: number; reasons: string[] }>({ url, destination, subscribed: plan.subscribed, sessions: tabs }));
    if (failed > 0) console.log(`  ${label}: ${failed} sockets failed to connect: ${reasons.join('; ')}`);
    connected = process.memoryUsage();
    for (let i = 0; i < plan.changes; i += 1) {
      const messages = book.move(`${fixtureId}.${KINDS[i % KINDS.length]}`);
      sent.push(performance.timeOrigin + performance.now());
      await book.apply(messages);
      await new Promise((resolve) => setTimeout(resolve, plan.gapMs));
    }
    // The last frames' way through.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    ({ arrivals, closed } = await sockets.ask<{ arrivals: number[][]; closed: number }>('report'));
  } finally {
    sockets.end();
  }
  const latencies: number[] = [];
  let frames = 0;
  for (const socket of arrivals) {
    frames += socket.length;
    // The k-th frame a socket got is the k-th change (one publication on the fixture's topic each).
    socket.forEach((at, k) => {
      if (k < sent.length) latencies.push(at - sent[k]!);
    });
  }
  latencies.sort((a, b) => a - b);
  const total = plan.subscribed + plan.idle;
  return {
    sockets: total, subscribed: plan.subscribed, changes: plan.changes, p50: percentile(latencies, 50), p99: percentile(latencies, 99), frames,
    lost: plan.subscribed * plan.changes - frames, failed, closed,
    rssPerSocketKb: (connected.rss - before.rss) / total / 1024, heapPerSocketKb: (connected.heapUsed - before.heapUsed) / total / 1024,
  };
}
