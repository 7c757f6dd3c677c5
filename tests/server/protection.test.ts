/**
 * Member protection (issue 23) through the API, on PGlite and (TEST_DATABASE_URL) PostgreSQL: limits with
 * their 24-hour raises, the lowest limit winning, every enforcement point (deposit requests and their
 * approval, mini-game and sports bets through the betting history, vendor rounds reported after the fact
 * blocking the next launch, money received), Seoul-midnight period boundaries on the injected clock, breaks
 * (signing out everywhere, the calls left, no way to lift them), the operator's face, and bursts that
 * cannot pass a limit together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MiniBoard, MiniRound } from '../../contract/minigames';
import type { ProtectionInfo } from '../../contract/protection';
import { gamesOf } from '../../server/app';
import { playerOf } from '../../server/games/adapter';
import type { MoneyDoor } from '../../server/money/door';
import { findGame as findVendorGame } from '../../gameProvider/catalogue';
import { openVendorDatabase } from '../../gameProvider/db/client';
import { createRounds } from '../../gameProvider/rounds';
import { checkLedgerInvariants } from './invariants';
import { enrolMember, memberBalances, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let keys = 0;
const key = () => `protect-${process.pid}-${(keys += 1)}`;

async function setClock(iso: string | null) {
  expect((await server.admin('PUT', '/admin/api/test/clock', { now: iso })).status).toBe(200);
}
async function giveCash(m: TestMember, amount: number) {
  await server.rows(`select ledger_post('grant-${m.memberId}-${(keys += 1)}', 'test.grant', array[${m.memberId}, null]::bigint[],
    array[null, 'coupons']::text[], array['KRW','KRW']::text[], array[${amount}, ${-amount}]::bigint[])`);
}
const cash = async (m: TestMember) => (await memberBalances(server, m.memId)).cashAmt;
const codes = (answers: { resultCode: string }[]) => {
  const counted: Record<string, number> = {};
  for (const { resultCode } of answers) counted[resultCode] = (counted[resultCode] ?? 0) + 1;
  return counted;
};

async function limit(m: TestMember, kind: 'deposit' | 'loss' | 'stake', period: 'day' | 'week' | 'month', amount: number | null) {
  return server.call('protectionLimit', { kind, period, amount }, { token: m.token });
}
async function deposit(m: TestMember, amount: number) {
  return server.call('cashIn', { idempotencyKey: key(), amount }, { token: m.token });
}
async function approve(requestId: number) {
  const waited = await server.admin('POST', `/admin/api/cash-requests/${requestId}/wait`);
  if (waited.status !== 200) return waited;
  return server.admin('POST', `/admin/api/cash-requests/${requestId}/approve`);
}
async function coinDeposit(m: TestMember, usdtAmount: number) {
  return server.callUnchecked('coinIn', { idempotencyKey: key(), usdtAmount, priceKrw: USDT_PRICE }, { token: m.token });
}
const USDT_PRICE = 1_400;
async function depositApproved(m: TestMember, amount: number) {
  const asked = await deposit(m, amount);
  expect(asked.resultCode).toBe('0');
  expect((await approve(asked.data!.request.requestId)).status).toBe(200);
}
async function board(m: TestMember): Promise<MiniRound> {
  const answer = await server.call('miniBoard', { game: 'powerball' }, { token: m.token });
  expect(answer.resultCode).toBe('0');
  return (answer.data as MiniBoard).round!;
}
async function bet(m: TestMember, round: MiniRound, amount: number, idempotencyKey = key()) {
  return server.callUnchecked('betProc', { idempotencyKey, game: round.game, roundId: round.roundId, market: 'pbOddEven', selection: 'odd', amount }, { token: m.token });
}
async function tick() {
  expect((await server.admin('POST', '/admin/api/minigames/tick')).status).toBe(200);
}
/** A member's transfer as transfersService posts it (the partner line and password rules aside): the door's keyed call. */
function give(door: MoneyDoor, from: number, to: number, amount: number) {
  const idempotencyKey = key();
  return door.call({ memberId: from, call: 'give', payload: { idempotencyKey } }, (move) => move.post({
    key: `give:${from}:${idempotencyKey}`, kind: 'transfer',
    entries: [{ account: { memberId: from, currency: 'KRW' }, amount: -amount }, { account: { memberId: to, currency: 'KRW' }, amount }],
  }));
}
const info = async (m: TestMember) => (await server.call('protectionInfo', {}, { token: m.token })).data as ProtectionInfo;
async function givePoints(m: TestMember, points: number) {
  await server.rows(`select ledger_post('points-${m.memberId}-${(keys += 1)}', 'test.grant', array[${m.memberId}, null]::bigint[],
    array[null, 'points']::text[], array['POINT','POINT']::text[], array[${points}, ${-points}]::bigint[])`);
}
/** The money door on its own clock, as a service holds it: a move that reaches it whatever the router let through. */
async function doorAt(iso: string): Promise<MoneyDoor> {
  const { moneyDoor } = await import('../../server/money/door');
  const { createTestClock } = await import('../../server/clock');
  const clock = createTestClock();
  clock.set(new Date(iso));
  return moneyDoor(server.database.db, clock);
}

