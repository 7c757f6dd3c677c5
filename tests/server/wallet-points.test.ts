import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../contract/calls';
import { HEADER_LOCALE, HEADER_SESSION_TOKEN } from '../../contract/constants';
import { seal } from '../../contract/envelope';
import { systemClock } from '../../server/clock';
import { findMemberByMemId } from '../../server/member/queries';
import { isFailure } from '../../server/failure';
import { createBalancePush } from '../../server/money/balancePush';
import { createPointsService } from '../../server/wallet/pointsService';
import { enrolMember, memberBalances } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let demoToken: string;
beforeAll(async () => {
  server = await startTestServer();
  demoToken = (await server.login('demo01', 'demo1234')).data!.token;
});
afterAll(async () => { await server.close(); });

let keys = 0;
const key = () => `points-key-${(keys += 1)}`;

const newMember = () => enrolMember(server);
const balancesOf = (memId: string) => memberBalances(server, memId);

const WRITTEN = ['ledger_entries', 'ledger_transactions', 'point_records', 'idempotency_keys', 'audit_log'] as const;
async function rowCounts(): Promise<Record<string, number>> {
  return Object.fromEntries(await Promise.all(WRITTEN.map(async (table) => [table, await server.count(table)] as const)));
}

const setConversion = (on: boolean) => server.rows(`update wallet_settings set point_conversion_on = ${on} where id = 1`);

/** A conversion sent with the member's locale header, as the client sends it. */
async function convertWithLocale(token: string, locale: string, amount: number) {
  const body = JSON.stringify({ data: seal({ idempotencyKey: key(), amount }, server.config.siteId) });
  return server.raw(calls.pointConvert.path, body, { [HEADER_SESSION_TOKEN]: token, [HEADER_LOCALE]: locale });
}

