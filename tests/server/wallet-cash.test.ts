/**
 * Won deposits and withdrawals through the real envelope: every refusal code, in order, moving
 * nothing; idempotency; held money; the deposit bonus across two Seoul days; bank maintenance and the
 * re-request wait on the settable server clock; history paging and cancel/hide.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../contract/codes';
import type { CashRequest } from '../../contract/wallet';
import { verifyCashOutPass } from '../../server/member/cashOutPass';
import { hashSecret } from '../../server/member/passwords';
import { getMemberBalances } from '../../server/money/ledger';
import { enrolMember, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { shiftWallClock, wallClockInstant } from '../wallClock';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ testClock: true }); });
afterAll(async () => { await server.close(); });

/** Noon in Seoul (03:00Z) on a fixed day, far from the 23:30-00:30 bank maintenance window. */
const NOON_SEOUL = '2031-03-10T03:00:00.000Z';
const setClock = async (iso: string | null) => {
  const answer = await server.admin('PUT', '/admin/api/test/clock', { now: iso });
  expect(answer.status).toBe(200);
};
const advanceMinutes = async (from: string, minutes: number) => {
  const iso = new Date(Date.parse(from) + minutes * 60_000).toISOString();
  await setClock(iso);
  return iso;
};
beforeEach(async () => { await setClock(NOON_SEOUL); });

let keys = 0;
const key = () => `cash-key-${(keys += 1)}`;

const newMember = () => enrolMember(server);

const balances = (m: TestMember) => getMemberBalances(server.database.db, m.memberId);

function deposit(m: TestMember, amount: unknown, bonusYn: 'Y' | 'N' = 'N', idempotencyKey = key()) {
  return server.callUnchecked('cashIn', { idempotencyKey, amount, bonusYn }, { token: m.token }) as Promise<ApiAnswer<{ request: CashRequest }>>;
}

function withdraw(m: TestMember, amount: unknown, cashOutPass = '4321', idempotencyKey = key()) {
  return server.callUnchecked('cashOut', { idempotencyKey, amount, cashOutPass }, { token: m.token }) as Promise<ApiAnswer<{ request: CashRequest }>>;
}

async function approve(requestId: number) {
  expect((await server.admin('POST', `/admin/api/cash-requests/${requestId}/wait`)).status).toBe(200);
  const approved = await server.admin('POST', `/admin/api/cash-requests/${requestId}/approve`);
  expect(approved.status).toBe(200);
  return (approved.body as unknown as { request: CashRequest }).request;
}

/** A member holding `amount` won from an approved deposit without bonus. */
async function fundedMember(amount: number): Promise<TestMember> {
  const m = await newMember();
  const answer = await deposit(m, amount);
  expect(answer.resultCode).toBe('0');
  await approve(answer.data!.request.requestId);
  return m;
}

const WRITTEN = ['cash_requests', 'ledger_entries', 'ledger_transactions', 'idempotency_keys'] as const;
const rowCounts = async () => Object.fromEntries(await Promise.all(WRITTEN.map(async (t) => [t, await server.count(t)] as const)));

