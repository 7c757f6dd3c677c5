/**
 * Four-eyes (issue 22), on a point grant above the operator-set threshold: the call waits (202 OP010), the
 * checker sees the exact payload and approves its hash, the maker can never check, a role not allowed the
 * call cannot, a burst of approvals runs the call once, pending approvals expire (test clock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Approval, canonicalJson } from '../../contract/console';
import { payloadHash } from '../../server/console/approvals';
import { type TestServer, startTestServer } from './harness';
import { type ConsoleOperator, firstOwner, newOperator } from './consoleClient';
import { enrolMember, memberBalances, type TestMember } from './fixtures';

let server: TestServer;
let owner: ConsoleOperator;
let maker: ConsoleOperator;
let checker: ConsoleOperator;
let third: ConsoleOperator;
let support: ConsoleOperator;
let member: TestMember;
beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  owner = await firstOwner(server);
  maker = await newOperator(server, owner, 'maker', 'cashier');
  checker = await newOperator(server, owner, 'checker', 'cashier');
  third = await newOperator(server, owner, 'third', 'cashier');
  support = await newOperator(server, owner, 'helper', 'support');
  member = await enrolMember(server);
  expect((await owner.call('PUT', '/admin/api/console/four-eyes', { pointGrantMax: 100_000, expiryMinutes: 5 })).status).toBe(200);
}, 120_000);
afterAll(async () => { await server.close(); });

const points = async () => (await memberBalances(server, member.memId)).pointAmt;
const grant = async (amount: number): Promise<Approval> => {
  const answer = await maker.call('POST', `/admin/api/members/${member.memId}/points`, { amount, reason: 'event prize' });
  expect([answer.status, answer.body.resultCode]).toEqual([202, 'OP010']);
  return answer.body.approval as Approval;
};
const approve = (operator: ConsoleOperator, approval: Approval, hash = approval.payloadHash) =>
  operator.call('POST', `/admin/api/console/approvals/${approval.id}/approve`, { payloadHash: hash });

describe('four-eyes', () => {
  it('a grant at or under the threshold runs at once; above it waits with the exact payload and its hash', async () => {
    expect((await maker.call('POST', `/admin/api/members/${member.memId}/points`, { amount: 100_000, reason: 'small' })).status).toBe(200);
    expect(await points()).toBe(100_000);
    const approval = await grant(250_000);
    expect(await points()).toBe(100_000);
    expect(approval).toMatchObject({
      action: 'pointGrant', status: 'pending', makerId: 'maker', makerRole: 'cashier',
      payload: { call: 'POST /members/:memId/points', params: { memId: member.memId }, body: { amount: 250_000, reason: 'event prize' } },
    });
    expect(approval.payloadHash).toBe(payloadHash(approval.payload));
    expect(canonicalJson(approval.payload)).toContain('"amount":250000');
    const listed = await checker.call('GET', '/admin/api/console/approvals?status=pending');
    expect((listed.body.list as Approval[]).map((a) => a.id)).toContain(approval.id);

    // The maker never checks; a role without the call cannot; another payload's hash is refused.
    expect((await approve(maker, approval)).body.resultCode).toBe('OP009');
    expect((await approve(support, approval)).body.resultCode).toBe('OP004');
    expect((await approve(checker, approval, payloadHash({ ...approval.payload, body: { amount: 2_500_000, reason: 'event prize' } }))).body.resultCode).toBe('OP008');
    expect(await points()).toBe(100_000);

    const approved = await approve(checker, approval);
    expect(approved.status).toBe(200);
    expect(approved.body.approval).toMatchObject({ status: 'executed', checkerId: 'checker' });
    expect(await points()).toBe(350_000);
    const rows = await server.rows<{ actor: string; action: string; approval_id: string | null }>(
      `select actor, action, approval_id from audit_log where approval_id = ${approval.id} order by seq`);
    expect(rows.map((r) => [r.actor, r.action])).toEqual([['checker', 'approval.approve'], ['maker', 'member.points']]);
    // Decided: a second approval is refused.
    expect((await approve(third, approval)).body.resultCode).toBe('OP008');
  });

  it('a burst of approvals by several checkers runs the call once', async () => {
    const before = await points();
    const approval = await grant(300_000);
    const answers = await Promise.all([checker, third, owner, checker, third, owner, checker, third].map((op) => approve(op, approval)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.resultCode === 'OP008')).toHaveLength(7);
    expect(await points()).toBe(before + 300_000);
  });

  it('the maker may withdraw a request; a rejected one never runs', async () => {
    const before = await points();
    const approval = await grant(400_000);
    const rejected = await maker.call('POST', `/admin/api/console/approvals/${approval.id}/reject`, { reason: 'typo' });
    expect(rejected.body.approval).toMatchObject({ status: 'rejected', reason: 'typo' });
    expect((await approve(checker, approval)).body.resultCode).toBe('OP008');
    expect(await points()).toBe(before);
  });

  it('a pending approval expires', async () => {
    const before = await points();
    const approval = await grant(500_000);
    await server.admin('PUT', '/admin/api/test/clock', { now: new Date(Date.parse(approval.expiresAt) + 1000).toISOString() });
    try {
      expect((await approve(checker, approval)).body.resultCode).toBe('OP008');
      const expired = await checker.call('GET', '/admin/api/console/approvals?status=expired');
      expect((expired.body.list as Approval[]).map((a) => a.id)).toContain(approval.id);
      expect(await points()).toBe(before);
    } finally {
      await server.admin('PUT', '/admin/api/test/clock', { now: null });
    }
  });
});