beforeAll(async () => {
  server = await startTestServer({ testClock: true }, { listen: true });
  await gamesOf(server.app).sync();
  expect((await server.admin('PUT', '/admin/api/wallet-settings', { usdtPriceKrw: USDT_PRICE })).status).toBe(200);
});
const requestsOf = async (m: TestMember) => (await server.rows<{ n: number }>(`select count(*)::int as n from cash_requests where member_id = ${m.memberId}`))[0]!.n;
async function launchFirstSlot(m: TestMember) {
  const slotKey = (await server.call('gameList', { vendorKey: 'pragslot' })).data!.games[0]!.key;
  return server.call('getGame', { vendorKey: 'pragslot', gameType: 'slot', gameKey: slotKey }, { token: m.token });
}
afterAll(async () => {
  expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  await server?.close();
});

describe('deposit limits', () => {
  it('refuses a request above the limit before it exists; lowering is at once; the lowest limit that applies wins', async () => {
    await setClock('2031-03-10T03:00:00Z'); // 12:00 Seoul
    const m = await enrolMember(server);
    expect((await limit(m, 'deposit', 'day', 100_000)).resultCode).toBe('0');
    expect((await limit(m, 'deposit', 'week', 60_000)).resultCode).toBe('0');
    const requests = await server.count('cash_requests');
    const refused = await deposit(m, 70_000);
    expect(refused.resultCode).toBe('PL001');
    expect(refused.resultMessage).toContain('1336');
    expect(await server.count('cash_requests')).toBe(requests);
    await depositApproved(m, 60_000);
    expect((await deposit(m, 10_000)).resultCode).toBe('PL001');
    const seen = await info(m);
    expect(seen.use.day.deposit).toBe(60_000);
    expect(seen.use.week.deposit).toBe(60_000);
    expect(seen.limits.map((l) => [l.kind, l.period, l.amount, l.pending])).toEqual(expect.arrayContaining([
      ['deposit', 'day', 100_000, null], ['deposit', 'week', 60_000, null],
    ]));
  });

  it('waits 24 hours for a raise or a removal, which the member may cancel; a bet or deposit never uses it early', async () => {
    await setClock('2031-03-11T03:00:00Z');
    const m = await enrolMember(server);
    expect((await limit(m, 'deposit', 'month', 50_000)).resultCode).toBe('0');
    const raised = await limit(m, 'deposit', 'month', 500_000);
    expect(raised.data!.limits.find((l) => l.period === 'month')).toMatchObject({ amount: 50_000, pending: { amount: 500_000, at: '2031-03-12T03:00:00.000Z' } });
    expect((await deposit(m, 60_000)).resultCode).toBe('PL001');
    // The member thinks again: cancelled, the limit stays.
    const cancelled = await server.call('protectionCancel', { kind: 'deposit', period: 'month' }, { token: m.token });
    expect(cancelled.data!.limits.find((l) => l.period === 'month')).toMatchObject({ amount: 50_000, pending: null });
    expect((await server.call('protectionCancel', { kind: 'deposit', period: 'month' }, { token: m.token })).resultCode).toBe('PL005');
    // A removal asked again waits its own 24 hours.
    expect((await limit(m, 'deposit', 'month', null)).data!.limits[0]!.pending).toEqual({ amount: null, at: '2031-03-12T03:00:00.000Z' });
    await setClock('2031-03-12T02:59:59Z');
    expect((await deposit(m, 60_000)).resultCode).toBe('PL001');
    await setClock('2031-03-12T03:00:00Z');
    const asked = await deposit(m, 60_000);
    expect(asked.resultCode).toBe('0');
    // Read an hour later: the removal's history entry is dated when it took effect, and the limit is gone.
    await setClock('2031-03-12T04:00:00Z');
    const seen = await info(m);
    expect(seen.history.map((h) => h.event)).toEqual(['limit.effective', 'limit.pending', 'limit.cancelled', 'limit.pending', 'limit.set']);
    expect(seen.history[0]).toMatchObject({ at: '2031-03-12T03:00:00.000Z', kind: 'deposit', period: 'month', amount: null, source: 'member' });
    expect(seen.limits).toEqual([]);
    expect(await server.rows(`select 1 from protection_limits where member_id = ${m.memberId}`)).toEqual([]);
    // Read again: written once.
    expect((await info(m)).history.filter((h) => h.event === 'limit.effective')).toHaveLength(1);
    const history = seen.history.map((h) => h.event);
    expect(history.slice(1)).toEqual(['limit.pending', 'limit.cancelled', 'limit.pending', 'limit.set']);
    // The report of hits counts limits and breaks refusing money, not a cancel with nothing waiting (PL005).
    const report = await server.admin('GET', '/admin/api/protection/hits');
    expect((report.body as unknown as { list: { memId: string; code: string }[] }).list.filter((hit) => hit.memId === m.memId).map((hit) => hit.code))
      .toEqual(['PL001']);
  });

  it('writes a raise coming into force in the history when the next change finds it due, dated when it took effect', async () => {
    await setClock('2031-03-11T05:00:00Z');
    const m = await enrolMember(server);
    expect((await limit(m, 'stake', 'week', 10_000)).resultCode).toBe('0');
    expect((await limit(m, 'stake', 'week', 20_000)).resultCode).toBe('0');
    await setClock('2031-03-13T00:00:00Z');
    // The member's next change (another limit) writes the raise in force first.
    expect((await limit(m, 'loss', 'day', 5_000)).resultCode).toBe('0');
    const { history, limits } = await info(m);
    expect(history.map((h) => [h.event, h.kind, h.amount, h.at])).toEqual([
      ['limit.set', 'loss', 5_000, '2031-03-13T00:00:00.000Z'],
      ['limit.effective', 'stake', 20_000, '2031-03-12T05:00:00.000Z'],
      ['limit.pending', 'stake', 20_000, '2031-03-11T05:00:00.000Z'],
      ['limit.set', 'stake', 10_000, '2031-03-11T05:00:00.000Z'],
    ]);
    expect(limits).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'stake', period: 'week', amount: 20_000, pending: null })]));
  });

  it('keeps every change in the history, a page at a time, for the member and the operator', async () => {
    await setClock('2031-03-12T05:00:00Z');
    const m = await enrolMember(server);
    // 25 changes: lowering the day's deposit limit step by step.
    for (let i = 0; i < 25; i += 1) expect((await limit(m, 'deposit', 'day', 1_000_000 - i * 1_000)).resultCode).toBe('0');
    const first = await info(m);
    expect(first.historyPageInfo).toEqual({ page: 1, count_per_list: 10, tatal_list_count: 25 });
    expect(first.history[0]!.amount).toBe(976_000);
    const pages = await Promise.all([1, 2, 3].map(async (page) => {
      const answer = await server.call('protectionHistory', { page }, { token: m.token });
      expect(answer.resultCode).toBe('0');
      return answer.data!;
    }));
    expect(pages.map((p) => p.list.length)).toEqual([10, 10, 5]);
    expect(pages.flatMap((p) => p.list.map((h) => h.amount))).toEqual(Array.from({ length: 25 }, (_, i) => 976_000 + i * 1_000));
    const operatorPage = await server.admin('GET', `/admin/api/members/${m.memId}/protection/history?page=3`);
    expect(operatorPage.status).toBe(200);
    expect(operatorPage.body).toMatchObject({ pageInfo: { page: 3, tatal_list_count: 25 } });
    expect((operatorPage.body as unknown as { list: unknown[] }).list).toEqual(pages[2]!.list);
  });

  it('checks the limit again at approval: a limit lowered after the request refuses it', async () => {
    await setClock('2031-03-13T03:00:00Z');
    const m = await enrolMember(server);
    expect((await limit(m, 'deposit', 'day', 100_000)).resultCode).toBe('0');
    const asked = await deposit(m, 80_000);
    expect(asked.resultCode).toBe('0');
    expect((await limit(m, 'deposit', 'day', 50_000)).resultCode).toBe('0');
    const refused = await approve(asked.data!.request.requestId);
    expect(refused.body.resultCode).toBe('PL001');
    expect(await cash(m)).toBe(0);
    // The operator's report counts the refused approval as the member's hit.
    const report = await server.admin('GET', '/admin/api/protection/hits');
    expect((report.body as unknown as { list: { memId: string; code: string; hits: number }[] }).list)
      .toContainEqual(expect.objectContaining({ memId: m.memId, code: 'PL001', hits: 1 }));
  });

  it('counts by the Seoul day: the day limit starts again at Seoul midnight, the 7-day one does not', async () => {
    const m = await enrolMember(server);
    await setClock('2031-03-14T14:59:59Z'); // 23:59:59 Seoul
    expect((await limit(m, 'deposit', 'day', 50_000)).resultCode).toBe('0');
    expect((await limit(m, 'deposit', 'week', 120_000)).resultCode).toBe('0');
    await depositApproved(m, 50_000);
    expect((await deposit(m, 10_000)).resultCode).toBe('PL001');
    await setClock('2031-03-14T15:00:00Z'); // 00:00:00 Seoul, the next day
    await depositApproved(m, 50_000);
    expect((await deposit(m, 30_000)).resultCode).toBe('PL001'); // the week: 100,000 + 30,000 > 120,000
    const seen = await info(m);
    expect(seen.use.day.deposit).toBe(50_000);
    expect(seen.use.week.deposit).toBe(100_000);
    // Seven Seoul days later the first day has left the week (today and the six days before it).
    await setClock('2031-03-20T15:00:00Z');
    expect((await info(m)).use.week.deposit).toBe(50_000);
    await setClock('2031-03-21T15:00:00Z');
    expect((await info(m)).use.week.deposit).toBe(0);
    expect((await info(m)).use.month.deposit).toBe(100_000);
  });

  it('refuses a USDT deposit request past the limit before it exists, and checks its approval again', async () => {
    await setClock('2031-03-23T03:00:00Z');
    const m = await enrolMember(server);
    expect((await limit(m, 'deposit', 'day', 100_000)).resultCode).toBe('0');
    // 100 USDT at 1,400 won is 140,000 won: past the limit, and no request is made.
    const refused = await coinDeposit(m, 100_000_000);
    expect(refused.resultCode).toBe('PL001');
    expect(await requestsOf(m)).toBe(0);
    const asked = await coinDeposit(m, 50_000_000);
    expect(asked.resultCode).toBe('0');
    const { requestId, amount } = (asked.data as { request: { requestId: number; amount: number } }).request;
    expect(amount).toBe(70_000);
    // Lowered before the operator approves: the approval is refused, nothing is credited.
    expect((await limit(m, 'deposit', 'day', 50_000)).resultCode).toBe('0');
    expect((await approve(requestId)).body.resultCode).toBe('PL001');
    expect(await cash(m)).toBe(0);
    expect((await info(m)).use.day.deposit).toBe(0);
  });

  it('counts 30 Seoul days: a deposit leaves the 30-day period at Seoul midnight thirty days on', async () => {
    const m = await enrolMember(server);
    await setClock('2031-09-01T14:59:59Z'); // 23:59:59 Seoul, 1 September
    expect((await limit(m, 'deposit', 'month', 50_000)).resultCode).toBe('0');
    await depositApproved(m, 50_000);
    await setClock('2031-09-30T14:59:59Z'); // 23:59:59 Seoul, 30 September: the period's thirtieth day
    expect((await info(m)).use.month.deposit).toBe(50_000);
    expect((await deposit(m, 10_000)).resultCode).toBe('PL001');
    await setClock('2031-09-30T15:00:00Z'); // 00:00:00 Seoul, 1 October: 1 September has left the period
    expect((await info(m)).use.month.deposit).toBe(0);
    expect((await deposit(m, 10_000)).resultCode).toBe('0');
  });

  it('counts money received from another member as a deposit', async () => {
    await setClock('2031-03-22T03:00:00Z');
    const receiver = await enrolMember(server);
    await giveCash(receiver, 10_000);
    expect((await limit(receiver, 'deposit', 'day', 10_000)).resultCode).toBe('0');
    // A transfer posts with kind 'transfer' through the door; protection sees the receiver's side.
    const [row] = await server.rows<{ id: number }>(`select id from members where mem_id = 'demo01'`);
    const { moneyDoor } = await import('../../server/money/door');
    const { createTestClock } = await import('../../server/clock');
    const clock = createTestClock();
    clock.set(new Date('2031-03-22T03:00:00Z'));
    const post = (amount: number) => give(moneyDoor(server.database.db, clock), row!.id, receiver.memberId, amount);
    await post(10_000);
    await expect(post(1)).rejects.toMatchObject({ code: 'PL001' });
  });
});

