/**
 * Nothing lost (issue 24): every member event carries the member's sequence number, and a client that
 * subscribes with the last number it saw (`since`) is given what it missed, from the database, by any
 * instance: an INSPECT pushed before the socket is up, messages sent while it was down.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IMessage } from '@stomp/stompjs';
import { open } from '../../contract/envelope';
import { memberTopic } from '../../contract/topics';
import { systemClock } from '../../server/clock';
import { createRealtime } from '../../server/realtime';
import { sessionAuthenticator } from '../../server/session/service';
import { enrolMember, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { stompClient, type TestStompClient } from './stomp';

let server: TestServer;
const clients: TestStompClient[] = [];
beforeAll(async () => { server = await startTestServer({}, { listen: true, realtime: true }); });
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await server.close();
});

const wsUrl = (base: string) => `${base.replace(/^http/, 'ws')}/ws`;
async function connect(url: string, token: string): Promise<TestStompClient> {
  const client = await stompClient(url, token);
  clients.push(client);
  return client;
}
const frames = (inbox: IMessage[]) => inbox.map((message) => {
  const opened = open(message.body);
  return opened.ok ? opened.payload as { cmd: string; data1: unknown; seq: number } : null;
});
async function sendMessage(memId: string, title: string) {
  expect((await server.admin('POST', '/admin/api/messages', { target: 'member', memId, title, content: '내용입니다' })).status).toBe(200);
}
async function signIn(member: TestMember) {
  const answer = await server.login(member.memId, member.memPass);
  return { token: answer.data!.token, rtSeq: answer.data!.rtSeq };
}

describe('the member event log', () => {
  it('an INSPECT pushed right after sign-in, before the socket is up, reaches the member when it subscribes', async () => {
    const member = await enrolMember(server);
    const { token, rtSeq } = await signIn(member);
    const window = { startDate: new Date(Date.now() - 60_000).toISOString(), endDate: new Date(Date.now() + 3_600_000).toISOString() };
    try {
      expect((await server.admin('PUT', '/admin/api/site-check', window)).status).toBe(200);
      const client = await connect(wsUrl(server.url()), token);
      const inbox = await client.subscribe(memberTopic(token), { since: String(rtSeq) });
      await vi.waitFor(() => expect(frames(inbox)).toEqual([expect.objectContaining({ cmd: 'INSPECT', data1: 'Y', seq: rtSeq + 1 })]));
    } finally {
      await server.admin('PUT', '/admin/api/site-check', { startDate: null, endDate: null });
    }
  });

  it('a client that reconnects to another instance is given what it missed, in order, none twice, then follows live', async () => {
    const member = await enrolMember(server);
    const { token, rtSeq } = await signIn(member);
    // A second instance on the same database, as behind a load balancer.
    const other = await createRealtime({ database: server.database, siteId: server.config.siteId, authenticate: sessionAuthenticator(server.database.db, systemClock) });
    const otherServer = createServer((_req, res) => res.writeHead(404).end());
    other.attach(otherServer);
    await new Promise<void>((resolve) => otherServer.listen(0, '127.0.0.1', resolve));
    try {
      const first = await connect(wsUrl(server.url()), token);
      const firstInbox = await first.subscribe(memberTopic(token), { since: String(rtSeq) });
      await sendMessage(member.memId, 'one');
      await vi.waitFor(() => expect(frames(firstInbox)).toHaveLength(1));
      const seen = frames(firstInbox)[0]!.seq;
      expect(seen).toBe(rtSeq + 1);
      await first.client.deactivate();

      await sendMessage(member.memId, 'two');
      await sendMessage(member.memId, 'three');
      const { port } = otherServer.address() as AddressInfo;
      const second = await connect(`ws://127.0.0.1:${port}/ws`, token);
      const inbox = await second.subscribe(memberTopic(token), { since: String(seen) });
      await vi.waitFor(() => expect(frames(inbox).map((frame) => frame!.seq)).toEqual([seen + 1, seen + 2]));
      expect(frames(inbox).map((frame) => frame!.cmd)).toEqual(['MSG', 'MSG']);
      await sendMessage(member.memId, 'four');
      await vi.waitFor(() => expect(frames(inbox).map((frame) => frame!.seq)).toEqual([seen + 1, seen + 2, seen + 3]));
    } finally {
      await other.close();
      otherServer.closeAllConnections();
      await new Promise((resolve) => otherServer.close(resolve));
    }
  });

  it('gives an event addressed to one session only to that session, and never another member’s', async () => {
    const member = await enrolMember(server);
    const stranger = await enrolMember(server);
    const old = await signIn(member);
    // Signing in again replaces the first session, which is told LOGOUT (an event for that session only).
    const current = await signIn(member);
    await sendMessage(stranger.memId, 'not yours');
    const url = wsUrl(server.url());
    const currentInbox = await (await connect(url, current.token)).subscribe(memberTopic(current.token), { since: '0' });
    await sendMessage(member.memId, 'mine');
    // What the member's log holds for this session: the member's events and its own, not the old session's.
    const expected = async () => (await server.rows<{ seq: number }>(`select seq from rt_member_log where mem_id = '${member.memId}'
      and (session_id is null or session_id = (select id from sessions where revoked_at is null and member_id = ${member.memberId})) order by seq`))
      .map((row) => Number(row.seq));
    await vi.waitFor(async () => expect(frames(currentInbox).map((frame) => frame!.seq)).toEqual(await expected()));
    expect(frames(currentInbox).map((frame) => frame!.cmd)).not.toContain('LOGOUT');
    // The stranger's events are numbered in their own sequence, and the old session's LOGOUT is in the log.
    const [strangers] = await server.rows<{ n: number }>(`select count(*)::int as n from rt_member_log where mem_id = '${stranger.memId}'`);
    expect(Number(strangers!.n)).toBeGreaterThan(0);
    const logged = await server.rows<{ cmd: string }>(`select body->>'cmd' as cmd from rt_member_log where mem_id = '${member.memId}' and session_id is not null`);
    expect(logged.map((row) => row.cmd)).toContain('LOGOUT');
    expect(old.rtSeq).toBeLessThan(current.rtSeq);
  });

  it('numbers a burst of events from two instances at once without a gap or a repeat', async () => {
    const authenticate = sessionAuthenticator(server.database.db, systemClock);
    const instances = await Promise.all([0, 1].map(() => createRealtime({ database: server.database, siteId: server.config.siteId, authenticate })));
    try {
      await Promise.all(instances.flatMap((instance, i) => Array.from({ length: 20 }, (_, n) =>
        instance.publishToMember('burst01', { cmd: 'CASH', data1: i * 100 + n, data2: 0 }))));
      const rows = await server.rows<{ seq: number }>(`select seq from rt_member_log where mem_id = 'burst01' order by seq`);
      expect(rows.map((row) => Number(row.seq))).toEqual(Array.from({ length: 40 }, (_, n) => n + 1));
      const [counter] = await server.rows<{ seq: number }>(`select seq from rt_member_seq where mem_id = 'burst01'`);
      expect(Number(counter!.seq)).toBe(40);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it('refuses a since header that is not a number, or on a public topic, with an ERROR frame', async () => {
    const member = await enrolMember(server);
    for (const [destination, since] of [[memberTopic(member.token), 'abc'], [memberTopic(member.token), '-1'], ['/topic/cash', '0']] as const) {
      const client = await connect(wsUrl(server.url()), member.token);
      const error = new Promise<string>((resolve) => { client.client.onStompError = (frame) => resolve(frame.headers.message ?? ''); });
      client.client.subscribe(destination, () => undefined, { since });
      expect(await error).toBe('bad since header');
    }
  });
});