describe('deposit requests', () => {
  it('records an applied request and moves no money until the operator approves', async () => {
    const m = await newMember();
    const answer = await deposit(m, 50_000);
    expect(answer.resultCode).toBe('0');
    expect(answer.data!.request).toMatchObject({ cashType: 'in', status: 0, amount: 50_000, bonusYn: 'N', bonusAmount: 0, processedAt: null });
    expect(await balances(m)).toEqual({ cashAmt: 0, pointAmt: 0 });
    const info = await server.call('walletInfo', {}, { token: m.token });
    expect(info.data).toMatchObject({ openDeposit: true, openWithdrawal: false, balances: { cashAmt: 0 } });
    expect(info.data!.limits).toMatchObject({ depositMin: 10_000, depositUnit: 10_000, rerequestWaitMinutes: 5 });
    await approve(answer.data!.request.requestId);
    expect(await balances(m)).toEqual({ cashAmt: 50_000, pointAmt: 0 });
  });

  it('refuses bad amounts with C002 and limits with C102, C101, C103, writing nothing', async () => {
    const m = await newMember();
    const before = await rowCounts();
    const bad: unknown[] = [undefined, '', -10_000, 0, 10_000.5, 1e30, '12abc', '1e5', ' 10000', '-10000', true, null, [10_000], { v: 1 }];
    for (const amount of bad) {
      const answer = await deposit(m, amount);
      expect([answer.resultCode, amount]).toEqual([expect.stringMatching(/^(C002|R003)$/), amount]);
    }
    // Wrong JSON types the schema refuses outright; numbers and digit strings reach the amount rule.
    for (const amount of [undefined, '', -10_000, 0, 10_000.5, 1e30, '12abc']) expect((await deposit(m, amount)).resultCode).toBe('C002');
    expect((await deposit(m, 'x'.repeat(10_000))).resultCode).toBe('R003');
    expect((await deposit(m, 5_000)).resultCode).toBe('C102');
    expect((await deposit(m, 10_010_000)).resultCode).toBe('C101');
    expect((await deposit(m, 15_000)).resultCode).toBe('C103');
    expect((await deposit(m, '15000')).resultCode).toBe('C103');
    expect(await rowCounts()).toEqual(before);
    expect((await deposit(m, '20000')).data!.request.amount).toBe(20_000);
  });

  it('allows one open deposit at a time (C003) and refuses deposit-banned members (C001)', async () => {
    const m = await newMember();
    expect((await deposit(m, 10_000)).resultCode).toBe('0');
    expect((await deposit(m, 20_000)).resultCode).toBe('C003');
    expect((await server.admin('PUT', `/admin/api/members/${m.memId}/restrictions`, { depositBanned: true })).status).toBe(200);
    // The ban comes before the amount and the open request.
    expect((await deposit(m, 'oops')).resultCode).toBe('C001');
    await server.admin('PUT', `/admin/api/members/${m.memId}/restrictions`, { depositBanned: false });
    expect((await deposit(m, 20_000)).resultCode).toBe('C003');
  });

  it('answers a retry with the same key with the first answer and one request; another payload gets C999', async () => {
    const m = await newMember();
    const idempotencyKey = key();
    const first = await deposit(m, 30_000, 'N', idempotencyKey);
    const before = await rowCounts();
    const again = await deposit(m, 30_000, 'N', idempotencyKey);
    expect(again).toEqual(first);
    expect(await rowCounts()).toEqual(before);
    expect((await deposit(m, 40_000, 'N', idempotencyKey)).resultCode).toBe('C999');
    expect((await server.rows(`select id from cash_requests where member_id = ${m.memberId}`)).length).toBe(1);
  });

  it('a refused call leaves its key free: the corrected retry with the same key goes through', async () => {
    const m = await newMember();
    const idempotencyKey = key();
    expect((await deposit(m, 5_000, 'N', idempotencyKey)).resultCode).toBe('C102');
    expect((await deposit(m, 50_000, 'N', idempotencyKey)).resultCode).toBe('0');
  });
});