describe('stake and loss limits', () => {
  let round: MiniRound;
  beforeAll(async () => {
    // Several bets of one member on one market of a round.
    expect((await server.admin('PUT', '/admin/api/minigames/powerball/settings', { oneBetPerMarket: false, hitLimit: 100_000_000 })).status).toBe(200);
    await setClock('2031-04-01T03:01:00Z');
    await tick();
  });

  it('refuses a mini-game bet past the stake limit and, counting a waiting stake as lost, past the loss limit', async () => {
    const m = await enrolMember(server);
    await giveCash(m, 1_000_000);
    round = await board(m);
    expect((await limit(m, 'stake', 'day', 30_000)).resultCode).toBe('0');
    expect((await bet(m, round, 20_000)).resultCode).toBe('0');
    const before = await cash(m);
    const refused = await bet(m, round, 20_000);
    expect(refused.resultCode).toBe('PL003');
    expect(await cash(m)).toBe(before);
    expect((await bet(m, round, 10_000)).resultCode).toBe('0');

    const l = await enrolMember(server);
    await giveCash(l, 1_000_000);
    expect((await limit(l, 'loss', 'week', 15_000)).resultCode).toBe('0');
    expect((await bet(l, round, 10_000)).resultCode).toBe('0');
    expect((await bet(l, round, 10_000)).resultCode).toBe('PL002');
    expect((await server.rows<{ n: number }>(`select count(*)::int as n from bets where member_id = ${l.memberId}`))[0]!.n).toBe(1);
  });

  it('counts every settled stake and its return once the round settles', async () => {
    await setClock('2031-04-01T03:05:30Z');
    await tick();
    const [settled] = await server.rows<{ n: number }>(`select count(*)::int as n from bets where type = 'wait'`);
    expect(settled!.n).toBe(0);
    const [bets] = await server.rows<{ stakes: string; wins: string }>(`select sum(stake)::text as stakes, sum(win)::text as wins from bets`);
    const [totals] = await server.rows<{ stakes: string; returns: string; settled: string }>(`select sum(stakes)::text as stakes,
      sum(returns)::text as returns, sum(settled_stakes)::text as settled from protection_days`);
    // Every bet's stake and win is in the per-day totals, exactly once.
    expect(totals).toMatchObject({ stakes: bets!.stakes, returns: bets!.wins, settled: bets!.stakes });
  });

  it('refuses a launch once a loss limit is reached (a waiting stake counts as lost)', async () => {
    const m = await enrolMember(server);
    await giveCash(m, 100_000);
    expect((await limit(m, 'loss', 'day', 10_000)).resultCode).toBe('0');
    expect((await launchFirstSlot(m)).resultCode).toBe('0');
    expect((await server.call('outGameMoney', { idempotencyKey: key() }, { token: m.token })).resultCode).toBe('0');
    expect((await bet(m, await board(m), 10_000)).resultCode).toBe('0');
    const refused = await launchFirstSlot(m);
    expect(refused.resultCode).toBe('PL002');
    expect(refused.resultMessage).toContain('1336');
    // No money went into a game.
    expect(await cash(m)).toBe(90_000);
  });

  it('counts a vendor round reported after the fact without refusing it, and refuses the next launch; the merge stays possible', async () => {
    // The vendor stamps its rounds with the wall clock: business time follows it here, and the 30-day period
    // keeps the test clear of Seoul midnight.
    await setClock(null);
    const m = await enrolMember(server);
    await giveCash(m, 100_000);
    expect((await limit(m, 'stake', 'month', 50_000)).resultCode).toBe('0');
    const slotKey = (await server.call('gameList', { vendorKey: 'pragslot' })).data!.games[0]!.key;
    const launch = () => server.call('getGame', { vendorKey: 'pragslot', gameType: 'slot', gameKey: slotKey }, { token: m.token });
    expect((await launch()).resultCode).toBe('0');
    const client = (server.database.db as unknown as { $client: never }).$client;
    const vendorDb = await openVendorDatabase(server.database.kind === 'pglite' ? { kind: 'pglite', client } : { kind: 'postgres', client });
    const rounds = createRounds(vendorDb.db, findVendorGame);
    const opened = await rounds.open({ operator: server.config.vendor.operator, player: playerOf(m.memberId), gameKey: slotKey, bet: 60_000 });
    await rounds.settle({ roundId: opened.roundId, win: 0, outcome: 'test round' });
    await gamesOf(server.app).feed.pull();
    expect((await server.rows<{ type: string }>(`select type from bets where source_ref = 'vendor:${opened.roundId}'`))[0]?.type).toBe('lose');
    expect((await info(m)).use.month).toMatchObject({ stake: 60_000, loss: 60_000 });
    expect((await server.call('outGameMoney', { idempotencyKey: key() }, { token: m.token })).data).toMatchObject({ merged: 40_000 });
    const refused = await launch();
    expect(refused.resultCode).toBe('PL003');
    expect(await cash(m)).toBe(40_000);
  });
});

