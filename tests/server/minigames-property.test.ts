/**
 * Mini games under concurrency and restarts (PGlite; PostgreSQL with TEST_DATABASE_URL): many members
 * bet at once across rounds of all four games, with random markets, selections and amounts, while the
 * clock crosses the cutoff in the middle of a burst; the server "restarts" mid-round (its app closes
 * with its scheduler and a new one takes over the same database), and two servers run the scheduler at
 * the same time. Afterwards every stake was settled or refunded exactly once, the ledger invariants hold
 * and no bet was accepted at or after its round's cutoff. Burst: one member's racing bets on one
 * market take one bet; racing bets on one balance never take more than it holds.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../contract/codes';
import { calls } from '../../contract/calls';
import { siteAuthorization, HEADER_SESSION_TOKEN } from '../../contract/constants';
import { open, seal } from '../../contract/envelope';
import { MARKETS, type Market, MINI_GAMES, type MiniBoard, type MiniGame } from '../../contract/minigames';
import { buildApp } from '../../server/app';
import { checkLedgerInvariants } from './invariants';
import { enrolMember, type TestMember } from './fixtures';
import { RecordingPush, startTestServer, TEST_ADMIN_TOKEN, type TestServer } from './harness';

let server: TestServer;
const members: TestMember[] = [];
const MEMBERS = 10;
let keys = 0;

/** Another server on the same database (a restart, or a second instance). */
async function startApp(): Promise<FastifyInstance> {
  const app = await buildApp({ database: server.database, config: server.config, realtime: new RecordingPush() });
  await app.ready();
  return app;
}

async function admin(app: FastifyInstance, method: 'PUT' | 'POST', url: string, body?: unknown) {
  const response = await app.inject({ method, url, headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }, ...(body ? { payload: body as object } : {}) });
  expect(response.statusCode, response.body).toBe(200);
}

async function call(app: FastifyInstance, name: 'betProc' | 'miniBoard', payload: unknown, token: string): Promise<ApiAnswer> {
  const response = await app.inject({
    method: 'POST', url: calls[name].path, payload: JSON.stringify({ data: seal(payload, server.config.siteId) }),
    headers: { 'content-type': 'application/json', authorization: siteAuthorization(server.config.siteId), [HEADER_SESSION_TOKEN]: token },
  });
  const opened = open((response.json() as { data: unknown }).data);
  if (!opened.ok) throw new Error('answer did not open');
  return opened.payload as ApiAnswer;
}

async function setClock(apps: FastifyInstance[], iso: string) {
  for (const app of apps) await admin(app, 'PUT', '/admin/api/test/clock', { now: iso });
}

beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  for (let i = 0; i < MEMBERS; i += 1) {
    const member = await enrolMember(server);
    await server.rows(`select ledger_post('grant-${member.memberId}', 'test.grant', array[${member.memberId}, null]::bigint[], array[null, 'coupons']::text[], array['KRW','KRW']::text[], array[300000, -300000]::bigint[])`);
    members.push(member);
  }
});
afterAll(async () => {
  await server?.close();
});

const betArbitrary = fc.record({
  member: fc.nat({ max: MEMBERS - 1 }),
  game: fc.constantFrom(...MINI_GAMES),
  market: fc.nat(),
  selection: fc.nat(),
  amount: fc.constantFrom(1_000, 5_000, 10_000, 50_000, 120_000, 500, -1, 2_000_000),
});

describe('mini games across rounds, restarts and two schedulers', () => {
  it('settles or refunds every stake exactly once and never accepts a bet after its cutoff', async () => {
    const rounds = fc.sample(fc.array(betArbitrary, { minLength: 20, maxLength: 40 }), { numRuns: 4, seed: Number(process.env.PROPERTY_SEED ?? 7) });
    let app = await startApp();
    let second: FastifyInstance | null = null;
    const slotStart = Date.parse('2026-11-23T03:00:00Z');
    let accepted = 0;
    for (const [index, bets] of rounds.entries()) {
      const start = slotStart + index * 5 * 60_000;
      await setClock([app], new Date(start + 10_000).toISOString());
      await admin(app, 'POST', '/admin/api/minigames/tick');
      const boards = new Map<string, MiniBoard>();
      for (const game of MINI_GAMES) boards.set(game, (await call(app, 'miniBoard', { game }, members[0]!.token)).data as MiniBoard);

      // Half the burst before the cutoff; the clock reaches the cutoff while the rest is in flight.
      const send = (bet: (typeof bets)[number]) => {
        const board = boards.get(bet.game)!;
        const markets = MARKETS[bet.game] as readonly Market<unknown>[];
        const market = markets[bet.market % markets.length]!;
        const selection = market.selections[bet.selection % market.selections.length]!;
        return call(app, 'betProc', {
          idempotencyKey: `prop-${(keys += 1)}`, game: bet.game, roundId: board.round!.roundId, market: market.id, selection: selection.id, amount: bet.amount,
        }, members[bet.member]!.token);
      };
      const half = Math.floor(bets.length / 2);
      const first = await Promise.all(bets.slice(0, half).map(send));
      const cutoff = boards.get('powerball')!.round!.closesAt;
      const [rest] = await Promise.all([Promise.all(bets.slice(half).map(send)), setClock([app], cutoff)]);
      const answers = [...first, ...rest];
      accepted += answers.filter((a) => a.resultCode === '0').length;
      for (const answer of answers) {
        expect(['0', 'B0202', 'B6000', 'B6001', 'B6002', 'B6003', 'B6005', 'R003']).toContain(answer.resultCode);
      }

      // A restart mid-round: this server closes (its scheduler with it), a new one takes over the database.
      if (index % 2 === 0) {
        await app.close();
        app = await startApp();
        await setClock([app], cutoff);
      }
      // Two servers run the scheduler at the same draw: the advisory lock lets one do each step.
      second ??= await startApp();
      const drawAt = new Date(Date.parse(boards.get('powerball')!.round!.drawsAt) + 1_000).toISOString();
      await setClock([app, second], drawAt);
      await Promise.all([admin(app, 'POST', '/admin/api/minigames/tick'), admin(second, 'POST', '/admin/api/minigames/tick')]);
      expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
    }
    const [waiting] = await server.rows<{ n: number }>(`select count(*)::int as n from mini_bets b join mini_rounds r on r.id = b.round_id where b.status = 'wait' and r.draws_at <= '2026-11-23T03:20:00Z'`);
    expect(Number(waiting!.n)).toBe(0);
    const [settled] = await server.rows<{ n: number }>(`select count(*)::int as n from mini_settlements`);
    expect(Number(settled!.n)).toBe(accepted);
    expect(accepted).toBeGreaterThan(0);
    await second?.close();
    await app.close();
  }, 120_000);
});