describe('deposit bonus', () => {
  it('grants 20% on the first-ever approved deposit, nothing on a second that day, 10% on the first of the next Seoul day', async () => {
    const m = await newMember();
    const first = await deposit(m, 100_000, 'Y');
    expect(first.data!.request.bonusAmount).toBe(20_000);
    expect((await approve(first.data!.request.requestId)).bonusAmount).toBe(20_000);
    expect(await balances(m)).toEqual({ cashAmt: 120_000, pointAmt: 0 });

    await advanceMinutes(NOON_SEOUL, 60);
    const second = await deposit(m, 100_000, 'Y');
    expect(second.data!.request.bonusAmount).toBe(0);
    expect((await approve(second.data!.request.requestId)).bonusAmount).toBe(0);

    // 23:59 Seoul is still the same day; 00:01 Seoul is the next one.
    await setClock('2031-03-10T14:59:00.000Z');
    const late = await deposit(m, 100_000, 'Y');
    expect((await approve(late.data!.request.requestId)).bonusAmount).toBe(0);
    await setClock('2031-03-10T15:01:00.000Z');
    const nextDay = await deposit(m, 100_000, 'Y');
    expect(nextDay.data!.request.bonusAmount).toBe(10_000);
    expect((await approve(nextDay.data!.request.requestId)).bonusAmount).toBe(10_000);
    expect(await balances(m)).toEqual({ cashAmt: 430_000, pointAmt: 0 });
  });

  it('caps the bonuses (300,000 first-ever, 200,000 daily) and grants none without bonusYn', async () => {
    const capped = await newMember();
    const big = await deposit(capped, 2_000_000, 'Y');
    expect((await approve(big.data!.request.requestId)).bonusAmount).toBe(300_000);
    await setClock('2031-03-11T03:00:00.000Z');
    const daily = await deposit(capped, 3_000_000, 'Y');
    expect((await approve(daily.data!.request.requestId)).bonusAmount).toBe(200_000);
    expect(await balances(capped)).toEqual({ cashAmt: 5_500_000, pointAmt: 0 });

    const without = await newMember();
    const plain = await deposit(without, 100_000, 'N');
    expect((await approve(plain.data!.request.requestId)).bonusAmount).toBe(0);
    expect(await balances(without)).toEqual({ cashAmt: 100_000, pointAmt: 0 });
  });

  it('judges the bonus at approval: a first-ever expected 20% becomes 10% when another deposit was approved first', async () => {
    const m = await newMember();
    const a = await deposit(m, 100_000, 'N');
    expect((await deposit(m, 100_000, 'Y')).resultCode).toBe('C003');
    await approve(a.data!.request.requestId);
    await setClock('2031-03-11T03:00:00.000Z');
    const b = await deposit(m, 100_000, 'Y');
    expect(b.data!.request.bonusAmount).toBe(10_000);
  });
});