describe('breaks', () => {
  it('a time-out signs out every session, leaves withdrawing and messages, refuses the rest with its end, and cannot be lifted', async () => {
    await setClock('2031-05-01T03:00:00Z');
    const m = await enrolMember(server);
    await giveCash(m, 200_000);
    // In a game with all its money when the break starts.
    const slotKey = (await server.call('gameList', { vendorKey: 'pragslot' })).data!.games[0]!.key;
    expect((await server.call('getGame', { vendorKey: 'pragslot', gameType: 'slot', gameKey: slotKey }, { token: m.token })).resultCode).toBe('0');
    expect(await cash(m)).toBe(0);
    const started = await server.call('protectionBreak', { kind: 'timeout', length: '7d' }, { token: m.token });
    expect(started.resultCode).toBe('0');
    expect(started.data!.activeBreak).toMatchObject({ kind: 'timeout', endsAt: '2031-05-08T03:00:00.000Z' });
    // Signed out of every session and of the game: the game money is back.
    expect(await server.rows(`select id from sessions where member_id = ${m.memberId} and revoked_at is null`)).toEqual([]);
    expect((await server.call('balance', {}, { token: m.token })).resultCode).toBe('TK001');
    expect(await cash(m)).toBe(200_000);
    expect(await server.rows(`select 1 from game_members where member_id = ${m.memberId} and open_game_key is not null`)).toEqual([]);

    // Sign-in still works; play does not.
    const token = (await server.login(m.memId, m.memPass)).data!.token;
    const refused = await server.call('cashIn', { idempotencyKey: key(), amount: 10_000 }, { token });
    expect(refused.resultCode).toBe('PL004');
    expect(refused.data).toEqual({ endsAt: '2031-05-08T03:00:00.000Z' });
    expect((await server.call('miniBoard', { game: 'powerball' }, { token })).resultCode).toBe('PL004');
    expect((await server.call('couponList', { page: 1 }, { token })).resultCode).toBe('PL004');
    // Nobody lifts it: the member's own calls are refused, and a shorter or equal break too.
    expect((await server.call('protectionLimit', { kind: 'deposit', period: 'day', amount: 10_000 }, { token })).resultCode).toBe('PL004');
    expect((await server.call('protectionBreak', { kind: 'timeout', length: '24h' }, { token })).resultCode).toBe('PL004');
    // What stays: money, messages, the protection page, withdrawing.
    expect((await server.call('balance', {}, { token })).resultCode).toBe('0');
    expect((await server.call('msgList', { page: 1 }, { token })).resultCode).toBe('0');
    expect((await server.call('protectionInfo', {}, { token })).data!.activeBreak?.endsAt).toBe('2031-05-08T03:00:00.000Z');
    await server.rows(`update members set cash_out_pass_hash = (select cash_out_pass_hash from members where mem_id = 'demo01') where id = ${m.memberId}`);
    const out = await server.call('cashOut', { idempotencyKey: key(), amount: 50_000, cashOutPass: '1234' }, { token });
    expect(out.resultCode).toBe('0');
    // The operator's bulk message passes them by; the money door refuses them too (an approval in the break).
    expect((await server.admin('POST', '/admin/api/messages', { target: 'all', title: 'event', content: 'bonus' })).status).toBe(200);
    expect(await server.rows(`select id from messages where member_id = ${m.memberId}`)).toEqual([]);

    await setClock('2031-05-08T03:00:00Z');
    expect((await server.call('miniBoard', { game: 'powerball' }, { token })).resultCode).toBe('0');
  });

  it('refuses a cash coupon in a break where the money moves (the money door), not only at the router', async () => {
    await setClock('2031-05-12T03:00:00Z');
    const m = await enrolMember(server);
    const issued = await server.admin('POST', `/admin/api/members/${m.memId}/coupons`, { name: 'event', kind: 'cash', amount: 10_000, expiresAt: '2031-06-30T00:00:00Z' });
    expect(issued.status).toBe(200);
    const { couponId } = (issued.body as unknown as { coupon: { couponId: number } }).coupon;
    expect((await server.call('protectionBreak', { kind: 'timeout', length: '24h' }, { token: m.token })).resultCode).toBe('0');
    // A use that reached the coupons service (one the router let through just before the break began).
    const { createCouponsService } = await import('../../server/wallet/couponsService');
    const { createTestClock } = await import('../../server/clock');
    const clock = createTestClock();
    clock.set(new Date('2031-05-12T03:00:01Z'));
    const coupons = createCouponsService({ db: server.database.db, clock, balances: { announce: async () => undefined } });
    await expect(coupons.use({ memberId: m.memberId, memId: m.memId }, { idempotencyKey: key(), couponId }))
      .rejects.toMatchObject({ code: 'PL004', data: { endsAt: '2031-05-13T03:00:00.000Z' }, memberId: m.memberId });
    expect(await cash(m)).toBe(0);
    expect(await server.rows(`select 1 from coupons where id = ${couponId} and used_at is null`)).toHaveLength(1);
  });

  it('refuses cash from points in a break where the money moves (point_convert), not only at the router', async () => {
    await setClock('2031-05-10T03:00:00Z');
    const m = await enrolMember(server);
    await givePoints(m, 50_000);
    expect((await server.call('pointConvert', { idempotencyKey: key(), amount: 10_000 }, { token: m.token })).resultCode).toBe('0');
    expect(await memberBalances(server, m.memId)).toMatchObject({ cashAmt: 10_000, pointAmt: 40_000 });
    expect((await server.call('protectionBreak', { kind: 'timeout', length: '24h' }, { token: m.token })).resultCode).toBe('0');
    // A conversion that reached the money door (one the router let through just before the break began).
    const { POINT_CONVERT } = await import('../../server/wallet/pointsQueries');
    const door = await doorAt('2031-05-10T03:00:01Z');
    // The payload as the member sent it (the amount is hashed with the key).
    const payload = () => ({ idempotencyKey: key(), amount: 10_000 });
    const convert = door.callInDatabase(POINT_CONVERT, { memberId: m.memberId, payload: payload() }, [10_000, 1_000]);
    await expect(convert).rejects.toMatchObject({ code: 'PL004', data: { endsAt: '2031-05-11T03:00:00.000Z' }, memberId: m.memberId });
    expect(await memberBalances(server, m.memId)).toMatchObject({ cashAmt: 10_000, pointAmt: 40_000 });
    // After the break it converts again.
    const after = await doorAt('2031-05-11T03:00:00Z');
    await after.callInDatabase(POINT_CONVERT, { memberId: m.memberId, payload: payload() }, [10_000, 1_000]);
    expect(await memberBalances(server, m.memId)).toMatchObject({ cashAmt: 20_000, pointAmt: 30_000 });
  });

  it('a self-exclusion ends by the Seoul calendar and is refused while a longer break runs', async () => {
    await setClock('2031-08-31T03:00:00Z');
    const m = await enrolMember(server);
    const excluded = await server.call('protectionBreak', { kind: 'exclusion', length: '6m' }, { token: m.token });
    expect(excluded.data!.activeBreak!.endsAt).toBe('2032-02-29T03:00:00.000Z');
    expect((await server.call('protectionBreak', { kind: 'exclusion', length: '1y' }, { token: m.token })).resultCode).toBe('TK001');
    expect((await server.call('protectionBreak', { kind: 'timeout', length: '6m' }, { token: (await server.login(m.memId, m.memPass)).data!.token })).resultCode).toBe('PL004');
  });
});

