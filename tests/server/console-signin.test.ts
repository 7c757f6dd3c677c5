/**
 * Operator sign-in and the console session (issue 22): password then TOTP, recovery codes, the cookie's
 * idle and absolute time-outs on the test clock, sign-out, disabled operators, and the bearer token never
 * accepted by console calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ABSOLUTE_MS, CONSOLE_IDLE_MS } from '../../contract/console';
import { TEST_ADMIN_TOKEN, type TestServer, startTestServer } from './harness';
import { codeAt, consoleRequest, cookieOf, type ConsoleOperator, firstOwner, newOperator } from './consoleClient';

let server: TestServer;
let owner: ConsoleOperator;
beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  owner = await firstOwner(server);
});
afterAll(async () => { await server.close(); });

const setClock = async (at: Date | null) => {
  const answer = await server.admin('PUT', '/admin/api/test/clock', { now: at?.toISOString() ?? null });
  expect(answer.status).toBe(200);
};
const signIn = (body: unknown, ip?: string) => consoleRequest(server, 'POST', '/admin/api/console/sign-in', body, undefined, ip);
const auditActions = async (actor: string) =>
  (await server.rows<{ action: string }>(`select action from audit_log where actor = '${actor}' order by seq`)).map((r) => r.action);

describe('sign-in', () => {
  it('an enrolled operator signs in with password and TOTP; the cookie is HTTP-only and opens me', async () => {
    const later = new Date(Date.now() + 120_000);
    await setClock(later);
    const answer = await signIn({ operatorId: owner.operatorId, password: owner.password, code: codeAt(owner.totpSecret, later) });
    expect(answer.status).toBe(200);
    expect(answer.setCookie).toMatch(/HttpOnly/);
    expect(answer.setCookie).toMatch(/SameSite=Strict/);
    const me = await consoleRequest(server, 'GET', '/admin/api/console/me', undefined, cookieOf(answer.setCookie));
    expect(me.body).toMatchObject({ operator: { operatorId: 'owner', role: 'owner', totpEnrolled: true }, mustEnrol: false });
    // The same code again is refused (a TOTP code is good once).
    const replay = await signIn({ operatorId: owner.operatorId, password: owner.password, code: codeAt(owner.totpSecret, later) });
    expect(replay.body.resultCode).toBe('OP001');
    await setClock(null);
  });

  it('refuses a wrong password, a missing or wrong code, and an unknown id with one answer, each audited', async () => {
    const cashier = await newOperator(server, owner, 'cash1', 'cashier');
    for (const body of [
      { operatorId: 'cash1', password: 'wrong-password-1', code: codeAt(cashier.totpSecret) },
      { operatorId: 'cash1', password: cashier.password },
      { operatorId: 'cash1', password: cashier.password, code: '000000' },
      { operatorId: 'nobody', password: cashier.password, code: '123456' },
    ]) {
      const answer = await signIn(body, '10.0.0.9');
      expect([answer.status, answer.body.resultCode, answer.setCookie]).toEqual([401, 'OP001', null]);
    }
    expect((await auditActions('cash1')).filter((a) => a === 'console.signIn.failed')).toHaveLength(3);
    expect(await auditActions('nobody')).toEqual(['console.signIn.failed']);
  });

  it('a recovery code signs in once', async () => {
    const support = await newOperator(server, owner, 'help1', 'support');
    const code = support.recoveryCodes[0]!;
    expect(support.recoveryCodes).toHaveLength(10);
    expect((await signIn({ operatorId: 'help1', password: support.password, code })).status).toBe(200);
    expect((await signIn({ operatorId: 'help1', password: support.password, code })).body.resultCode).toBe('OP001');
    const stored = await server.rows<{ code_hash: string }>(`select code_hash from operator_recovery_codes where operator_id = 'help1'`);
    expect(stored.map((r) => r.code_hash)).not.toContain(code);
  });

  it('before enrolment the session may only enrol', async () => {
    const created = await owner.call('POST', '/admin/api/console/operators', { operatorId: 'risk0', name: 'Risk', role: 'risk' });
    const first = await signIn({ operatorId: 'risk0', password: created.body.password });
    expect(first.body).toMatchObject({ mustEnrol: true });
    const cookie = cookieOf(first.setCookie);
    expect((await consoleRequest(server, 'GET', '/admin/api/console/approvals', undefined, cookie)).body.resultCode).toBe('OP005');
    expect((await consoleRequest(server, 'GET', '/admin/api/minigames/settings', undefined, cookie)).body.resultCode).toBe('OP005');
    const started = await consoleRequest(server, 'POST', '/admin/api/console/totp/start', undefined, cookie);
    expect(started.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Hanbit%20Console%3Arisk0\?secret=[A-Z2-7]+&/);
  });
});

describe('the session', () => {
  it('sign-out ends the session and clears the cookie; a disabled operator is signed out everywhere', async () => {
    const support = await newOperator(server, owner, 'help2', 'support');
    const out = await support.call('POST', '/admin/api/console/sign-out');
    expect(out.setCookie).toMatch(/Max-Age=0/);
    expect((await support.call('GET', '/admin/api/console/me')).body.resultCode).toBe('OP003');

    const risk = await newOperator(server, owner, 'risk1', 'risk');
    expect((await owner.call('POST', '/admin/api/console/operators/risk1/disable')).body).toMatchObject({ operator: { status: 'disabled' } });
    expect((await risk.call('GET', '/admin/api/minigames/settings')).body.resultCode).toBe('OP003');
    expect((await signIn({ operatorId: 'risk1', password: risk.password, code: codeAt(risk.totpSecret) })).body.resultCode).toBe('OP001');
  });

  it('console calls never accept the bearer token', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/admin/api/console/operators', headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ resultCode: 'OP003' });
  });
  // Last: moving the clock this far ends every session of this file.
  it('ends after the idle time-out without a call, and at the absolute time-out with calls', async () => {
    const start = new Date(Date.now() + 10 * 60_000);
    await setClock(start);
    const idle = await newOperator(server, owner, 'cash2', 'cashier');
    const busy = await newOperator(server, owner, 'cash3', 'cashier');
    const me = (operator: ConsoleOperator) => operator.call('GET', '/admin/api/console/me');
    for (let t = start.getTime() + CONSOLE_IDLE_MS / 2; t < start.getTime() + CONSOLE_ABSOLUTE_MS; t += CONSOLE_IDLE_MS / 2) {
      await setClock(new Date(t));
      expect((await me(busy)).status).toBe(200);
      // The idle one calls once, then not for an idle time-out and more.
      if (t === start.getTime() + CONSOLE_IDLE_MS / 2) expect((await me(idle)).status).toBe(200);
      if (t === start.getTime() + 2 * CONSOLE_IDLE_MS) expect((await me(idle)).body.resultCode).toBe('OP003');
    }
    await setClock(new Date(start.getTime() + CONSOLE_ABSOLUTE_MS));
    expect((await me(busy)).body.resultCode).toBe('OP003');
    await setClock(null);
  });
});
