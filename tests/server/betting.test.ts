/**
 * The betting history calls (betlist, detail, winlose) over rows written straight into `bets`, as the
 * products' feeds write them: filters, Seoul days, paging, other members' rows and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BetGroup, BetType } from '../../contract/betting';
import { bets } from '../../server/db/schema';
import { enrolMember, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let alice: TestMember;
let bob: TestMember;
let rounds = 0;

interface BetSpec {
  member: TestMember;
  at: string;
  group?: BetGroup;
  vendor?: string;
  stake?: number;
  win?: number;
  type?: BetType;
  detail?: Record<string, unknown>;
}

async function placeBet(spec: BetSpec): Promise<number> {
  rounds += 1;
  const [row] = await server.database.db.insert(bets).values({
    memberId: spec.member.memberId,
    groupKey: spec.group ?? 'slot',
    vendorCode: spec.vendor ?? '200',
    gameKey: 'sweet-fortune',
    company: { ko: '프라그마틱 슬롯', en: 'Pragmatic Play', vi: 'Pragmatic Play' },
    gameName: { ko: '스위트 포춘', en: 'Sweet Fortune', vi: 'Sweet Fortune' },
    sourceRef: `test:${rounds}`,
    roundId: `R${rounds}`,
    stake: spec.stake ?? 1_000,
    win: spec.win ?? 0,
    type: spec.type ?? 'lose',
    placedAt: new Date(spec.at),
    settledAt: spec.type === 'wait' ? null : new Date(spec.at),
    detail: spec.detail ?? {},
  }).returning({ id: bets.id });
  return row!.id;
}

const list = (member: TestMember, payload: Parameters<TestServer['call']>[1] & object) => server.call('betList', payload as never, { token: member.token });
const day = (date: string) => ({ startDate: `${date} 00:00:00`, endDate: `${date} 23:59:59` });

beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  alice = await enrolMember(server);
  bob = await enrolMember(server);
  // 2026-11-01 in Seoul runs from 2026-10-31T15:00Z to 2026-11-01T14:59:59Z.
  await placeBet({ member: alice, at: '2026-10-31T14:59:59Z', stake: 500 }); // 2026-10-31 in Seoul
  await placeBet({ member: alice, at: '2026-10-31T15:00:00Z', stake: 1_000, win: 2_500, type: 'win' });
  await placeBet({ member: alice, at: '2026-11-01T03:00:00Z', stake: 2_000, type: 'lose', group: 'casino', vendor: '1' });
  await placeBet({ member: alice, at: '2026-11-01T04:00:00Z', stake: 3_000, win: 3_000, type: 'draw', group: 'casino', vendor: '1' });
  await placeBet({ member: alice, at: '2026-11-01T05:00:00Z', stake: 4_000, type: 'wait' });
  await placeBet({ member: alice, at: '2026-11-01T14:59:59Z', stake: 700, win: 700, type: 'cancel' });
  await placeBet({ member: bob, at: '2026-11-01T06:00:00Z', stake: 9_999, type: 'win', win: 20_000 });
});
afterAll(async () => { await server.close(); });

describe('bet list', () => {
  it("answers the member's bets of the chosen Seoul day, newest first, with SPEC's item fields", async () => {
    const answer = await list(alice, { ...day('2026-11-01') });
    expect(answer.resultCode).toBe('0');
    const items = answer.data!.list;
    expect(items.map((item) => item.cash)).toEqual([700, 4_000, 3_000, 2_000, 1_000]);
    expect(answer.data!.pageInfo).toEqual({ page: 1, count_per_list: 10, tatal_list_count: 5 });
    const won = items.find((item) => item.type === 'win')!;
    expect(won).toMatchObject({ cash: 1_000, winCash: 2_500, resultCash: 1_500, groupKey: 'slot', vendorCode: '200' });
    expect(won.company.en).toBe('Pragmatic Play');
    expect(won.gameName.ko).toBe('스위트 포춘');
    expect(items.find((item) => item.type === 'wait')!.settledAt).toBeNull();
  });

  it('never shows another member their rows', async () => {
    const answer = await list(bob, { ...day('2026-11-01') });
    expect(answer.data!.list.map((item) => item.cash)).toEqual([9_999]);
  });

  it('filters by product, by vendor and by finished bets (oldYn Y)', async () => {
    const casino = await list(alice, { ...day('2026-11-01'), groupKey: 'casino' });
    expect(casino.data!.list.map((item) => item.cash)).toEqual([3_000, 2_000]);
    const vendor = await list(alice, { ...day('2026-11-01'), vendorCode: '200' });
    expect(vendor.data!.list.map((item) => item.cash)).toEqual([700, 4_000, 1_000]);
    const finished = await list(alice, { ...day('2026-11-01'), oldYn: 'Y' });
    expect(finished.data!.list.map((item) => item.type)).not.toContain('wait');
    expect(finished.data!.pageInfo.tatal_list_count).toBe(4);
  });

  it("reads the server's today in Seoul when no dates are sent", async () => {
    const member = await enrolMember(server);
    // The server's clock at 23:59:59 Seoul on 2026-11-24: that day's bets are listed, the next day's and older ones are not.
    await server.admin('PUT', '/admin/api/test/clock', { now: '2026-11-24T14:59:59Z' });
    await placeBet({ member, at: '2026-11-23T15:00:00Z', stake: 1_111 }); // 00:00:00 Seoul, the day's first second
    await placeBet({ member, at: '2026-11-24T14:59:59Z', stake: 1_234 });
    await placeBet({ member, at: '2026-11-24T15:00:00Z', stake: 2_222 }); // 00:00:00 Seoul the next day
    await placeBet({ member, at: '2026-11-21T14:59:59Z', stake: 4_321 });
    const answer = await list(member, {});
    await server.admin('PUT', '/admin/api/test/clock', { now: null });
    expect(answer.data!.list.map((item) => item.cash)).toEqual([1_234, 1_111]);
  });

  it('pages by ten', async () => {
    const member = await enrolMember(server);
    for (let minute = 0; minute < 23; minute += 1) {
      await placeBet({ member, at: `2026-11-02T01:${String(minute).padStart(2, '0')}:00Z`, stake: 100 + minute });
    }
    const first = await list(member, { ...day('2026-11-02') });
    const third = await list(member, { ...day('2026-11-02'), page: 3 });
    expect(first.data!.list).toHaveLength(10);
    expect(first.data!.list[0]!.cash).toBe(122);
    expect(third.data!.list.map((item) => item.cash)).toEqual([102, 101, 100]);
    expect(third.data!.pageInfo).toEqual({ page: 3, count_per_list: 10, tatal_list_count: 23 });
  });

  it.each([
    ['an unknown product', { groupKey: 'poker' }],
    ['a date that is not one', { startDate: '2026-13-45 00:00:00' }],
    ['a reversed range', { startDate: '2026-11-02 00:00:00', endDate: '2026-11-01 23:59:59' }],
    ['page 0', { page: 0 }],
    ['a hostile vendor code', { vendorCode: "1' or '1'='1".repeat(10) }],
    ['an oldYn that is not Y or N', { oldYn: 'maybe' }],
  ])('refuses %s with R003', async (_name, payload) => {
    const answer = await list(alice, payload);
    expect(answer.resultCode).toBe('R003');
  });

  it('is for signed-in members only', async () => {
    const answer = await server.call('betList', {});
    expect(answer.resultCode).toBe('TK001');
  });
});

describe('bet detail', () => {
  it('answers the outcome and the fairness proof of one of the member’s bets', async () => {
    const proof = { serverSeedHash: 'a'.repeat(64), serverSeed: 'b'.repeat(64), clientSeed: 'alice', nonce: 7, verifyHelp: 'front.bet.verifySlot' };
    const betId = await placeBet({ member: alice, at: '2026-11-03T01:00:00Z', type: 'win', win: 5_000, detail: { outcome: 'A K Q | 7 7 7', proof } });
    const answer = await server.call('betDetail', { betId: String(betId) }, { token: alice.token });
    expect(answer.resultCode).toBe('0');
    expect(answer.data!.bet).toMatchObject({ betId: String(betId), outcome: { kind: 'text', text: 'A K Q | 7 7 7' }, proof, resultCash: 4_000 });
  });

  it('answers a vendor round’s facts as data (a slot spin, a baccarat coup, a fishing shot, a refund), and an older round’s text as text', async () => {
    const spin = { stops: [1, 2, 3, 4, 5], grid: [['J']], symbols: { J: { ko: 'J', en: 'J', vi: 'J' } }, lines: [{ line: 6, symbol: 'J', count: 4, pay: 400 }], scatter: null };
    const coup = {
      player: [{ rank: 1, suit: 'S' }, { rank: 5, suit: 'H' }], banker: [{ rank: 13, suit: 'D' }, { rank: 7, suit: 'C' }],
      playerTotal: 6, bankerTotal: 7, winner: 'banker', playerPair: false, bankerPair: false,
    };
    const detailOf = async (detail: Record<string, unknown>) => {
      const betId = await placeBet({ member: alice, at: '2026-11-03T01:30:00Z', win: 400, detail });
      return (await server.call('betDetail', { betId: String(betId) }, { token: alice.token })).data!.bet;
    };
    const slot = await detailOf({ outcome: 'stops 1,2,3,4,5; line 6: 4xJ pays 400', facts: { game: 'slot', ...spin } });
    expect(slot).toMatchObject({ outcome: { kind: 'slot', spin }, type: 'lose', cash: 1_000, winCash: 400 });
    expect(await detailOf({ outcome: 'P AS 5H (6) B KD 7C (7): banker', facts: { game: 'baccarat', ...coup } })).toMatchObject({ outcome: { kind: 'baccarat', coup } });
    const shot = { fish: 'shark', names: { ko: '상어', en: 'Shark', vi: 'Cá mập' }, multiplier: 40, waveNo: 3, fishId: 12, caught: false };
    expect((await detailOf({ outcome: 'shark x40 (wave 3, fish 12): escaped', facts: { game: 'fishing', ...shot } })).outcome).toEqual({ kind: 'fishing', shot });
    expect((await detailOf({ outcome: 'refunded', facts: { game: 'refund', reason: 'closed' } })).outcome).toEqual({ kind: 'refund', reason: 'closed' });
    expect((await detailOf({ outcome: 'refunded', facts: { game: 'refund', reason: '<script>' } })).outcome).toEqual({ kind: 'refund', reason: 'interrupted' });
    expect((await detailOf({ outcome: 'stops 1,2,3,4,5' })).outcome).toEqual({ kind: 'text', text: 'stops 1,2,3,4,5' });
    expect((await detailOf({ outcome: 'refunded' })).outcome).toEqual({ kind: 'text', text: 'refunded' });
    expect((await detailOf({})).outcome).toEqual({ kind: 'none' });
  });

  it('answers a bet without a proof with proof null', async () => {
    const betId = await placeBet({ member: alice, at: '2026-11-03T02:00:00Z' });
    const answer = await server.call('betDetail', { betId: String(betId) }, { token: alice.token });
    expect(answer.data!.bet.proof).toBeNull();
  });

  it("answers another member's bet exactly as a missing one", async () => {
    const bobsBet = await placeBet({ member: bob, at: '2026-11-03T03:00:00Z' });
    const others = await server.call('betDetail', { betId: String(bobsBet) }, { token: alice.token });
    const missing = await server.call('betDetail', { betId: '999999999' }, { token: alice.token });
    expect(others.resultCode).toBe('B1404');
    expect({ ...others }).toEqual({ ...missing });
  });

  it.each(['0', '-1', 'abc', '1'.repeat(21), '12345678901234567890'])('refuses the id %s and crashes on none', async (betId) => {
    const answer = await server.call('betDetail', { betId }, { token: alice.token });
    expect(['R003', 'B1404']).toContain(answer.resultCode);
  });
});

describe('winlose', () => {
  it('nets settled bets per Seoul day and product, leaving out waiting and cancelled bets', async () => {
    const answer = await server.call('winLose', { startDate: '2026-10-31 00:00:00', endDate: '2026-11-01 23:59:59' }, { token: alice.token });
    expect(answer.resultCode).toBe('0');
    expect(answer.data!.list).toEqual([
      { date: '2026-11-01', groupKey: 'casino', cash: 5_000, winCash: 3_000, resultCash: -2_000, count: 2 },
      { date: '2026-11-01', groupKey: 'slot', cash: 1_000, winCash: 2_500, resultCash: 1_500, count: 1 },
      { date: '2026-10-31', groupKey: 'slot', cash: 500, winCash: 0, resultCash: -500, count: 1 },
    ]);
  });

  it('refuses a range longer than the limit', async () => {
    const answer = await server.call('winLose', { startDate: '2025-01-01 00:00:00', endDate: '2026-11-01 23:59:59' }, { token: alice.token });
    expect(answer.resultCode).toBe('R003');
  });
});