describe('the reality check\'s facts', () => {
  it('counts time played on the sessions\' injected clock and the session\'s bets on business time, never the wall clock', async () => {
    const m = await enrolMember(server);
    // The session's start as the service reads it.
    const { sessions } = await import('../../server/db/schema');
    const { eq } = await import('drizzle-orm');
    const [session] = await server.database.db.select({ id: sessions.id, createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.memberId, m.memberId));
    const { createProtectionService } = await import('../../server/protection/service');
    const { createTestClock } = await import('../../server/clock');
    const business = createTestClock();
    business.set(new Date('2031-10-01T03:00:00Z'));
    const sessionClock = createTestClock();
    // Twenty minutes after the session began, on the clock that stamped its start.
    sessionClock.set(new Date(session!.createdAt.getTime() + 20 * 60_000 + 30_000));
    const protection = createProtectionService({
      db: server.database.db, clock: business, sessionClock, push: server.push, mergeGames: async () => undefined, log: { warn: () => undefined },
    });
    const summary = await protection.realitySummary(session!.id, m.memberId);
    expect(summary).toMatchObject({ minutes: 20, since: '2031-10-01T02:39:30.000Z', net: 0, stakes: 0 });
  });
});

describe('the operator', () => {
  it('sees a member\'s protection, sets a lower limit (never higher), and reads who hit limits; all audited', async () => {
    await setClock('2031-06-01T03:00:00Z');
    const m = await enrolMember(server);
    expect((await limit(m, 'deposit', 'day', 100_000)).resultCode).toBe('0');
    const higher = await server.admin('PUT', `/admin/api/members/${m.memId}/protection/limits`, { kind: 'deposit', period: 'day', amount: 200_000 });
    expect(higher.status).toBe(409);
    expect(higher.body.resultCode).toBe('PL006');
    const lower = await server.admin('PUT', `/admin/api/members/${m.memId}/protection/limits`, { kind: 'deposit', period: 'day', amount: 30_000 });
    expect(lower.status).toBe(200);
    expect((await deposit(m, 40_000)).resultCode).toBe('PL001');
    const seen = await server.admin('GET', `/admin/api/members/${m.memId}/protection`);
    expect((seen.body as unknown as ProtectionInfo).limits.map((l) => [l.source, l.amount]).sort()).toEqual([['member', 100_000], ['operator', 30_000]]);
    const report = await server.admin('GET', '/admin/api/protection/hits');
    expect((report.body as unknown as { list: { memId: string; code: string; hits: number }[] }).list)
      .toContainEqual(expect.objectContaining({ memId: m.memId, code: 'PL001', hits: 1 }));
    const audited = await server.rows<{ action: string }>(`select action from audit_log where target = '${m.memId}'`);
    expect(audited.map((a) => a.action)).toContain('protection.limit');
    expect(await server.rows(`select 1 from audit_log where target = '${m.memId}' and detail->>'amount' = '200000'`)).toEqual([]);
  });
});