describe('bursts', () => {
  /** A new app at 14:01 Seoul with that slot's rounds made, and the game's open round. */
  async function appWithRound(game: MiniGame, member: TestMember) {
    const app = await startApp();
    await setClock([app], '2026-11-23T05:01:00Z');
    await admin(app, 'POST', '/admin/api/minigames/tick');
    const round = ((await call(app, 'miniBoard', { game }, member.token)).data as MiniBoard).round!;
    return { app, round };
  }

  it('one member\'s racing bets on one market of one round take one; a balance is never overspent', async () => {
    const member = members[0]!;
    const { app, round } = await appWithRound('powerladder', member);
    const same = await Promise.all(Array.from({ length: 12 }, () => call(app, 'betProc', {
      idempotencyKey: `burst-${(keys += 1)}`, game: 'powerladder', roundId: round.roundId, market: 'start', selection: 'left', amount: 1_000,
    }, member.token)));
    expect(same.filter((a) => a.resultCode === '0')).toHaveLength(1);
    expect(new Set(same.map((a) => a.resultCode))).toEqual(new Set(['0', 'B6005']));

    // A fresh member with 30,000 won: twelve racing 10,000 bets on different markets take at most three.
    const poor = await enrolMember(server);
    await server.rows(`select ledger_post('grant-poor-${poor.memberId}', 'test.grant', array[${poor.memberId}, null]::bigint[], array[null, 'coupons']::text[], array['KRW','KRW']::text[], array[30000, -30000]::bigint[])`);
    const markets = ['pbOddEven', 'pbUnderOver', 'pbSection', 'pbCombo', 'sumOddEven', 'sumUnderOver', 'sumSize', 'sumSection', 'sumCombo', 'pbSumOddEven'];
    const pbRound = ((await call(app, 'miniBoard', { game: 'powerball' }, poor.token)).data as MiniBoard).round!;
    const racing = await Promise.all(markets.map((market) => {
      const selection = (MARKETS.powerball as readonly Market<unknown>[]).find((m) => m.id === market)!.selections[0]!.id;
      return call(app, 'betProc', { idempotencyKey: `burst-${(keys += 1)}`, game: 'powerball', roundId: pbRound.roundId, market, selection, amount: 10_000 }, poor.token);
    }));
    expect(racing.filter((a) => a.resultCode === '0')).toHaveLength(3);
    expect(racing.filter((a) => a.resultCode === 'B6000')).toHaveLength(markets.length - 3);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
    await app.close();
  });

  it('one key sent many times at once takes one stake; every copy answers the first answer, another payload C999', async () => {
    const member = members[1]!;
    const { app, round } = await appWithRound('powerball', member);
    const stakes = async () => Number((await server.rows<{ n: number }>(`select count(*)::int as n from mini_bets where member_id = ${member.memberId}`))[0]!.n);
    const before = await stakes();
    const idempotencyKey = `burst-${(keys += 1)}`;
    const payload = (selection: string) => ({ idempotencyKey, game: 'powerball', roundId: round.roundId, market: 'sumSize', selection, amount: 2_000 });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => call(app, 'betProc', payload(i % 4 === 0 ? 'small' : 'large'), member.token)));
    expect(await stakes()).toBe(before + 1);
    const [placed] = await server.rows<{ selection: string }>(`select selection from mini_bets where member_id = ${member.memberId} order by id desc limit 1`);
    const winners = answers.filter((_, i) => (i % 4 === 0 ? 'small' : 'large') === placed!.selection);
    expect(winners.every((a) => a.resultCode === '0' && JSON.stringify(a.data) === JSON.stringify(winners[0]!.data))).toBe(true);
    expect(answers.filter((a) => !winners.includes(a)).map((a) => a.resultCode)).toEqual(Array(answers.length - winners.length).fill('C999'));
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
    await app.close();
  });
});
