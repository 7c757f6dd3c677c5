/**
 * The partners' daily settlement as scheduled work (server/partner/settlementJob.ts): nothing is written
 * before Seoul midnight, the day's lines are written by the first run after it, a second run writes
 * nothing more, and two servers' runs at once write each line once; after a stop, the first run writes each
 * missed day's lines apart, in order, carrying a negative losing from one day to the next. The clock is a test
 * clock, never the real hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../server/clock';
import { createSettlementJob } from '../../server/partner/settlementJob';
import { enrolMember, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';

const DAY_NOON = '2031-05-10T03:00:00.000Z'; // 12:00 Seoul, 10 May
const BEFORE_MIDNIGHT = '2031-05-10T14:59:59.000Z'; // 23:59:59 Seoul
const AFTER_MIDNIGHT = '2031-05-10T15:00:30.000Z'; // 00:00:30 Seoul, 11 May
const NEXT_AFTER_MIDNIGHT = '2031-05-11T15:00:30.000Z'; // 00:00:30 Seoul, 12 May

let server: TestServer;
let player: TestMember;
let bets = 0;

async function settledBet(stake: number, win: number, at: string): Promise<void> {
  bets += 1;
  await server.rows(`insert into bets (member_id, group_key, vendor_code, game_key, company, game_name, source_ref, round_id, stake, win, type,
    placed_at, settled_at) values (${player.memberId}, 'casino', '1', 'baccarat', '{}', '{}', 'job:${bets}', 'r', ${stake}, ${win},
    '${win > stake ? 'win' : 'lose'}', '${at}', '${at}')`);
}
const lines = () => server.rows<{ day: string; rolling: string; losing: string; carried_in: string; carried_out: string; amount: string; settled_at: Date }>(
  `select day::text, rolling, losing, carried_in, carried_out, amount, settled_at from partner_settlements s join members m on m.id = s.partner_id
   where m.mem_id = 'partner01' order by day`);

beforeAll(async () => {
  server = await startTestServer();
  const rates = [{ product: 'casino', kind: 'rolling', rateBp: 100 }, { product: 'casino', kind: 'losing', rateBp: 2000 }];
  expect((await server.admin('PUT', '/admin/api/partners/partner01/rates', { rates })).status).toBe(200);
  player = await enrolMember(server);
});
afterAll(async () => {
  await server.close();
});

describe('the scheduled daily settlement', () => {
  it('writes a Seoul day\'s lines once, by the first run after its midnight', async () => {
    const clock = createTestClock();
    const job = createSettlementJob({ db: server.database.db, clock, log: { error: () => undefined } });
    await settledBet(10_000, 0, DAY_NOON); // rolling 100, losing floor(9,900 x 20 %) = 1,980

    clock.set(new Date(BEFORE_MIDNIGHT));
    expect(await job.tick()).toBe(0);
    expect(await lines()).toEqual([]);

    clock.set(new Date(AFTER_MIDNIGHT));
    expect(await job.tick()).toBe(1);
    const written = await lines();
    expect(written.map((l) => [l.day, Number(l.rolling), Number(l.losing), Number(l.amount)])).toEqual([['2031-05-10', 100, 1980, 2080]]);
    expect(new Date(written[0]!.settled_at).toISOString()).toBe(new Date(AFTER_MIDNIGHT).toISOString());
    expect(await job.tick()).toBe(0);

    // A day later two servers run at the same instant: one writes the day's line, the other writes nothing.
    await settledBet(20_000, 0, '2031-05-11T03:00:00.000Z');
    clock.set(new Date(NEXT_AFTER_MIDNIGHT));
    const other = createSettlementJob({ db: server.database.db, clock, log: { error: () => undefined } });
    const runs = await Promise.all([job.tick(), other.tick()]);
    expect(runs.reduce<number>((sum, n) => sum + (n ?? 0), 0)).toBe(1);
    expect((await lines()).map((l) => l.day)).toEqual(['2031-05-10', '2031-05-11']);
    await job.stop();
    await other.stop();
  });

  it('writes each missed day\'s lines apart after a stop, carrying the negative losing day by day', async () => {
    const clock = createTestClock();
    const job = createSettlementJob({ db: server.database.db, clock, log: { error: () => undefined } });
    // 20 May: the player wins 50,000 on 10,000 (rolling 100, losing floor(-40,100 x 20 %) = -8,020).
    await settledBet(10_000, 50_000, '2031-05-20T03:00:00.000Z');
    // 21 May: the player loses 20,000 (rolling 200, losing floor(19,800 x 20 %) = 3,960).
    await settledBet(20_000, 0, '2031-05-21T03:00:00.000Z');
    // The server was down over the midnight of the 21st: the first run is after the 22nd's.
    clock.set(new Date('2031-05-22T15:00:30.000Z'));
    expect(await job.tick()).toBe(2);
    const written = (await lines()).filter((l) => l.day >= '2031-05-20');
    expect(written.map((l) => [l.day, Number(l.rolling), Number(l.losing), Number(l.carried_in), Number(l.carried_out), Number(l.amount)])).toEqual([
      ['2031-05-20', 100, -8020, 0, -8020, 100],
      ['2031-05-21', 200, 3960, -8020, -4060, 200],
    ]);
    expect(await job.tick()).toBe(0);
    await job.stop();
  });
});
