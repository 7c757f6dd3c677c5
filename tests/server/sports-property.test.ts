/**
 * The sportsbook's property test: a seeded random run against the real server (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL). Fixtures priced by the house feed's model (oddsFeed/model priceFixture); in each round
 * members place random singles and combinations at once (some at a price they saw before it moved, some sent
 * twice under one key) while prices move, the previous round's results arrive, older ones are corrected or
 * cancelled and the operator voids a bet; the feed misbehaves (pages reordered, duplicated, dropped and asked
 * again from the cursor) and the site restarts between rounds. Afterwards:
 * - the ledger invariants hold (tests/server/invariants.ts: balanced, never negative, debts and exposure);
 * - each bet was settled once per revision, and no waiting bet has a result to see;
 * - each bet paid what the test computes itself from the scores it played (settleMarket of the model on its
 *   own record of each fixture's latest result, the slip's legs and odds as the server answered them, the
 *   folder bonus and caps from the rules the test set), and each member holds what they were given less
 *   their stakes, plus those payouts, less what they still owe.
 * Replay a run with SPORTS_SEED=<seed> (printed in the test name).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../contract/codes';
import type { FeedMarket, FeedMessage, FixtureModel } from '../../contract/oddsFeed';
import { DEFAULT_MARGINS_BP, LIVE_MARGIN_BP, type SelectionOutcome, type SportBetPlaced, type SportScore } from '../../contract/sports';
import { firstPeriodScore, priceFixture, settleMarket, simulateMatch, type PricedMarket } from '../../oddsFeed/model';
import { sportsOf } from '../../server/app';
import { checkLedgerInvariants } from './invariants';
import { enrolMember, memberBalances, type TestMember } from './fixtures';
import { seededRandom } from './random';
import { startTestServer, type TestServer } from './harness';
import { FeedLog, feedFixture } from './sportsFeed';

const SEED = process.env.SPORTS_SEED ? Number(process.env.SPORTS_SEED) : Math.floor(Math.random() * 2 ** 31);
const MEMBERS = 10;
const ROUNDS = 5;
const FIXTURES_PER_ROUND = 4;
const SLIPS_PER_ROUND = 24;
const GIVEN = 100_000;
/** The rules the test sets, and computes payouts with. */
const LIMITS = { minStake: 1_000, maxStake: 200_000, maxPayout: 400_000 };
const MAX_TOTAL_ODDS = 5_000;
const BONUS = [{ legs: 3, bonusCents: 103 }, { legs: 5, bonusCents: 105 }, { legs: 7, bonusCents: 107 }];
const BONUS_MIN_LEG = 130;
const T0 = Date.parse('2026-11-23T03:00:00.000Z');
const HOUR = 3_600_000;
const MARGINS = { marginsBp: DEFAULT_MARGINS_BP, liveMarginBp: LIVE_MARGIN_BP };

const random = seededRandom(SEED);

/** The test's own record of a fixture: its model, its markets as priced (each version), and its results. */
interface Fixture {
  fixtureId: string;
  round: number;
  model: Extract<FixtureModel, { kind: 'goals' }>;
  markets: Map<string, { priced: PricedMarket; versions: FeedMarket[] }>;
  /** Each result revision sent: the final score, or null for a cancelled match. */
  results: (SportScore | null)[];
}
interface Placed {
  member: number;
  stake: number;
  legs: { fixtureId: string; marketId: string; key: string; oddsCents: number }[];
  betId: number;
}

let server: TestServer;
const members: TestMember[] = [];
const fixtures = new Map<string, Fixture>();
const placed: Placed[] = [];
const voided = new Set<number>();
const stakes = new Map<number, number>();
const log = new FeedLog();
let keys = 0;

const ingest = () => sportsOf(server.app).ingest;
const marketIdOf = (fixtureId: string, m: PricedMarket) => `${fixtureId}.${m.kind}.${m.period}.${m.line ?? 'x'}`;

async function setClock(at: number) {
  expect((await server.admin('PUT', '/admin/api/test/clock', { now: new Date(at).toISOString() })).status).toBe(200);
}

/**
 * The feed misbehaving: the messages go out in shuffled pieces, some twice, some never; then the ingest asks
 * again from its cursor until it has everything, as its runner does after a gap.
 */