describe('bursts cannot pass a limit together', () => {
  it('ten bets at once against a 50,000 stake limit: exactly five pass; a raise asked in the same burst is not used', async () => {
    await setClock('2031-07-01T03:01:00Z');
    await tick();
    const m = await enrolMember(server);
    await giveCash(m, 1_000_000);
    const round = await board(m);
    expect((await limit(m, 'stake', 'day', 50_000)).resultCode).toBe('0');
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => bet(m, round, 10_000)),
      limit(m, 'stake', 'day', 1_000_000),
    ]);
    expect(codes(answers.slice(0, 10))).toEqual({ 0: 5, PL003: 5 });
    expect(await cash(m)).toBe(950_000);
    expect((await info(m)).use.day.stake).toBe(50_000);
  });

  it('ten launches at once once a stake limit is reached: none passes and no money goes into a game', async () => {
    await setClock('2031-07-03T03:01:00Z');
    await tick();
    const m = await enrolMember(server);
    await giveCash(m, 100_000);
    expect((await limit(m, 'stake', 'day', 30_000)).resultCode).toBe('0');
    expect((await bet(m, await board(m), 30_000)).resultCode).toBe('0');
    const answers = await Promise.all(Array.from({ length: 10 }, () => launchFirstSlot(m)));
    expect(codes(answers)).toEqual({ PL003: 10 });
    expect(await cash(m)).toBe(70_000);
    expect(await server.rows(`select 1 from game_transfers where member_id = ${m.memberId}`)).toEqual([]);
  });

  it('ten deposit requests at once, won and USDT, against a 50,000 deposit limit: none passes it, and one is open at a time', async () => {
    await setClock('2031-07-04T03:00:00Z');
    const m = await enrolMember(server);
    expect((await limit(m, 'deposit', 'day', 50_000)).resultCode).toBe('0');
    await depositApproved(m, 20_000);
    // 40,000 and 42,000 won each: every one would pass the limit, none is made.
    const past = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? deposit(m, 40_000) : coinDeposit(m, 30_000_000))));
    expect(codes(past)).toEqual({ PL001: 10 });
    expect(await requestsOf(m)).toBe(1);
    // 30,000 and 29,999 won each fit: exactly one is made (one open deposit request at a time).
    const fitting = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? deposit(m, 30_000) : coinDeposit(m, 21_428_571))));
    expect(codes(fitting)).toEqual({ 0: 1, C003: 9 });
    const [open] = await server.rows<{ id: number }>(`select id from cash_requests where member_id = ${m.memberId} and status = 0`);
    expect((await approve(open!.id)).status).toBe(200);
    expect((await info(m)).use.day.deposit).toBeLessThanOrEqual(50_000);
    const after = await Promise.all(Array.from({ length: 10 }, () => deposit(m, 10_000)));
    expect(codes(after)).toEqual({ PL001: 10 });
  });

  it('ten transfers received at once against a 50,000 deposit limit: exactly five pass', async () => {
    await setClock('2031-07-02T03:00:00Z');
    const receiver = await enrolMember(server);
    expect((await limit(receiver, 'deposit', 'day', 50_000)).resultCode).toBe('0');
    const senders = await Promise.all(Array.from({ length: 10 }, () => enrolMember(server)));
    for (const sender of senders) await giveCash(sender, 10_000);
    const { moneyDoor } = await import('../../server/money/door');
    const { createTestClock } = await import('../../server/clock');
    const clock = createTestClock();
    clock.set(new Date('2031-07-02T03:00:00Z'));
    const { db } = server.database;
    const door = moneyDoor(db, clock);
    const results = await Promise.allSettled(senders.map((sender) => give(door, sender.memberId, receiver.memberId, 10_000)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'rejected' && (r.reason as { code?: string }).code === 'PL001')).toHaveLength(5);
    expect(await cash(receiver)).toBe(50_000);
    expect((await info(receiver)).use.day.deposit).toBe(50_000);
  });
});
