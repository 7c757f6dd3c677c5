/**
 * The operator topic (issue 22): new sign-ups, cash requests, questions and approvals reach a console
 * session live over the real-time channel; a connection without a console session (a member's, or none)
 * is refused the topic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_COOKIE, decodeOperatorEvent, OPERATOR_TOPIC, type OperatorEvent } from '../../contract/console';
import { open } from '../../contract/envelope';
import { listeningAddress } from '../../server/games/jobs';
import { type TestServer, startTestServer } from './harness';
import { firstOwner } from './consoleClient';
import { enrolMember, signupForm } from './fixtures';
import { stompClient } from './stomp';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({}, { listen: true, realtime: true }); }, 120_000);
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
    const owner = await firstOwner(server);
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
