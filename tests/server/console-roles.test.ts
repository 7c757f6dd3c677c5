/**
 * Every operator call against every console role (issue 22): what contract/console.ts OPERATOR_CALLS
 * allows answers anything but OP004; anything else answers 403 OP004 and writes a 'refused' audit row.
 * The bearer token is held to its scopes and to four-eyes; a member's session never opens an operator call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CALLS, OPERATOR_ROLES, type OperatorCall, type OperatorRole, roleMayCall } from '../../contract/console';
import { TEST_ADMIN_TOKEN, type TestServer, startTestServer } from './harness';
import { type ConsoleOperator, firstOwner, newOperator } from './consoleClient';
import { enrolMember, memberBalances } from './fixtures';
import type { Approval } from '../../contract/console';

const PARAMS: Record<string, string> = {
  memId: 'nobody_x', id: '999999', game: 'powerball', code: '999', gameKey: 'nokey', transferId: `gin-${'0'.repeat(32)}`,
  leagueId: 'nolg', fixtureId: 'nofx', marketId: 'nomk', betId: '999999',
};
const urlOf = (call: OperatorCall) => {
  const [method, path] = call.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  return { method, url: `/admin/api${path.replace(/:([A-Za-z]+)/g, (_m, name: string) => PARAMS[name]!)}` };
};
const CALLS = Object.keys(OPERATOR_CALLS) as OperatorCall[];

let server: TestServer;
const staff = {} as Record<OperatorRole, ConsoleOperator>;
beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  staff.owner = await firstOwner(server);
  for (const role of OPERATOR_ROLES.filter((r) => r !== 'owner')) staff[role] = await newOperator(server, staff.owner, `op_${role.toLowerCase()}`, role);
}, 120_000);
afterAll(async () => { await server.close(); });

const refusals = async (actor: string, call: string) =>
  Number((await server.rows<{ n: number }>(`select count(*)::int as n from audit_log where actor = '${actor}' and action = 'refused' and target = '${call}'`))[0]!.n);

describe('every operator call against every role', () => {
  it.each(OPERATOR_ROLES)('%s: allowed calls run, the others answer 403 OP004 and are audited', async (role) => {
    const operator = staff[role];
    for (const call of CALLS) {
      const { method, url } = urlOf(call);
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const answer = await operator.call(method, url, body);
      if (roleMayCall(role, call)) {
        expect.soft(answer.body.resultCode, `${role} ${call}`).not.toBe('OP004');
        expect.soft(answer.status, `${role} ${call}`).not.toBe(401);
      } else {
        expect.soft([answer.status, answer.body.resultCode], `${role} ${call}`).toEqual([403, 'OP004']);
        expect.soft(await refusals(operator.operatorId, call), `${role} ${call} audited`).toBe(1);
      }
    }
  }, 300_000);

  it('owner-only console calls refuse the other roles, audited', async () => {
    for (const role of OPERATOR_ROLES.filter((r) => r !== 'owner')) {
      for (const url of ['/admin/api/console/operators', '/admin/api/console/audit', '/admin/api/console/audit/verify']) {
        const answer = await staff[role].call('GET', url);
        expect([answer.status, answer.body.resultCode]).toEqual([403, 'OP004']);
      }
      expect((await staff[role].call('PUT', '/admin/api/console/four-eyes', { expiryMinutes: 30 })).body.resultCode).toBe('OP004');
    }
    expect((await staff.owner.call('GET', '/admin/api/console/audit/verify')).body).toMatchObject({ broken: null });
  });

  it("a member's session opens no operator or console call", async () => {
    const { token } = await enrolMember(server);
    for (const headers of [{ 'x-session-token': token }, { cookie: `token=${token}` }]) {
      for (const url of ['/admin/api/cash-requests', '/admin/api/console/me', '/admin/api/console/approvals']) {
        const answer = await server.app.inject({ method: 'GET', url, headers });
        expect(answer.statusCode).toBe(401);
      }
    }
  });
});

describe('the bearer token', () => {
  it('is held to its scopes', async () => {
    const scoped = await startTestServer({ adminTokenScopes: ['cashier'] });
    try {
      expect((await scoped.admin('GET', '/admin/api/cash-requests')).status).toBe(200);
      const refused = await scoped.admin('GET', '/admin/api/questions');
      expect([refused.status, refused.body.resultCode]).toEqual([403, 'OP004']);
      const [row] = await scoped.rows<{ actor: string; role: string; target: string }>(`select actor, role, target from audit_log where action = 'refused'`);
      expect(row).toEqual({ actor: 'token', role: 'token', target: 'GET /questions' });
    } finally {
      await scoped.close();
    }
    expect((await server.admin('GET', '/admin/api/questions', undefined, TEST_ADMIN_TOKEN)).status).toBe(200);
  });

  it('waits for a second operator like a console session (four-eyes is its default, server/config.ts)', async () => {
    const guarded = await startTestServer({ adminTokenFourEyes: true });
    try {
      const member = await enrolMember(guarded);
      const owner = await firstOwner(guarded);
      const cashier = await newOperator(guarded, owner, 'token_checker', 'cashier');
      const waiting = await guarded.admin('POST', `/admin/api/members/${member.memId}/points`, { amount: 100_001, reason: 'automation' });
      expect([waiting.status, waiting.body.resultCode]).toEqual([202, 'OP010']);
      const approval = (waiting.body as { approval?: Approval }).approval!;
      expect(approval).toMatchObject({ action: 'pointGrant', makerId: 'token', makerRole: 'token', status: 'pending' });
      expect((await memberBalances(guarded, member.memId)).pointAmt).toBe(0);
      const approved = await cashier.call('POST', `/admin/api/console/approvals/${approval.id}/approve`, { payloadHash: approval.payloadHash });
      expect(approved.body.approval).toMatchObject({ status: 'executed', checkerId: 'token_checker' });
      expect((await memberBalances(guarded, member.memId)).pointAmt).toBe(100_001);
    } finally {
      await guarded.close();
    }
  });
});
