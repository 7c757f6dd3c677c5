/**
 * The operator's wallet API: cash request steps (and the database refusing illegal ones on its own),
 * pushes after approve/reject, settings validation, restrictions, audit rows, and the test clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashRequest } from '../../contract/wallet';
import { ConfigError, loadConfig } from '../../server/config';
import { enrolMember, signupForm, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';

// Seoul noon: a withdrawal here is never refused for bank maintenance (23:30-00:30 Seoul), whenever the suite runs.
const NOON_SEOUL = '2031-04-02T03:00:00.000Z';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  expect((await server.admin('PUT', '/admin/api/test/clock', { now: NOON_SEOUL })).status).toBe(200);
});
afterAll(async () => { await server.close(); });

let keys = 0;
const key = () => `admin-wallet-key-${(keys += 1)}`;

const newMember = () => enrolMember(server);

async function depositRequest(m: TestMember, amount = 50_000): Promise<number> {
  const answer = await server.call('cashIn', { idempotencyKey: key(), amount }, { token: m.token });
  expect(answer.resultCode).toBe('0');
  return answer.data!.request.requestId;
}

const step = (id: number | string, action: 'wait' | 'approve' | 'reject', body?: unknown) =>
  server.admin('POST', `/admin/api/cash-requests/${id}/${action}`, body ?? {});
const requestOf = (body: unknown) => (body as { request: CashRequest & { memId: string } }).request;

/** Runs SQL and answers the database's error message, or 'accepted'. */
async function sqlOutcome(query: string): Promise<string> {
  try {
    await server.rows(query);
    return 'accepted';
  } catch (error) {
    let e: unknown = error;
    while (e && typeof e === 'object' && 'cause' in e && (e as { cause?: unknown }).cause) e = (e as { cause: unknown }).cause;
    return (e as Error).message;
  }
}

describe('cash request steps', () => {
  it('moves applied -> waiting -> complete, lists by status and type, and audits each step', async () => {
    const m = await newMember();
    const id = await depositRequest(m);
    const applied = await server.admin('GET', '/admin/api/cash-requests?status=0&type=in');
    expect((applied.body as unknown as { list: { requestId: number; memId: string }[] }).list)
      .toContainEqual(expect.objectContaining({ requestId: id, memId: m.memId }));
    expect(requestOf((await step(id, 'wait')).body)).toMatchObject({ status: 2, memId: m.memId });
    expect(requestOf((await step(id, 'approve')).body)).toMatchObject({ status: 1, amount: 50_000 });
    const completed = await server.admin('GET', '/admin/api/cash-requests?status=1');
    expect((completed.body as unknown as { list: { requestId: number }[] }).list.map((r) => r.requestId)).toContain(id);
    const audit = await server.rows<{ action: string }>(`select action from audit_log where target = '${id}' order by id`);
    expect(audit.map((r) => r.action)).toEqual(['cash.wait', 'cash.approve']);
  });

  it('answers 409 for steps out of order and for processed requests, 404 for unknown ones, 400 for bad ids; none audited', async () => {
    const m = await newMember();
    const id = await depositRequest(m);
    const auditBefore = await server.count('audit_log');
    expect([(await step(id, 'approve')).status, (await step(id, 'approve')).body.resultCode]).toEqual([409, 'C502']);
    expect((await step(id, 'reject')).body.resultCode).toBe('C502');
    await step(id, 'wait');
    expect((await step(id, 'wait')).body.resultCode).toBe('C501');
    await step(id, 'reject', { reason: 'no' });
    for (const action of ['wait', 'approve', 'reject'] as const) {
      const answer = await step(id, action);
      expect([answer.status, answer.body.resultCode]).toEqual([409, 'C503']);
    }
    expect((await step(99_999_999, 'wait')).status).toBe(404);
    for (const bad of ['abc', '-1', '1.5', '1e30']) expect((await step(bad, 'wait')).status).toBe(400);
    expect((await server.admin('GET', '/admin/api/cash-requests?status=7')).status).toBe(400);
    expect(await server.count('audit_log')).toBe(auditBefore + 2);
  });

  it('the database itself refuses illegal status steps, edits of processed requests and deletes', async () => {
    const m = await newMember();
    const id = await depositRequest(m);
    expect(await sqlOutcome(`update cash_requests set status = 1, processed_at = now() where id = ${id}`)).toMatch(/^C502:/);
    expect(await sqlOutcome(`update cash_requests set amount = 1 where id = ${id}`)).toMatch(/^C501:/);
    expect(await sqlOutcome(`delete from cash_requests where id = ${id}`)).toMatch(/^C503:/);
    await step(id, 'wait');
    await step(id, 'approve');
    expect(await sqlOutcome(`update cash_requests set status = -1 where id = ${id}`)).toMatch(/^C503:/);
    expect(await sqlOutcome(`update cash_requests set bonus_amount = 999 where id = ${id}`)).toMatch(/^C503:/);
    expect(await sqlOutcome(`update cash_requests set hidden = true where id = ${id}`)).toBe('accepted');
    const [row] = await server.rows<{ status: number; amount: string }>(`select status, amount::text from cash_requests where id = ${id}`);
    expect(row).toEqual({ status: 1, amount: '50000' });
  });

  it('pushes CASHREQ and CASH with fresh balances after approve and reject, and approved requests to the masked public feed', async () => {
    const m = await newMember();
    const id = await depositRequest(m, 70_000);
    await step(id, 'wait');
    server.push.pushed.length = 0;
    await step(id, 'approve');
    expect(server.push.pushed).toEqual([
      { to: 'member', target: m.memId, msg: { cmd: 'CASHREQ', data1: id, data2: 1 } },
      { to: 'member', target: m.memId, msg: { cmd: 'CASH', data1: 70_000, data2: 0 } },
    ]);
    const masked = `${m.memId.slice(0, 2)}***${m.memId.slice(-1)}`;
    expect(server.push.topicPushed.at(-1)).toEqual({ destination: '/topic/cash', body: { kind: 'in', memId: masked, amount: 70_000, at: expect.any(String) } });

    const out = await server.call('cashOut', { idempotencyKey: key(), amount: 20_000, cashOutPass: '4321' }, { token: m.token });
    expect(out.data!.balances.cashAmt).toBe(50_000);
    await step(out.data!.request.requestId, 'wait');
    server.push.pushed.length = 0;
    const feedBefore = server.push.topicPushed.length;
    await step(out.data!.request.requestId, 'reject', { reason: '점검' });
    expect(server.push.pushed).toEqual([
      { to: 'member', target: m.memId, msg: { cmd: 'CASHREQ', data1: out.data!.request.requestId, data2: -1 } },
      { to: 'member', target: m.memId, msg: { cmd: 'CASH', data1: 70_000, data2: 0 } },
    ]);
    expect(server.push.topicPushed.length).toBe(feedBefore);
  });
});