describe('withdrawal requests', () => {
  it('holds the amount at request, returns it on reject, keeps it out on approve', async () => {
    const m = await fundedMember(100_000);
    const held = await withdraw(m, 30_000);
    expect(held.resultCode).toBe('0');
    expect(held.data).toMatchObject({ request: { cashType: 'out', status: 0, amount: 30_000 }, balances: { cashAmt: 70_000 } });
    await server.admin('POST', `/admin/api/cash-requests/${held.data!.request.requestId}/wait`);
    const rejected = await server.admin('POST', `/admin/api/cash-requests/${held.data!.request.requestId}/reject`, { reason: '계좌 확인 불가' });
    expect(rejected.body).toMatchObject({ request: { status: -1, memo: '계좌 확인 불가' } });
    expect(await balances(m)).toEqual({ cashAmt: 100_000, pointAmt: 0 });

    const t1 = await advanceMinutes(NOON_SEOUL, 6);
    const paid = await withdraw(m, 40_000);
    expect(paid.resultCode).toBe('0');
    await setClock(t1);
    await approve(paid.data!.request.requestId);
    expect(await balances(m)).toEqual({ cashAmt: 60_000, pointAmt: 0 });
    const [hold] = await server.rows<{ balance: string }>(`select coalesce(sum(balance), 0)::text as balance from ledger_accounts where owner_kind = 'house' and name = 'withdrawal_hold' and currency = 'KRW'`);
    expect(hold!.balance).toBe('0');
  });

  it('refuses more than held (C202) and bad amounts (C206) and limits (C214, C101, C215), writing nothing', async () => {
    const m = await fundedMember(50_000);
    const before = await rowCounts();
    for (const amount of [undefined, '', -10_000, 0, 10_000.5, 1e30, '12abc']) expect((await withdraw(m, amount)).resultCode).toBe('C206');
    expect((await withdraw(m, 'x'.repeat(10_000))).resultCode).toBe('R003');
    expect((await withdraw(m, 5_000)).resultCode).toBe('C214');
    expect((await withdraw(m, 10_010_000)).resultCode).toBe('C101');
    expect((await withdraw(m, 15_000)).resultCode).toBe('C215');
    expect((await withdraw(m, 60_000)).resultCode).toBe('C202');
    expect(await rowCounts()).toEqual(before);
    expect(await balances(m)).toEqual({ cashAmt: 50_000, pointAmt: 0 });
  });

  it('checks the cash-out password: C205 empty, C008 wrong, C010 when the member has none', async () => {
    const m = await fundedMember(50_000);
    const before = await rowCounts();
    expect((await withdraw(m, 10_000, '')).resultCode).toBe('C205');
    expect((await withdraw(m, 10_000, '9999')).resultCode).toBe('C008');
    await server.rows(`update members set cash_out_pass_hash = '' where id = ${m.memberId}`);
    expect((await withdraw(m, 10_000, '4321')).resultCode).toBe('C010');
    expect(await rowCounts()).toEqual(before);
  });

  it('keeps a cash-out password hashed with argon2id working: a wrong one stays, the right one is rehashed to the keyed hash once', async () => {
    const m = await fundedMember(50_000);
    const old = await hashSecret('4321');
    await server.rows(`update members set cash_out_pass_hash = '${old}' where id = ${m.memberId}`);
    const stored = async () => (await server.rows<{ h: string }>(`select cash_out_pass_hash as h from members where id = ${m.memberId}`))[0]!.h;
    expect((await withdraw(m, 10_000, '1234')).resultCode).toBe('C008');
    expect(await stored()).toBe(old);
    const placed = await withdraw(m, 10_000, '4321');
    expect(placed.resultCode).toBe('0');
    const rehashed = await stored();
    expect(rehashed).toMatch(/^hs1\$/);
    expect((await verifyCashOutPass(rehashed, '4321')).right).toBe(true);
    expect((await server.call('cashDel', { requestId: placed.data!.request.requestId }, { token: m.token })).resultCode).toBe('0');
    await advanceMinutes(NOON_SEOUL, 5);
    expect((await withdraw(m, 10_000, '4321')).resultCode).toBe('0');
    expect(await stored()).toBe(rehashed);
  });

  it('checks a changed cash-out password against its new hash, not the one the server saw before', async () => {
    const m = await fundedMember(50_000);
    const failures = async () => (await server.rows<{ n: number }>(
      `select count(*)::int as n from attempts where kind = 'cashOutPass' and key = '${m.memberId}'`))[0]!.n;
    const placed = await withdraw(m, 10_000, '4321');
    expect(placed.resultCode).toBe('0');
    expect((await server.call('cashDel', { requestId: placed.data!.request.requestId }, { token: m.token })).resultCode).toBe('0');
    expect((await server.call('memberUpdate', { kind: 'cashOutPass', cashOutPass: '4321', newCashOutPass: '2580' }, { token: m.token })).resultCode).toBe('0');
    await advanceMinutes(NOON_SEOUL, 5);
    expect((await withdraw(m, 10_000, '4321')).resultCode).toBe('C008');
    expect(await failures()).toBe(1);
    expect((await withdraw(m, 10_000, '2580')).resultCode).toBe('0');
    expect(await failures()).toBe(0);
    expect(await balances(m)).toEqual({ cashAmt: 40_000, pointAmt: 0 });
  });

  it('allows one open withdrawal (C209), then a wait after the last request (C216)', async () => {
    const m = await fundedMember(100_000);
    const first = await withdraw(m, 10_000);
    expect((await withdraw(m, 10_000)).resultCode).toBe('C209');
    await server.call('cashDel', { requestId: first.data!.request.requestId }, { token: m.token });
    await advanceMinutes(NOON_SEOUL, 4);
    expect((await withdraw(m, 10_000)).resultCode).toBe('C216');
    await advanceMinutes(NOON_SEOUL, 5);
    expect((await withdraw(m, 10_000)).resultCode).toBe('0');
  });

  it('refuses withdrawals between 23:30 and 00:30 Seoul time (C217) and allows them at 00:31', async () => {
    const m = await fundedMember(100_000);
    const before = await rowCounts();
    for (const at of ['2031-03-10T14:30:00.000Z', '2031-03-10T14:45:00.000Z', '2031-03-10T15:29:59.000Z']) {
      await setClock(at);
      expect((await withdraw(m, 10_000)).resultCode).toBe('C217');
    }
    expect(await rowCounts()).toEqual(before);
    await setClock('2031-03-10T15:31:00.000Z');
    expect((await withdraw(m, 10_000)).resultCode).toBe('0');
  });

  it('on the real clock follows the wall clock: the clock guard (WALL_CLOCK) at 23:45 Seoul refuses a withdrawal', async () => {
    // What the guard does to a test that forgets to set the time (tests/wallClock.ts): the server in this process
    // reads the shifted wall clock, so such a test fails whatever the hour it really runs at. The member signs in
    // once the clock is shifted: sessions live on the wall clock, and a jump of hours would end theirs.
    const restore = shiftWallClock(wallClockInstant('23:45'));
    try {
      const m = await fundedMember(100_000);
      await setClock(null);
      expect((await withdraw(m, 10_000)).resultCode).toBe('C217');
      shiftWallClock(Date.now() + 50 * 60_000); // 00:35, past the bank hour
      expect((await withdraw(m, 10_000)).resultCode).toBe('0');
    } finally {
      restore();
    }
  });

  it('refuses when withdrawals are off (C201) or the member is withdraw-banned (C203)', async () => {
    const m = await fundedMember(50_000);
    await server.admin('PUT', '/admin/api/wallet-settings', { withdrawalsOn: false });
    expect((await withdraw(m, 10_000)).resultCode).toBe('C201');
    await server.admin('PUT', '/admin/api/wallet-settings', { withdrawalsOn: true });
    await server.admin('PUT', `/admin/api/members/${m.memId}/restrictions`, { withdrawBanned: true });
    expect((await withdraw(m, 999, '')).resultCode).toBe('C203');
    await server.admin('PUT', `/admin/api/members/${m.memId}/restrictions`, { withdrawBanned: false });
    expect((await withdraw(m, 10_000)).resultCode).toBe('0');
  });

  it('holds once for a retried key, and C999 for the same key with another amount', async () => {
    const m = await fundedMember(100_000);
    const idempotencyKey = key();
    const first = await withdraw(m, 20_000, '4321', idempotencyKey);
    const before = await rowCounts();
    expect(await withdraw(m, 20_000, '4321', idempotencyKey)).toEqual(first);
    expect(await rowCounts()).toEqual(before);
    expect((await withdraw(m, 30_000, '4321', idempotencyKey)).resultCode).toBe('C999');
    expect(await balances(m)).toEqual({ cashAmt: 80_000, pointAmt: 0 });
  });
});

