/**
 * Bursts against the sportsbook's limits, on whichever database the run uses (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): one idempotency key sent 20 times at once places and debits once; parallel slips of
 * one member race the level's payout cap and never pass it together; a slip raced against a price change is
 * either taken at the price it saw or refused with the new one; the ledger invariants hold after each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../contract/codes';
import type { SportBetPlaced, SportLegsRefusal } from '../../contract/sports';
import { sportsOf } from '../../server/app';
import { checkLedgerInvariants } from './invariants';
import { enrolMember, memberBalances, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { FeedLog, feedFixture, feedMarket } from './sportsFeed';

let server: TestServer;
let member: TestMember;
let key = 0;
const nextKey = () => `sportburst-${process.pid}-${(key += 1)}`;
const log = new FeedLog();
const KICK_OFF = '2026-11-23T05:00:00.000Z';
const apply = (messages: Parameters<ReturnType<typeof sportsOf>['ingest']['applyMessages']>[0]) => sportsOf(server.app).ingest.applyMessages(messages);
const cash = async (m = member) => (await memberBalances(server, m.memId)).cashAmt;

function bet(legs: { selectionId: string; oddsCents: number; version: number }[], amount: number, idempotencyKey = nextKey(), token = member.token): Promise<ApiAnswer> {
  return server.callUnchecked('betProc', { idempotencyKey, game: 'sport', legs, amount, acceptBetterOdds: false }, { token });
}

beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  member = await enrolMember(server);
  await server.rows(`select ledger_post('seed-burst-${member.memberId}', 'test.grant', array[${member.memberId}, null]::bigint[], array[null, 'coupons']::text[], array['KRW','KRW']::text[], array[2000000, -2000000]::bigint[])`);
  expect((await server.admin('PUT', '/admin/api/test/clock', { now: '2026-11-23T03:00:00Z' })).status).toBe(200);
  await apply(log.add(
    { type: 'fixture', fixture: feedFixture('b1', { startsAt: KICK_OFF }) },
    { type: 'market', market: feedMarket('b1', 'winner3', [300, 300, 300]) },
    { type: 'market', market: feedMarket('b1', 'total', [190, 190]) },
  ));
});
afterAll(async () => {
  await server?.close();
});

describe('sportsbook bursts', () => {
  it('one key sent 20 times at once places one bet and debits once', async () => {
    const before = await cash();
    const idempotencyKey = nextKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => bet([{ selectionId: 'b1.total.over', oddsCents: 190, version: 1 }], 10_000, idempotencyKey)));
    expect(answers.map((a) => a.resultCode)).toEqual(Array(20).fill('0'));
    const ids = new Set(answers.map((a) => (a.data as { bet: SportBetPlaced }).bet.betId));
    expect(ids.size).toBe(1);
    expect(await server.count('sport_bets')).toBe(1);
    expect(await cash()).toBe(before - 10_000);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });

  it('parallel slips never pass the payout cap together', async () => {
    expect((await server.admin('PUT', '/admin/api/sports/settings', { levelLimits: { 1: { minStake: 1_000, maxStake: 1_000_000, maxPayout: 100_000 } } })).status).toBe(200);
    // 10,000 on b1's total already waits (potential 19,000): two of about 30,000 more fit under 100,000, a third does not.
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => bet([{ selectionId: 'b1.winner3.home', oddsCents: 300, version: 1 }], 10_000 + i)));
    const codes = answers.map((a) => a.resultCode);
    expect(codes.every((c) => c === '0' || c === 'B6003'), codes.join()).toBe(true);
    expect(codes.filter((c) => c === '0').length).toBeGreaterThan(0);
    const [open] = await server.rows<{ total: number }>(`select coalesce(sum(potential_win), 0)::int as total from sport_bets where member_id = ${member.memberId} and status = 'wait'`);
    expect(open!.total).toBeLessThanOrEqual(100_000);
    expect(codes.filter((c) => c === '0')).toHaveLength(2);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
    expect((await server.admin('PUT', '/admin/api/sports/settings', { levelLimits: { 1: { minStake: 1_000, maxStake: 1_000_000, maxPayout: 10_000_000 } } })).status).toBe(200);
  });

  it('a slip raced against a price change is taken at the price it saw or refused with the new one', async () => {
    for (let round = 0; round < 8; round += 1) {
      const fixtureId = `race${round}`;
      await apply(log.add(
        { type: 'fixture', fixture: feedFixture(fixtureId, { startsAt: KICK_OFF }) },
        { type: 'market', market: feedMarket(fixtureId, 'winner3', [210, 330, 350]) },
      ));
      const [placed] = await Promise.all([
        bet([{ selectionId: `${fixtureId}.winner3.home`, oddsCents: 210, version: 1 }], 5_000),
        apply(log.add({ type: 'market', market: feedMarket(fixtureId, 'winner3', [190, 340, 360], { version: 2 }) })),
      ]);
      if (placed.resultCode === '0') {
        const { bet: taken } = placed.data as { bet: SportBetPlaced };
        expect(taken.legs[0]!.oddsCents).toBe(210);
        const [leg] = await server.rows<{ version: number; odds_cents: number }>(`select version, odds_cents from sport_bet_legs where selection_id = '${fixtureId}.winner3.home'`);
        expect(leg).toEqual({ version: 1, odds_cents: 210 });
      } else {
        expect(placed.resultCode).toBe('B6101');
        expect((placed.data as SportLegsRefusal).legs[0]).toMatchObject({ oddsCents: 190, version: 2 });
      }
    }
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });

  it('slips on two markets raced by feed pages moving both in the other order are taken or refused, never failed', async () => {
    for (let round = 0; round < 6; round += 1) {
      const [a, b] = [`lock${round}a`, `lock${round}b`];
      await apply(log.add(
        { type: 'fixture', fixture: feedFixture(a, { startsAt: KICK_OFF }) }, { type: 'fixture', fixture: feedFixture(b, { startsAt: KICK_OFF }) },
        { type: 'market', market: feedMarket(a, 'winner3', [210, 330, 350]) }, { type: 'market', market: feedMarket(b, 'winner3', [210, 330, 350]) },
      ));
      const legs = [{ selectionId: `${a}.winner3.home`, oddsCents: 210, version: 1 }, { selectionId: `${b}.winner3.home`, oddsCents: 210, version: 1 }];
      // The page moves b's market before a's: a slip locks a's first (market id order).
      const page = log.add(
        { type: 'market', market: feedMarket(b, 'winner3', [200, 340, 360], { version: 2 }) },
        { type: 'market', market: feedMarket(a, 'winner3', [200, 340, 360], { version: 2 }) },
      );
      // Six stakes (the same one again would be the duplicate slip, B6005).
      const [answers] = await Promise.all([Promise.all(Array.from({ length: 6 }, (_, i) => bet(legs, 1_000 + i))), apply(page)]);
      expect(answers.map((answer) => answer.resultCode).filter((code) => code !== '0' && code !== 'B6101')).toEqual([]);
    }
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });

  it('many members placing at once leave the ledger whole', async () => {
    const others = await Promise.all(Array.from({ length: 5 }, () => enrolMember(server)));
    for (const other of others) {
      await server.rows(`select ledger_post('seed-burst-${other.memberId}', 'test.grant', array[${other.memberId}, null]::bigint[], array[null, 'coupons']::text[], array['KRW','KRW']::text[], array[50000, -50000]::bigint[])`);
    }
    const answers = await Promise.all(others.flatMap((other) => [10_000, 20_000, 30_000].map((amount) =>
      bet([{ selectionId: 'b1.winner3.away', oddsCents: 300, version: 1 }], amount, nextKey(), other.token))));
    // Each has 50,000 for 60,000 of slips: whichever come first are taken, the last refused B6000, never below zero.
    for (const other of others) expect(await cash(other)).toBeGreaterThanOrEqual(0);
    expect(answers.every((a) => a.resultCode === '0' || a.resultCode === 'B6000')).toBe(true);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });
});