describe('wallet settings', () => {
  it('reads and changes settings with an audit row; a new USDT price records when it was set', async () => {
    const before = await server.admin('GET', '/admin/api/wallet-settings');
    const settings = (before.body as unknown as { settings: { depositMin: number; usdtPriceSetAt: string } }).settings;
    expect(settings.depositMin).toBe(10_000);
    const changed = await server.admin('PUT', '/admin/api/wallet-settings', { depositMin: 20_000, usdtPriceKrw: 1_500, dailyBonusRate: 5 });
    expect(changed.status).toBe(200);
    const after = (changed.body as unknown as { settings: Record<string, unknown> }).settings;
    expect(after).toMatchObject({ depositMin: 20_000, usdtPriceKrw: 1_500, dailyBonusRate: 5 });
    expect(Date.parse(after.usdtPriceSetAt as string)).toBeGreaterThan(Date.parse(settings.usdtPriceSetAt));
    const m = await newMember();
    expect((await server.call('cashIn', { idempotencyKey: key(), amount: 10_000 }, { token: m.token })).resultCode).toBe('C102');
    expect((await server.call('walletInfo', {}, { token: m.token })).data!.limits.depositMin).toBe(20_000);
    expect((await server.rows<{ action: string }>(`select action from audit_log where action = 'wallet.settings'`)).length).toBe(1);
    await server.admin('PUT', '/admin/api/wallet-settings', { depositMin: 10_000 });
  });

  it('refuses bad values with 400 R003 and changes nothing', async () => {
    const bad: Record<string, unknown>[] = [
      { depositMin: 0 }, { depositMin: -1 }, { depositMin: 1.5 }, { depositUnit: '10000' }, { firstDepositBonusRate: 101 },
      { dailyBonusCap: -1 }, { usdtPriceKrw: 0 }, { usdtDepositAddress: 'not-an-address' }, { withdrawalsOn: 'yes' },
      { depositMin: 20_000_000 }, { withdrawMax: 5_000 }, { unknownSetting: 1 }, { depositMax: 1e30 },
    ];
    const before = (await server.admin('GET', '/admin/api/wallet-settings')).body;
    for (const body of bad) {
      const answer = await server.admin('PUT', '/admin/api/wallet-settings', body);
      expect([answer.status, answer.body.resultCode, body]).toEqual([400, 'R003', body]);
    }
    expect((await server.admin('GET', '/admin/api/wallet-settings')).body).toEqual(before);
  });

  it('two operators changing limits at once: each change is checked against the other, never a 500', async () => {
    type Limits = { settings: { depositMin: number; depositMax: number } };
    const limits = async () => ((await server.admin('GET', '/admin/api/wallet-settings')).body as unknown as Limits).settings;
    const before = await limits();
    // Each is fine alone; together the minimum would pass the maximum.
    const middle = Math.floor((before.depositMin + before.depositMax) / 2);
    const answers = await Promise.all([
      server.admin('PUT', '/admin/api/wallet-settings', { depositMin: middle + 1_000 }),
      server.admin('PUT', '/admin/api/wallet-settings', { depositMax: middle - 1_000 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.resultCode).toBe('R003');
    const after = await limits();
    expect(after.depositMin).toBeLessThanOrEqual(after.depositMax);
    await server.admin('PUT', '/admin/api/wallet-settings', { depositMin: before.depositMin, depositMax: before.depositMax });
  });
});

describe('member restrictions', () => {
  it('bans and lifts deposits and withdrawals, suspends and restores; 404 for an unknown member', async () => {
    const m = await newMember();
    expect((await server.admin('PUT', `/admin/api/members/${m.memId}/restrictions`, { depositBanned: true, withdrawBanned: true })).body).toEqual({ ok: true });
    const [banned] = await server.rows<{ deposit_banned: boolean; withdraw_banned: boolean }>(`select deposit_banned, withdraw_banned from members where id = ${m.memberId}`);
    expect(banned).toEqual({ deposit_banned: true, withdraw_banned: true });
    await server.admin('PUT', `/admin/api/members/${m.memId}/restrictions`, { suspended: true });
    expect((await server.rows<{ status: string }>(`select status from members where id = ${m.memberId}`))[0]!.status).toBe('suspended');
    await server.admin('PUT', `/admin/api/members/${m.memId}/restrictions`, { suspended: false, depositBanned: false });
    expect((await server.rows<{ status: string }>(`select status from members where id = ${m.memberId}`))[0]!.status).toBe('active');
    expect((await server.admin('PUT', '/admin/api/members/nobody999/restrictions', { suspended: true })).status).toBe(404);
    expect((await server.admin('PUT', `/admin/api/members/${m.memId}/restrictions`, { suspended: 'yes' })).status).toBe(400);

    // A pending sign-up is not turned active by lifting a suspension.
    const pending = signupForm();
    await server.call('signup', pending);
    await server.admin('PUT', `/admin/api/members/${pending.memId}/restrictions`, { suspended: false });
    expect((await server.rows<{ status: string }>(`select status from members where mem_id = '${pending.memId}'`))[0]!.status).toBe('pending');
  });
});

describe('test clock', () => {
  it('does not exist without TEST_CLOCK (404) and TEST_CLOCK is refused in production', async () => {
    const unclocked = await startTestServer();
    try {
      expect((await unclocked.admin('PUT', '/admin/api/test/clock', { now: null })).status).toBe(404);
    } finally {
      await unclocked.close();
    }
    expect(() => loadConfig({ TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ TEST_CLOCK: 'yes' })).toThrow(ConfigError);
    expect(loadConfig({ TEST_CLOCK: '1' }).testClock).toBe(true);
  });

  it('with TEST_CLOCK sets and resets the time, behind the operator token', async () => {
    const clocked = await startTestServer({ testClock: true });
    try {
      expect((await clocked.admin('PUT', '/admin/api/test/clock', { now: '2031-01-01T00:00:00Z' }, 'wrong')).status).toBe(401);
      expect((await clocked.admin('PUT', '/admin/api/test/clock', { now: '2031-01-01T00:00:00Z' })).body).toEqual({ now: '2031-01-01T00:00:00.000Z' });
      expect((await clocked.admin('PUT', '/admin/api/test/clock', { now: 'tomorrow' })).status).toBe(400);
      const reset = await clocked.admin('PUT', '/admin/api/test/clock', { now: null });
      expect(Math.abs(Date.parse((reset.body as unknown as { now: string }).now) - Date.now())).toBeLessThan(60_000);
    } finally {
      await clocked.close();
    }
  });
});