describe('point conversion', () => {
  it('turns points into held won 1:1 in one balanced transaction, records it and pushes CASH', async () => {
    const answer = await server.call('pointConvert', { idempotencyKey: key(), amount: 5_000 }, { token: demoToken });
    expect(answer.resultCode).toBe('0');
    expect(answer.data!.balances).toEqual({ cashAmt: 1_005_000, pointAmt: 45_000 });
    expect(await balancesOf('demo01')).toEqual({ cashAmt: 1_005_000, pointAmt: 45_000 });

    const [record] = await server.rows<{ kind: string; use_class: string; applied_points: string; transaction_id: string }>(
      'select kind, use_class, applied_points::text, transaction_id::text from point_records order by id desc limit 1');
    expect(record).toMatchObject({ kind: 'convert', use_class: 'used', applied_points: '5000' });
    const sums = await server.rows<{ currency: string; total: string; n: number }>(
      `select currency, sum(amount)::text as total, count(*)::int as n from ledger_entries where transaction_id = ${record!.transaction_id} group by currency order by currency`);
    expect(sums).toEqual([{ currency: 'KRW', total: '0', n: 2 }, { currency: 'POINT', total: '0', n: 2 }]);

    expect(server.push.pushed.at(-1)).toEqual({ to: 'member', target: 'demo01', msg: { cmd: 'CASH', data1: 1_005_000, data2: 45_000 } });
  });

  it('answers a retry with the same key with the first answer and converts once; another payload under it is C999', async () => {
    const idempotencyKey = key();
    const first = await server.call('pointConvert', { idempotencyKey, amount: 1_000 }, { token: demoToken });
    const before = await rowCounts();
    const again = await server.call('pointConvert', { idempotencyKey, amount: 1_000 }, { token: demoToken });
    expect(again).toEqual(first);
    expect(await rowCounts()).toEqual(before);
    expect((await server.call('pointConvert', { idempotencyKey, amount: 2_000 }, { token: demoToken })).resultCode).toBe('C999');
    expect(await rowCounts()).toEqual(before);
    expect(await balancesOf('demo01')).toEqual(first.data!.balances);
  });

  it('refuses more than the member holds (P002) and moves nothing', async () => {
    const { token, memId } = await newMember();
    await server.admin('POST', `/admin/api/members/${memId}/points`, { amount: 1_500, reason: 'event' });
    const before = await rowCounts();
    expect((await server.call('pointConvert', { idempotencyKey: key(), amount: 1_501 }, { token })).resultCode).toBe('P002');
    expect(await rowCounts()).toEqual(before);
    expect(await balancesOf(memId)).toEqual({ cashAmt: 0, pointAmt: 1_500 });
  });

  it('takes at least 1,000 points, 10,000 when the member uses Vietnamese (P004)', async () => {
    expect((await server.call('pointConvert', { idempotencyKey: key(), amount: 999 }, { token: demoToken })).resultCode).toBe('P004');
    expect((await convertWithLocale(demoToken, 'ko', 1_000)).resultCode).toBe('0');
    expect((await convertWithLocale(demoToken, 'vi', 9_999)).resultCode).toBe('P004');
    expect((await convertWithLocale(demoToken, 'vi', 10_000)).resultCode).toBe('0');
  });

  it('is refused while the operator has conversion switched off (P009)', async () => {
    await setConversion(false);
    try {
      const before = await rowCounts();
      expect((await server.call('pointConvert', { idempotencyKey: key(), amount: 1_000 }, { token: demoToken })).resultCode).toBe('P009');
      expect(await rowCounts()).toEqual(before);
    } finally {
      await setConversion(true);
    }
  });

  it('answers P001 for a missing or empty amount and P004 for anything not a positive whole number; nothing is written', async () => {
    const before = await rowCounts();
    const pointsBefore = await balancesOf('demo01');
    expect((await server.callUnchecked('pointConvert', { idempotencyKey: key() }, { token: demoToken })).resultCode).toBe('P001');
    expect((await server.callUnchecked('pointConvert', { idempotencyKey: key(), amount: '' }, { token: demoToken })).resultCode).toBe('P001');
    for (const amount of [-1_000, 0, 1_000.5, 1e30, '12abc', '-1000', '1e4', ' 1000', Number.MAX_SAFE_INTEGER + 2]) {
      const answer = await server.callUnchecked('pointConvert', { idempotencyKey: key(), amount }, { token: demoToken });
      expect(answer.resultCode, `amount ${String(amount)}`).toBe('P004');
    }
    for (const amount of [true, null, { value: 1_000 }, [1_000], 'x'.repeat(10_000)]) {
      const answer = await server.callUnchecked('pointConvert', { idempotencyKey: key(), amount }, { token: demoToken });
      expect(answer.resultCode, `amount ${JSON.stringify(amount).slice(0, 20)}`).toBe('R003');
    }
    for (const idempotencyKey of ['', 'short', 'x'.repeat(10_000), 'bad key with spaces', 12345678]) {
      expect((await server.callUnchecked('pointConvert', { idempotencyKey, amount: 1_000 }, { token: demoToken })).resultCode).toBe('R003');
    }
    expect(await rowCounts()).toEqual(before);
    expect(await balancesOf('demo01')).toEqual(pointsBefore);
  });

  it('refuses a member suspended after their session was checked (U0011)', async () => {
    const { memId } = await newMember();
    await server.admin('POST', `/admin/api/members/${memId}/points`, { amount: 5_000, reason: 'event' });
    const member = (await findMemberByMemId(server.database.db, memId))!;
    await server.rows(`update members set status = 'suspended' where id = ${member.id}`);
    const points = createPointsService({
      db: server.database.db, clock: systemClock, balances: createBalancePush(server.database.db, server.push, console),
    });
    const before = await rowCounts();
    const refusal = await points.convert({ memberId: member.id, memId }, { idempotencyKey: key(), amount: 1_000 }, 'ko').catch((error: unknown) => error);
    expect(isFailure(refusal) && refusal.code).toBe('U0011');
    expect(await rowCounts()).toEqual(before);
  });
});