describe('suspended members', () => {
  it('stay signed in but every money request answers U0011 and writes nothing, until lifted', async () => {
    const m = await fundedMember(50_000);
    await server.admin('PUT', `/admin/api/members/${m.memId}/restrictions`, { suspended: true });
    const before = await rowCounts();
    expect((await deposit(m, 10_000)).resultCode).toBe('U0011');
    expect((await server.call('cashOut', { idempotencyKey: key(), amount: 10_000, cashOutPass: '4321' }, { token: m.token })).resultCode).toBe('U0011');
    expect(await rowCounts()).toEqual(before);
    await server.admin('PUT', `/admin/api/members/${m.memId}/restrictions`, { suspended: false });
    expect((await deposit(m, 10_000)).resultCode).toBe('0');
  });
});

describe('history and cancel', () => {
  it('pages 10 at a time within today (Seoul) by default, filters by type and date, hides hidden rows', async () => {
    const m = await newMember();
    // 12 deposits over 12 minutes, each approved so the next may be requested.
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      await advanceMinutes(NOON_SEOUL, i);
      const answer = await deposit(m, 10_000);
      ids.push(answer.data!.request.requestId);
      await approve(answer.data!.request.requestId);
    }
    const page1 = await server.call('cashList', { page: 1 }, { token: m.token });
    expect(page1.data!.pageInfo).toEqual({ page: 1, count_per_list: 10, tatal_list_count: 12 });
    expect(page1.data!.list.map((r) => r.requestId)).toEqual([...ids].reverse().slice(0, 10));
    const page2 = await server.call('cashList', { page: 2 }, { token: m.token });
    expect(page2.data!.list.map((r) => r.requestId)).toEqual([ids[1], ids[0]]);
    expect((await server.call('cashList', { page: 1, cashType: 'out' }, { token: m.token })).data!.pageInfo.tatal_list_count).toBe(0);

    // Dates are Seoul wall time: 12:00:00-12:02:59 holds the first three.
    const window = await server.call('cashList', { page: 1, startDate: '2031-03-10 12:00:00', endDate: '2031-03-10 12:02:59' }, { token: m.token });
    expect(window.data!.list.map((r) => r.requestId)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await server.call('cashList', { page: 1, startDate: '2031-03-11', endDate: '2031-03-11' }, { token: m.token })).data!.list).toEqual([]);
    expect((await server.call('cashList', { page: 1, startDate: '2031-03-10', endDate: '2031-03-10' }, { token: m.token })).data!.pageInfo.tatal_list_count).toBe(12);
    expect((await server.call('cashList', { page: 1, startDate: '2031-02-31' }, { token: m.token })).resultCode).toBe('R003');

    // Hiding a processed request removes it from history, not from the books.
    const hidden = await server.call('cashDel', { requestId: ids[0]! }, { token: m.token });
    expect(hidden.resultCode).toBe('0');
    expect((await server.call('cashList', { page: 1 }, { token: m.token })).data!.pageInfo.tatal_list_count).toBe(11);
    expect(await balances(m)).toEqual({ cashAmt: 120_000, pointAmt: 0 });
    const another = await newMember();
    expect((await server.call('cashList', { page: 1 }, { token: another.token })).data!.pageInfo.tatal_list_count).toBe(0);
  });

  it('cancels the member\'s own applied withdrawal with the hold returned; refuses waiting and foreign requests with C501', async () => {
    const m = await fundedMember(100_000);
    const out = await withdraw(m, 30_000);
    const cancelled = await server.call('cashDel', { requestId: out.data!.request.requestId }, { token: m.token });
    expect(cancelled.data).toMatchObject({ request: { status: -1 }, balances: { cashAmt: 100_000 } });
    expect(server.push.pushed).toContainEqual({ to: 'member', target: m.memId, msg: { cmd: 'CASH', data1: 100_000, data2: 0 } });

    const stranger = await fundedMember(10_000);
    const waitingDeposit = await deposit(m, 10_000);
    const before = await rowCounts();
    expect((await server.call('cashDel', { requestId: waitingDeposit.data!.request.requestId }, { token: stranger.token })).resultCode).toBe('C501');
    expect((await server.call('cashDel', { requestId: 99_999_999 }, { token: m.token })).resultCode).toBe('C501');
    await server.admin('POST', `/admin/api/cash-requests/${waitingDeposit.data!.request.requestId}/wait`);
    expect((await server.call('cashDel', { requestId: waitingDeposit.data!.request.requestId }, { token: m.token })).resultCode).toBe('C501');
    expect(await rowCounts()).toEqual(before);
    expect((await server.callUnchecked('cashDel', { requestId: -1 }, { token: m.token })).resultCode).toBe('R003');
    expect((await server.callUnchecked('cashDel', { requestId: '1' }, { token: m.token })).resultCode).toBe('R003');
  });
});

