/**
 * The operator topic (issue 22): new sign-ups, cash requests, questions and approvals (made and decided) reach
 * a console session live over the real-time channel; a connection without a console session (a member's, or
 * none) is refused the topic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_COOKIE, decodeOperatorEvent, OPERATOR_TOPIC, type OperatorEvent } from '../../contract/console';
import { open } from '../../contract/envelope';
import { listeningAddress } from '../../server/games/jobs';
import { type TestServer, startTestServer } from './harness';
import { type ConsoleOperator, firstOwner, newOperator } from './consoleClient';
import { enrolMember, signupForm } from './fixtures';
import { stompClient } from './stomp';

let server: TestServer;
let owner: ConsoleOperator;
beforeAll(async () => {
  server = await startTestServer({ testClock: true }, { listen: true, realtime: true });
  owner = await firstOwner(server);
}, 120_000);
afterAll(async () => { await server.close(); });

const wsUrl = () => `${listeningAddress(server.app, '').replace('http', 'ws')}/ws`;
const events = (messages: { body: string }[]): OperatorEvent[] => messages.map((m) => {
  const opened = open(m.body);
  return opened.ok ? decodeOperatorEvent(opened.payload) : null;
}).filter((e): e is OperatorEvent => e !== null);

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('the operator topic', () => {
  it('a console session hears new sign-ups and questions as they commit', async () => {
    const stomp = await stompClient(wsUrl(), undefined, `${CONSOLE_COOKIE}=${owner.cookie}`);
    try {
      const messages = await stomp.subscribe(OPERATOR_TOPIC);
      const form = signupForm();
      await server.call('signup', form);
      await until(() => events(messages).some((e) => e.kind === 'signup'));
      expect(events(messages)).toContainEqual(expect.objectContaining({ kind: 'signup', id: form.memId }));

      const member = await enrolMember(server);
      await server.call('qnaSave', { idempotencyKey: 'q-topic-1', title: '입금 문의', content: '확인 부탁드립니다' }, { token: member.token });
      await until(() => events(messages).some((e) => e.kind === 'question'));
      expect(events(messages).map((e) => e.kind)).toContain('question');
    } finally {
      await stomp.client.deactivate();
    }
  });

  it('a console session hears new cash requests and approvals, made and decided', async () => {
    const cashier = await newOperator(server, owner, 'topic_cashier', 'cashier');
    const stomp = await stompClient(wsUrl(), undefined, `${CONSOLE_COOKIE}=${cashier.cookie}`);
    // A past noon in Seoul, away from the bank hour: the operators' sessions, made at the real time, stay live.
    await server.admin('PUT', '/admin/api/test/clock', { now: '2026-03-10T03:00:00.000Z' });
    try {
      const messages = await stomp.subscribe(OPERATOR_TOPIC);
      const member = await enrolMember(server);
      const deposit = await server.call('cashIn', { idempotencyKey: 'topic-cash-1', amount: 10_000, bonusYn: 'N' }, { token: member.token });
      expect(deposit.resultCode, deposit.resultMessage).toBe('0');
      const requestId = String((deposit.data as { request: { requestId: number } }).request.requestId);
      await until(() => events(messages).some((e) => e.kind === 'cash' && e.id === requestId));
      expect(events(messages)).toContainEqual(expect.objectContaining({ kind: 'cash', id: requestId }));

      const waiting = await cashier.call('POST', `/admin/api/members/${member.memId}/points`, { amount: 100_001, reason: 'topic' });
      expect(waiting.body.resultCode).toBe('OP010');
      const approvalId = String((waiting.body.approval as { id: number }).id);
      await until(() => events(messages).some((e) => e.kind === 'approval' && e.id === approvalId));
      const made = events(messages).filter((e) => e.kind === 'approval' && e.id === approvalId).length;
      expect(made).toBeGreaterThanOrEqual(1);
      // Decided (withdrawn by its maker): announced again, so every console's list is read again.
      expect((await cashier.call('POST', `/admin/api/console/approvals/${approvalId}/reject`, { reason: 'topic test' })).status).toBe(200);
      await until(() => events(messages).filter((e) => e.kind === 'approval' && e.id === approvalId).length > made);
      expect(events(messages).filter((e) => e.kind === 'approval' && e.id === approvalId).length).toBeGreaterThan(made);
    } finally {
      await server.admin('PUT', '/admin/api/test/clock', { now: null });
      await stomp.client.deactivate();
    }
  });

  it('a member session or no session is refused the topic', async () => {
    const member = await enrolMember(server);
    for (const token of [member.token, undefined]) {
      const stomp = await stompClient(wsUrl(), token);
      const refused = new Promise<string>((resolve) => { stomp.client.onStompError = (frame) => resolve(frame.headers.message ?? ''); });
      stomp.client.subscribe(OPERATOR_TOPIC, () => undefined);
      expect(await refused).toMatch(/console session required/);
      await stomp.client.deactivate();
    }
  });
});