describe('point record list', () => {
  it('lists today\'s records newest first, 10 a page, with the page info', async () => {
    const { memId, token } = await newMember();
    for (let i = 1; i <= 11; i += 1) {
      await server.admin('POST', `/admin/api/members/${memId}/points`, { amount: i * 1_000, reason: `grant ${i}` });
    }
    await server.call('pointConvert', { idempotencyKey: key(), amount: 2_000 }, { token });

    const first = await server.call('pointList', { page: 1 }, { token });
    expect(first.data!.pageInfo).toEqual({ page: 1, count_per_list: 10, tatal_list_count: 12 });
    expect(first.data!.list).toHaveLength(10);
    expect(first.data!.list[0]).toMatchObject({ kind: 'convert', useClass: 'used', appliedPoints: 2_000, accruedPoints: 0 });
    expect(first.data!.list[1]).toMatchObject({ kind: 'grant', useClass: 'earned', accruedPoints: 11_000, appliedPoints: 0 });
    expect(Date.parse(first.data!.list[0]!.accruedAt)).not.toBeNaN();
    const second = await server.call('pointList', { page: 2 }, { token });
    expect(second.data!.list.map((r) => r.accruedPoints)).toEqual([2_000, 1_000]);

    const yesterday = await server.call('pointList', { page: 1, startDate: '2020-01-01', endDate: '2020-01-31' }, { token });
    expect(yesterday.data).toEqual({ list: [], pageInfo: { page: 1, count_per_list: 10, tatal_list_count: 0 } });
    expect((await server.call('pointList', { page: 1, startDate: '2020-02-31' }, { token })).resultCode).toBe('R003');
  });

  it('shows a member only their own records', async () => {
    const { token } = await newMember();
    expect((await server.call('pointList', { page: 1 }, { token })).data!.pageInfo.tatal_list_count).toBe(0);
  });
});

describe('operator point grants and recoveries', () => {
  it('grants and recovers points through the house account, records and audits each, and pushes CASH', async () => {
    const { memId, token } = await newMember();
    const granted = await server.admin('POST', `/admin/api/members/${memId}/points`, { amount: 7_000, reason: 'welcome' });
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({ balances: { cashAmt: 0, pointAmt: 7_000 } });
    expect(server.push.pushed.at(-1)).toEqual({ to: 'member', target: memId, msg: { cmd: 'CASH', data1: 0, data2: 7_000 } });

    const recovered = await server.admin('POST', `/admin/api/members/${memId}/points`, { amount: -2_500, reason: 'mistake' });
    expect(recovered.body).toEqual({ balances: { cashAmt: 0, pointAmt: 4_500 } });
    const list = (await server.call('pointList', { page: 1 }, { token })).data!.list;
    expect(list.map((r) => [r.kind, r.useClass, r.accruedPoints, r.appliedPoints])).toEqual([
      ['recover', 'used', 0, 2_500], ['grant', 'earned', 7_000, 0],
    ]);
    const audit = await server.rows<{ action: string; target: string; detail: { amount: number; reason: string } }>(
      `select action, target, detail from audit_log where action = 'member.points' and target = '${memId}' order by id`);
    expect(audit.map((a) => [a.detail.amount, a.detail.reason])).toEqual([[7_000, 'welcome'], [-2_500, 'mistake']]);
    const [house] = await server.rows<{ total: string }>(
      `select sum(e.amount)::text as total from ledger_entries e join ledger_accounts a on a.id = e.account_id
       where a.owner_kind = 'house' and a.name = 'points' and e.transaction_id in
       (select transaction_id from point_records pr join members m on m.id = pr.member_id where m.mem_id = '${memId}')`);
    expect(house!.total).toBe('-4500');
  });

  it('refuses to recover more than held (P003), and bad input (R003) or an unknown member (U000), writing nothing', async () => {
    const { memId } = await newMember();
    await server.admin('POST', `/admin/api/members/${memId}/points`, { amount: 1_000, reason: 'event' });
    const before = await rowCounts();
    const tooMuch = await server.admin('POST', `/admin/api/members/${memId}/points`, { amount: -1_001, reason: 'recover' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.resultCode).toBe('P003');
    for (const body of [{ amount: 0, reason: 'x' }, { amount: 1.5, reason: 'x' }, { amount: '100', reason: 'x' }, { amount: 1e30, reason: 'x' },
      { amount: 100 }, { amount: 100, reason: '' }, { amount: 100, reason: 'x'.repeat(10_000) }, { amount: 100, reason: 'x', extra: 1 }]) {
      const answer = await server.admin('POST', `/admin/api/members/${memId}/points`, body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(answer.body.resultCode).toBe('R003');
    }
    const unknown = await server.admin('POST', '/admin/api/members/nobody99/points', { amount: 100, reason: 'x' });
    expect([unknown.status, unknown.body.resultCode]).toEqual([404, 'U000']);
    expect((await server.admin('POST', `/admin/api/members/${memId}/points`, { amount: 100, reason: 'x' }, 'wrong-token')).status).toBe(401);
    expect(await rowCounts()).toEqual(before);
    expect(await balancesOf(memId)).toEqual({ cashAmt: 0, pointAmt: 1_000 });
  });
});
