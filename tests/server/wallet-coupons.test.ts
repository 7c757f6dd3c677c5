import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coupon } from '../../contract/wallet';
import { enrolMember, memberBalances } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

let keys = 0;
const key = () => `coupon-key-${(keys += 1)}`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const newMember = (approve = true) => enrolMember(server, {}, approve);
const balancesOf = (memId: string) => memberBalances(server, memId);

interface IssueBody { name?: unknown; kind?: unknown; amount?: unknown; expiresAt?: unknown }
async function issue(memId: string, body: IssueBody = {}) {
  const answer = await server.admin('POST', `/admin/api/members/${memId}/coupons`, { name: '신규 쿠폰', kind: 'cash', amount: 10_000, expiresAt: inDays(7), ...body });
  return { status: answer.status, body: answer.body as typeof answer.body & { coupon?: Coupon } };
}

async function issued(memId: string, body: IssueBody = {}): Promise<Coupon> {
  const answer = await issue(memId, body);
  expect(answer.status).toBe(200);
  return answer.body.coupon!;
}

const WRITTEN = ['coupons', 'ledger_entries', 'point_records', 'idempotency_keys', 'audit_log'] as const;
async function rowCounts(): Promise<Record<string, number>> {
  return Object.fromEntries(await Promise.all(WRITTEN.map(async (table) => [table, await server.count(table)] as const)));
}