async function deliver(messages: FeedMessage[]): Promise<void> {
  const pieces: FeedMessage[][] = [];
  for (let i = 0; i < messages.length; i += random.int(1, 4)) pieces.push(messages.slice(i, i + random.int(1, 4)));
  const sent: FeedMessage[][] = [];
  for (const piece of pieces) {
    if (random.chance(0.15)) continue;
    sent.push(random.shuffle([...piece]));
    if (random.chance(0.2)) sent.push([...piece]);
  }
  for (const piece of random.shuffle(sent)) await ingest().applyMessages(piece);
}
async function catchUp(): Promise<void> {
  for (;;) {
    const [state] = await server.rows<{ cursor: number }>(`select cursor::int from sport_feed_state`);
    const after = log.all.filter((m) => m.seq > (state?.cursor ?? 0));
    if (after.length === 0) return;
    await ingest().applyMessages(after.slice(0, 40));
  }
}

function newFixture(round: number, index: number): FeedMessage[] {
  const fixtureId = `p${round}-${index}`;
  const model = { kind: 'goals' as const, homeRate: 0.8 + random.next() * 1.4, awayRate: 0.7 + random.next() * 1.2, rho: -0.08, periods: 2, periodSeconds: 2_700 };
  const fixture: Fixture = { fixtureId, round, model, markets: new Map(), results: [] };
  fixtures.set(fixtureId, fixture);
  const messages = log.add({ type: 'fixture', fixture: feedFixture(fixtureId, { startsAt: new Date(T0 + (round + 1) * HOUR).toISOString(), model }) });
  return [...messages, ...priceMarkets(fixture, model)];
}

/** Prices (or prices again, at the next version) the fixture's main markets from a model. */
function priceMarkets(fixture: Fixture, model: FixtureModel): FeedMessage[] {
  const priced = priceFixture(model, 'soccer', null, MARGINS)
    .filter((m) => m.period === 'match' && ['winner3', 'handicap', 'total', 'bothScore', 'oddEven'].includes(m.kind));
  const messages: FeedMessage[] = [];
  for (const m of priced) {
    const marketId = marketIdOf(fixture.fixtureId, m);
    const known = fixture.markets.get(marketId) ?? { priced: m, versions: [] };
    const market: FeedMarket = {
      fixtureId: fixture.fixtureId, marketId, kind: m.kind, period: m.period, line: m.line, live: false, status: 'open',
      version: known.versions.length + 1, scoreSeq: 0,
      selections: m.selections.map((s) => ({ selectionId: `${marketId}.${s.key}`, key: s.key, oddsCents: s.oddsCents, fairPpm: s.fairPpm })) as FeedMarket['selections'],
    };
    known.versions.push(market);
    fixture.markets.set(marketId, known);
    messages.push(...log.add({ type: 'market', market }));
  }
  return messages;
}

/** A price move: the model drifts a little and every market is priced again. */
function movePrices(fixture: Fixture): FeedMessage[] {
  const drift = 0.9 + random.next() * 0.2;
  return priceMarkets(fixture, { ...fixture.model, homeRate: fixture.model.homeRate * drift, awayRate: fixture.model.awayRate / drift });
}

/** The next result revision: a played score (or, rarely, a cancelled match), every market settled by the model. */
function nextResult(fixture: Fixture): FeedMessage[] {
  const cancelled = random.chance(0.08);
  const events = simulateMatch(fixture.model, 'soccer', random.hex());
  const final = cancelled ? null : events[events.length - 1]!.score;
  fixture.results.push(final);
  const score = final ?? { home: 0, away: 0, periods: [], scoreSeq: 0, period: null, clockSeconds: null };
  const markets = [...fixture.markets.entries()].map(([marketId, { priced }]) => ({
    marketId, outcomes: final ? settleMarket(priced, 'soccer', final, firstPeriodScore('soccer', final), fixture.model)
      : Object.fromEntries(priced.selections.map((s) => [s.key, 'void' as SelectionOutcome])),
  }));
  return log.add({ type: 'result', result: {
    fixtureId: fixture.fixtureId, revision: fixture.results.length, status: final ? 'final' : 'cancelled', score, markets, seed: null,
  } });
}

function betCall(member: number, payload: object): Promise<ApiAnswer> {
  return server.callUnchecked('betProc', { game: 'sport', ...payload }, { token: members[member]!.token });
}