describe('account inquiry', () => {
  it('registers one waiting inquiry; the operator answer shows to the member', async () => {
    const m = await newMember();
    expect((await server.call('accInquiry', {}, { token: m.token })).data).toEqual({ inquiry: null });
    const asked = await server.call('getAcc', {}, { token: m.token });
    expect(asked.data!.inquiry).toMatchObject({ status: 'waiting', answer: null });
    expect((await server.call('getAcc', {}, { token: m.token })).data!.inquiry.inquiryId).toBe(asked.data!.inquiry.inquiryId);
    const listed = await server.admin('GET', '/admin/api/account-inquiries?status=waiting');
    expect(listed.body.list).toContainEqual(expect.objectContaining({ inquiryId: asked.data!.inquiry.inquiryId, memId: m.memId }));
    const answered = await server.admin('POST', `/admin/api/account-inquiries/${asked.data!.inquiry.inquiryId}/answer`, { answer: '국민 123-456 한빛' });
    expect(answered.status).toBe(200);
    expect((await server.call('accInquiry', {}, { token: m.token })).data!.inquiry).toMatchObject({ status: 'answered', answer: '국민 123-456 한빛' });
    expect((await server.admin('POST', '/admin/api/account-inquiries/99999999/answer', { answer: 'x' })).status).toBe(404);
  });
});