describe('operator coupon issue', () => {
  it('issues a coupon the member sees as available, with an audit row and no money moved', async () => {
    const { memId, token } = await newMember();
    const entriesBefore = await server.count('ledger_entries');
    const coupon = await issued(memId, { name: '첫 충전 쿠폰', kind: 'point', amount: 3_000 });
    expect(coupon).toMatchObject({ name: '첫 충전 쿠폰', kind: 'point', amount: 3_000, status: 'available', fromMemId: null, usedAt: null });
    expect(await server.count('ledger_entries')).toBe(entriesBefore);
    const list = await server.call('couponList', { page: 1 }, { token });
    expect(list.data).toEqual({ list: [coupon], pageInfo: { page: 1, count_per_list: 10, tatal_list_count: 1 } });
    const [audit] = await server.rows<{ target: string; detail: { couponId: number; amount: number } }>(
      `select target, detail from audit_log where action = 'member.coupon' order by id desc limit 1`);
    expect(audit).toMatchObject({ target: memId, detail: { couponId: coupon.couponId, amount: 3_000 } });
  });

  it('refuses bad input (R003) and unknown members (U000), writing nothing', async () => {
    const { memId } = await newMember();
    const before = await rowCounts();
    for (const body of [
      { expiresAt: inDays(-1) }, { expiresAt: 'tomorrow' }, { amount: 0 }, { amount: -5 }, { amount: 1.5 }, { amount: '1000' }, { amount: 1e30 },
      { kind: 'gold' }, { name: '' }, { name: 'x'.repeat(10_000) }, { name: 42 },
    ]) {
      const answer = await issue(memId, body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(answer.body.resultCode).toBe('R003');
    }
    const unknown = await issue('nobody99');
    expect([unknown.status, unknown.body.resultCode]).toEqual([404, 'U000']);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('coupon use', () => {
  it('credits a cash coupon once from the house account and pushes CASH; a retry answers the same, another key C901', async () => {
    const { memId, token } = await newMember();
    const coupon = await issued(memId, { amount: 25_000 });
    const idempotencyKey = key();
    const used = await server.call('couponUse', { idempotencyKey, couponId: coupon.couponId }, { token });
    expect(used.resultCode).toBe('0');
    expect(used.data!.balances).toEqual({ cashAmt: 25_000, pointAmt: 0 });
    expect(used.data!.coupon).toMatchObject({ couponId: coupon.couponId, status: 'used' });
    expect(Date.parse(used.data!.coupon.usedAt!)).not.toBeNaN();
    expect(server.push.pushed.at(-1)).toEqual({ to: 'member', target: memId, msg: { cmd: 'CASH', data1: 25_000, data2: 0 } });

    const before = await rowCounts();
    expect(await server.call('couponUse', { idempotencyKey, couponId: coupon.couponId }, { token })).toEqual(used);
    expect((await server.call('couponUse', { idempotencyKey: key(), couponId: coupon.couponId }, { token })).resultCode).toBe('C901');
    expect((await server.call('couponUse', { idempotencyKey, couponId: coupon.couponId + 1 }, { token })).resultCode).toBe('C999');
    expect(await rowCounts()).toEqual(before);
    expect(await balancesOf(memId)).toEqual({ cashAmt: 25_000, pointAmt: 0 });

    const [house] = await server.rows<{ balance: string }>(`select coalesce(sum(balance), 0)::text as balance from ledger_accounts where owner_kind = 'house' and name = 'coupons' and currency = 'KRW'`);
    expect(house!.balance).toBe('-25000');
  });

  it('credits a point coupon to points, with a point record', async () => {
    const { memId, token } = await newMember();
    const coupon = await issued(memId, { kind: 'point', amount: 4_000 });
    expect((await server.call('couponUse', { idempotencyKey: key(), couponId: coupon.couponId }, { token })).data!.balances).toEqual({ cashAmt: 0, pointAmt: 4_000 });
    const records = (await server.call('pointList', { page: 1 }, { token })).data!.list;
    expect(records).toEqual([expect.objectContaining({ kind: 'coupon', useClass: 'earned', accruedPoints: 4_000 })]);
  });

  it('two uses of one coupon at once with different keys credit it once', async () => {
    const { memId, token } = await newMember();
    const coupon = await issued(memId, { amount: 50_000 });
    const answers = await Promise.all([1, 2, 3].map(() => server.call('couponUse', { idempotencyKey: key(), couponId: coupon.couponId }, { token })));
    expect(answers.map((a) => a.resultCode).sort()).toEqual(['0', 'C901', 'C901']);
    expect(await balancesOf(memId)).toEqual({ cashAmt: 50_000, pointAmt: 0 });
    const [uses] = await server.rows<{ n: number }>(`select count(*)::int as n from ledger_transactions where idempotency_key = 'couponUse:${coupon.couponId}'`);
    expect(uses!.n).toBe(1);
  });

  it('an expired coupon shows as expired and cannot be used or gifted (C901)', async () => {
    const { memId, token } = await newMember();
    const { memId: friend } = await newMember();
    const coupon = await issued(memId);
    await server.rows(`update coupons set expires_at = now() - interval '1 minute' where id = ${coupon.couponId}`);
    expect((await server.call('couponList', { page: 1 }, { token })).data!.list[0]!.status).toBe('expired');
    const before = await rowCounts();
    expect((await server.call('couponUse', { idempotencyKey: key(), couponId: coupon.couponId }, { token })).resultCode).toBe('C901');
    expect((await server.call('couponGift', { idempotencyKey: key(), couponId: coupon.couponId, toMemId: friend }, { token })).resultCode).toBe('C901');
    expect(await rowCounts()).toEqual(before);
    expect(await balancesOf(memId)).toEqual({ cashAmt: 0, pointAmt: 0 });
  });

  it("another member's coupon or an unknown one is not usable (C901)", async () => {
    const { memId: owner } = await newMember();
    const { token } = await newMember();
    const coupon = await issued(owner);
    expect((await server.call('couponUse', { idempotencyKey: key(), couponId: coupon.couponId }, { token })).resultCode).toBe('C901');
    expect((await server.call('couponUse', { idempotencyKey: key(), couponId: 999_999 }, { token })).resultCode).toBe('C901');
    expect((await server.call('couponList', { page: 1, startDate: '2020-01-01' }, { token })).data!.list).toEqual([]);
  });
});

describe('coupon gift', () => {
  it('moves the coupon to the receiver: they can use it, the giver cannot', async () => {
    const giver = await newMember();
    const receiver = await newMember();
    const coupon = await issued(giver.memId, { name: '선물 쿠폰', amount: 15_000 });

    const gift = await server.call('couponGift', { idempotencyKey: key(), couponId: coupon.couponId, toMemId: receiver.memId }, { token: giver.token });
    expect(gift.resultCode).toBe('0');
    expect(gift.data!.coupon).toMatchObject({ couponId: coupon.couponId, status: 'gifted' });
    const received = (await server.call('couponList', { page: 1 }, { token: receiver.token })).data!.list;
    expect(received).toEqual([expect.objectContaining({ name: '선물 쿠폰', amount: 15_000, status: 'available', fromMemId: giver.memId, expiresAt: coupon.expiresAt })]);

    expect((await server.call('couponUse', { idempotencyKey: key(), couponId: coupon.couponId }, { token: giver.token })).resultCode).toBe('C901');
    expect((await server.call('couponGift', { idempotencyKey: key(), couponId: coupon.couponId, toMemId: receiver.memId }, { token: giver.token })).resultCode).toBe('C901');
    const used = await server.call('couponUse', { idempotencyKey: key(), couponId: received[0]!.couponId }, { token: receiver.token });
    expect(used.data!.balances).toEqual({ cashAmt: 15_000, pointAmt: 0 });
    expect(await balancesOf(giver.memId)).toEqual({ cashAmt: 0, pointAmt: 0 });
  });

  it('refuses a bad receiver (C902): unknown, not yet approved, suspended, or the giver', async () => {
    const giver = await newMember();
    const pending = await newMember(false);
    const suspended = await newMember();
    await server.rows(`update members set status = 'suspended' where mem_id = '${suspended.memId}'`);
    const coupon = await issued(giver.memId);
    const before = await rowCounts();
    for (const toMemId of ['nobody99', pending.memId, suspended.memId, giver.memId, giver.memId.toUpperCase(), '']) {
      const answer = await server.call('couponGift', { idempotencyKey: key(), couponId: coupon.couponId, toMemId }, { token: giver.token });
      expect(answer.resultCode, toMemId).toBe('C902');
    }
    expect(await rowCounts()).toEqual(before);
    expect((await server.call('couponList', { page: 1 }, { token: giver.token })).data!.list[0]!.status).toBe('available');
  });

  it('answers a retried gift with the first answer and gives one coupon; another payload under the key is C999', async () => {
    const giver = await newMember();
    const receiver = await newMember();
    const coupon = await issued(giver.memId);
    const idempotencyKey = key();
    const first = await server.call('couponGift', { idempotencyKey, couponId: coupon.couponId, toMemId: receiver.memId }, { token: giver.token });
    const before = await rowCounts();
    expect(await server.call('couponGift', { idempotencyKey, couponId: coupon.couponId, toMemId: receiver.memId }, { token: giver.token })).toEqual(first);
    expect((await server.call('couponGift', { idempotencyKey, couponId: coupon.couponId, toMemId: 'demo01' }, { token: giver.token })).resultCode).toBe('C999');
    expect(await rowCounts()).toEqual(before);
    expect((await server.call('couponList', { page: 1 }, { token: receiver.token })).data!.pageInfo.tatal_list_count).toBe(1);
  });
});

describe('bad coupon input', () => {
  it('answers R003 for wrong types, fractions, huge and long values, and writes nothing', async () => {
    const { memId, token } = await newMember();
    const coupon = await issued(memId);
    const before = await rowCounts();
    const bad: unknown[] = [
      { idempotencyKey: key() }, { idempotencyKey: key(), couponId: -1 }, { idempotencyKey: key(), couponId: 0 },
      { idempotencyKey: key(), couponId: 1.5 }, { idempotencyKey: key(), couponId: String(coupon.couponId) }, { idempotencyKey: key(), couponId: 1e30 },
      { idempotencyKey: 'x'.repeat(10_000), couponId: coupon.couponId }, { couponId: coupon.couponId },
    ];
    for (const payload of bad) {
      expect((await server.callUnchecked('couponUse', payload, { token })).resultCode, JSON.stringify(payload).slice(0, 60)).toBe('R003');
    }
    for (const toMemId of ['x'.repeat(10_000), 42, null]) {
      expect((await server.callUnchecked('couponGift', { idempotencyKey: key(), couponId: coupon.couponId, toMemId }, { token })).resultCode).toBe('R003');
    }
    expect((await server.callUnchecked('couponList', { page: 0 }, { token })).resultCode).toBe('R003');
    expect(await rowCounts()).toEqual(before);
    expect(await balancesOf(memId)).toEqual({ cashAmt: 0, pointAmt: 0 });
  });
});