/** A random slip on the round's open fixtures: 1-5 legs of distinct markets, at the current price or one seen before. */
async function randomSlip(round: number): Promise<void> {
  const open = [...fixtures.values()].filter((f) => f.round === round);
  const legCount = random.chance(0.5) ? 1 : random.int(2, 5);
  const legs: { selectionId: string; oddsCents: number; version: number; fixtureId: string; marketId: string; key: string }[] = [];
  for (let i = 0; i < legCount; i += 1) {
    const fixture = random.pick(open);
    const [marketId, market] = random.pick([...fixture.markets.entries()]);
    if (legs.some((l) => l.marketId === marketId)) continue;
    // What the member saw: usually the latest price, sometimes one a move ago.
    const seen = random.chance(0.75) ? market.versions[market.versions.length - 1]! : random.pick(market.versions);
    const selection = random.pick(seen.selections);
    legs.push({ selectionId: selection.selectionId, oddsCents: selection.oddsCents, version: seen.version, fixtureId: fixture.fixtureId, marketId, key: selection.key });
  }
  const member = random.int(0, MEMBERS - 1);
  // Now and then all the member holds: a later correction of a win then finds too little to take back (a debt).
  const stake = random.chance(0.3) ? Math.max(1_000, (await memberBalances(server, members[member]!.memId)).cashAmt)
    : random.pick([1_000, 5_000, 10_000, 20_000, 40_000, 250_000, 500]);
  const payload = {
    idempotencyKey: `sportprop-${SEED}-${(keys += 1)}`, amount: stake, acceptBetterOdds: random.chance(0.5),
    legs: legs.map(({ selectionId, oddsCents, version }) => ({ selectionId, oddsCents, version })),
  };
  // Sometimes the same call twice at once (a double tap): one bet, both answered alike.
  const answers = await Promise.all(random.chance(0.15) ? [betCall(member, payload), betCall(member, payload)] : [betCall(member, payload)]);
  for (const answer of answers) {
    expect(['0', 'B6000', 'B6001', 'B6002', 'B6003', 'B6005', 'B6101', 'B6102', 'B6104'], JSON.stringify(answer)).toContain(answer.resultCode);
  }
  // A taken slip's key answers the other tap with the same bet; a refusal keeps nothing under the key, so the other tap
  // is judged on its own and may meet another refusal when the book moved between them (a price, the payout room).
  if (answers.length === 2 && answers.some((a) => a.resultCode === '0')) {
    expect(answers.map((a) => a.resultCode)).toEqual(['0', '0']);
    expect((answers[1]!.data as { bet: SportBetPlaced }).bet.betId).toBe((answers[0]!.data as { bet: SportBetPlaced }).bet.betId);
  }
  const answer = answers[0]!;
  if (answer.resultCode !== '0') return;
  const bet = (answer.data as { bet: SportBetPlaced }).bet;
  const [row] = await server.rows<{ id: number }>(`select id::int from sport_bets where history_id = ${Number(bet.betId)}`);
  // The odds the server took are those the member sent, or better when they accepted better odds.
  bet.legs.forEach((l, i) => expect(l.oddsCents).toBeGreaterThanOrEqual(legs[i]!.oddsCents));
  placed.push({ member, stake, betId: row!.id, legs: bet.legs.map((l, i) => ({ fixtureId: l.fixtureId, marketId: l.marketId, key: legs[i]!.key, oddsCents: l.oddsCents })) });
  stakes.set(member, (stakes.get(member) ?? 0) + stake);
}

/** What a bet pays, computed here: the latest result of each leg's fixture, settled by the model. */
function expectedWin(bet: Placed): number | null {
  if (voided.has(bet.betId)) return bet.stake;
  const outcomes = bet.legs.map((leg) => {
    const fixture = fixtures.get(leg.fixtureId)!;
    if (fixture.results.length === 0) return null;
    const final = fixture.results[fixture.results.length - 1]!;
    if (final === null) return 'void';
    const { priced } = fixture.markets.get(leg.marketId)!;
    return settleMarket(priced, 'soccer', final, firstPeriodScore('soccer', final), fixture.model)[leg.key] ?? 'void';
  });
  if (outcomes.includes('lose')) return 0;
  if (outcomes.includes(null)) return null;
  const winning = bet.legs.filter((_, i) => outcomes[i] === 'win').map((l) => l.oddsCents);
  if (winning.length === 0) return bet.stake;
  let odds = 100;
  for (const leg of winning) odds = Math.floor((odds * leg) / 100);
  let bonus = 100;
  if (winning.length > 1 && winning.every((o) => o >= BONUS_MIN_LEG)) for (const step of BONUS) if (winning.length >= step.legs) bonus = step.bonusCents;
  const total = Math.min(Math.floor((odds * bonus) / 100), MAX_TOTAL_ODDS);
  return Math.min(Math.floor((bet.stake * total) / 100), LIMITS.maxPayout);
}

beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  await setClock(T0);
  for (let i = 0; i < MEMBERS; i += 1) {
    const member = await enrolMember(server);
    await server.rows(`select ledger_post('sp-grant-${member.memberId}', 'test.grant', array[${member.memberId}, null]::bigint[],
      array[null, 'coupons']::text[], array['KRW','KRW']::text[], array[${GIVEN}, ${-GIVEN}]::bigint[])`);
    members.push(member);
  }
  const settings = await server.admin('PUT', '/admin/api/sports/settings', {
    rules: { maxTotalOddsCents: MAX_TOTAL_ODDS, folderBonus: BONUS, folderBonusMinLegOddsCents: BONUS_MIN_LEG, minSingleOddsCents: 130 },
    levelLimits: { 1: LIMITS }, exposureLimit: 3_000_000,
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('the sportsbook under concurrency, corrections, a faulty feed and restarts', () => {
  it(`pays every bet what its results say, once per revision (seed ${SEED}; replay with SPORTS_SEED=${SEED})`, async () => {
    console.log(`sports property run: seed ${SEED} on ${server.database.kind}`);
    for (let round = 0; round <= ROUNDS; round += 1) {
      // The round's fixtures are published; the previous round's have kicked off.
      await setClock(T0 + round * HOUR + 60_000);
      if (round < ROUNDS) {
        const published: FeedMessage[] = [];
        for (let i = 0; i < FIXTURES_PER_ROUND; i += 1) published.push(...newFixture(round, i));
        await deliver(published);
        await catchUp();
      }
      // At once: slips on this round, prices moving under them, last round's results, corrections of older ones.
      const feed = async () => {
        const messages: FeedMessage[] = [];
        for (const f of fixtures.values()) {
          if (f.round === round && random.chance(0.6)) messages.push(...movePrices(f));
          if (f.round === round - 1 && f.results.length === 0) messages.push(...nextResult(f));
          if (f.round < round - 1 && f.results.length > 0 && random.chance(0.5)) messages.push(...nextResult(f));
        }
        await deliver(messages);
      };
      const slips = round < ROUNDS ? Array.from({ length: SLIPS_PER_ROUND }, () => randomSlip(round)) : [];
      await Promise.all([...slips, feed()]);
      await catchUp();
      // The operator voids a waiting bet now and then (its stake back, whatever its legs do).
      const waiting = placed.filter((b) => !voided.has(b.betId) && expectedWin(b) === null);
      if (waiting.length > 0 && random.chance(0.5)) {
        const bet = random.pick(waiting);
        expect((await server.admin('POST', `/admin/api/sports/bets/${bet.betId}/void`)).status).toBe(200);
        voided.add(bet.betId);
      }
      expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
      if (round % 2 === 1) {
        await server.restart();
        await setClock(T0 + round * HOUR + 60_000);
      }
    }
    // Everything with a result is settled.
    await catchUp();
    await ingest().settle();
    expect(await sportsOf(server.app).settlement.pendingBets()).toEqual([]);
    expect(placed.length).toBeGreaterThan(ROUNDS * 3);

    const rows = await server.rows<{ id: number; status: string; paid: string; revision: number; settlements: number }>(`select b.id::int, b.status, b.paid::text, b.revision,
      (select count(*)::int from sport_settlements s where s.bet_id = b.id) as settlements from sport_bets b`);
    expect(rows).toHaveLength(placed.length);
    let corrected = 0;
    for (const bet of placed) {
      const row = rows.find((r) => r.id === bet.betId)!;
      const expected = expectedWin(bet);
      expect({ bet: bet.betId, paid: expected === null ? null : Number(row.paid), waiting: row.status === 'wait' })
        .toEqual({ bet: bet.betId, paid: expected, waiting: expected === null });
      expect(row.settlements).toBe(row.revision);
      if (row.revision > 1) corrected += 1;
    }
    // Each settlement key moved money once: one payout and at most one reversal per bet and revision.
    expect(await server.rows(`select idempotency_key from ledger_transactions where kind like 'sport.settle%'
      group by idempotency_key having count(*) > 1`)).toEqual([]);

    // Each member holds what they were given, less their stakes, plus what their bets say they won, plus what they
    // still owe: a claw-back they could not cover took their cash to 0 and left the rest as debt (cash − owed is
    // what they are entitled to, which a correction may take below 0).
    for (const [index, member] of members.entries()) {
      const won = placed.filter((b) => b.member === index).reduce((sum, b) => sum + (expectedWin(b) ?? 0), 0);
      const [debt] = await server.rows<{ owed: string }>(`select coalesce(sum(amount - collected), 0)::text as owed from sport_debts where member_id = ${member.memberId}`);
      expect((await memberBalances(server, member.memId)).cashAmt, `member ${index}`).toBe(GIVEN - (stakes.get(index) ?? 0) + won + Number(debt!.owed));
    }
    const [debts] = await server.rows<{ n: number; collected: string }>(`select count(*)::int as n, coalesce(sum(collected), 0)::text as collected from sport_debts`);
    console.log(`sports property run: ${placed.length} bets, ${corrected} re-settled, ${voided.size} voided, ${debts!.n} debts (${debts!.collected} collected), ${log.seq} feed messages`);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  }, 180_000);
});
