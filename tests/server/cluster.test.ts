/**
 * Broker mode (server/realtime/rabbit.ts) against the machine's RabbitMQ with Web-STOMP and the OAuth 2
 * backend (scripts/rabbitmq-setup.sh prints the environment read here: RABBITMQ_URL, RABBITMQ_STOMP_URL,
 * RABBITMQ_TOKEN_KEY), on PostgreSQL (TEST_DATABASE_URL). One file, so its tests run one after another: the
 * last restarts RabbitMQ, and the suite's PGlite run, which runs beside the PostgreSQL one, skips the file.
 *
 * Only a member reads their own topic: a member's credential subscribes to its own routing keys and the
 * public ones, and RabbitMQ refuses another member's, any publish, a credential signed with another key and
 * an expired one. Through the site's /ws a member gets their events (passed through to Web-STOMP on the
 * member's own connection) and the public feeds (followed once per instance), and another member's topic is refused.
 *
 * The cluster: three site instances (A, B, C) on one PostgreSQL database and RabbitMQ, behind a
 * load balancer (here a TCP proxy that sends each new connection to the first instance still up, A first).
 * The member's client is the PWA's own (src/realtime/connection.ts) connected through A: it sees a cash
 * approval made on C, a message sent on B and a mini-game round drawn by whichever instance holds the
 * scheduler. A is killed: the client reconnects to another instance and catches up. RabbitMQ is restarted:
 * the same. Every member event it emitted is the member's log (rt_member_log) in order: none missing,
 * none twice.
 */
import { execFileSync } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { Client, type IMessage } from '@stomp/stompjs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { CONSOLE_COOKIE, decodeOperatorEvent, OPERATOR_TOPIC } from '../../contract/console';
import { SITE_ID_DEFAULT } from '../../contract/constants';
import { open } from '../../contract/envelope';
import type { MiniTopicBody } from '../../contract/minigames';
import { decodeMemberFrame, memberTopic, PUBLIC_TOPICS } from '../../contract/topics';
import { CREDENTIAL_TTL_S, memberRoutingKey, mintCredential, realNow, sessionRoutingKey, stompDestination, topicRoutingKey } from '../../server/realtime/rabbit';
import { firstOwner } from './consoleClient';
import { enrolMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { stompClient, type TestStompClient } from './stomp';
import type { RealtimeEvent } from '../../src/realtime/events';
import { RealtimeConnection } from '../../src/realtime/connection';
import { type ServerProcess, serverProcess } from './serverProcess';

const rabbitEnv = process.env.RABBITMQ_URL && process.env.RABBITMQ_STOMP_URL && process.env.RABBITMQ_TOKEN_KEY
  ? { RABBITMQ_URL: process.env.RABBITMQ_URL, RABBITMQ_STOMP_URL: process.env.RABBITMQ_STOMP_URL, RABBITMQ_TOKEN_KEY: process.env.RABBITMQ_TOKEN_KEY }
  : null;
const ready = Boolean(process.env.TEST_DATABASE_URL) && rabbitEnv !== null;
if (!ready) {
  console.warn('cluster: skipped (it needs TEST_DATABASE_URL, and RabbitMQ with Web-STOMP: run scripts/rabbitmq-setup.sh and export what it prints)');
}
const rabbit = ready ? { url: rabbitEnv!.RABBITMQ_URL, stompUrl: rabbitEnv!.RABBITMQ_STOMP_URL, tokenKey: rabbitEnv!.RABBITMQ_TOKEN_KEY } : null;

/** What Web-STOMP answers a credential and a frame: the receipt came, or the broker refused (ERROR or a closed socket). */
async function attempt(passcode: string, frame: { subscribe: string } | { send: string }): Promise<'ok' | 'refused'> {
  return new Promise((resolve) => {
    const client = new Client({
      webSocketFactory: () => new WebSocket(rabbit!.stompUrl, ['v12.stomp']),
      connectHeaders: { login: 'member', passcode },
      reconnectDelay: 0,
    });
    const done = (answer: 'ok' | 'refused') => {
      resolve(answer);
      void client.deactivate();
    };
    client.onConnect = () => {
      client.watchForReceipt('r', () => done('ok'));
      if ('subscribe' in frame) client.subscribe(frame.subscribe, () => undefined, { receipt: 'r' });
      else client.publish({ destination: frame.send, body: 'x', headers: { receipt: 'r' } });
    };
    client.onStompError = () => done('refused');
    client.onWebSocketClose = () => done('refused');
    client.activate();
  });
}

describe.skipIf(!ready)('RabbitMQ permissions: a member reads only their own topic and the public ones, and writes nothing', () => {
  const me = { memId: 'member01', sessionId: 'session-a' };
  const credential = () => mintCredential(rabbit!.tokenKey, me);
  const topic = (key: string) => stompDestination(key);

  it('reads its own member and session keys and the public topics', async () => {
    expect(await attempt(credential(), { subscribe: topic(memberRoutingKey(me.memId)) })).toBe('ok');
    expect(await attempt(credential(), { subscribe: topic(sessionRoutingKey(me.sessionId)) })).toBe('ok');
    expect(await attempt(credential(), { subscribe: topic(topicRoutingKey(PUBLIC_TOPICS.miniRounds.destination('powerball'))) })).toBe('ok');
    expect(await attempt(credential(), { subscribe: topic(topicRoutingKey(PUBLIC_TOPICS.sportFixture.destination('F-1'))) })).toBe('ok');
    expect(await attempt(mintCredential(rabbit!.tokenKey, null), { subscribe: topic(topicRoutingKey(PUBLIC_TOPICS.cashFeed.destination())) })).toBe('ok');
  });

  it('cannot read another member or session, a wildcard, or anything a guest is not given', async () => {
    expect(await attempt(credential(), { subscribe: topic(memberRoutingKey('member02')) })).toBe('refused');
    expect(await attempt(credential(), { subscribe: topic(sessionRoutingKey('session-b')) })).toBe('refused');
    expect(await attempt(credential(), { subscribe: topic('member.*') })).toBe('refused');
    expect(await attempt(credential(), { subscribe: topic('#') })).toBe('refused');
    expect(await attempt(mintCredential(rabbit!.tokenKey, null), { subscribe: topic(memberRoutingKey(me.memId)) })).toBe('refused');
  });

  it('cannot publish anywhere, its own topic included', async () => {
    expect(await attempt(credential(), { send: topic(memberRoutingKey(me.memId)) })).toBe('refused');
    expect(await attempt(credential(), { send: topic(topicRoutingKey(PUBLIC_TOPICS.cashFeed.destination())) })).toBe('refused');
    expect(await attempt(credential(), { send: '/queue/anything' })).toBe('refused');
  });

  it('a credential signed with another key, or expired, is refused', async () => {
    expect(await attempt(mintCredential('another-key-of-at-least-32-characters', me), { subscribe: topic(memberRoutingKey(me.memId)) })).toBe('refused');
    expect(await attempt(mintCredential(rabbit!.tokenKey, me, realNow() - (CREDENTIAL_TTL_S + 60) * 1_000), { subscribe: topic(memberRoutingKey(me.memId)) })).toBe('refused');
  });
});

describe.skipIf(!ready)('the site in broker mode: /ws passed through to Web-STOMP', () => {
  let server: TestServer;
  const clients: TestStompClient[] = [];
  beforeAll(async () => { server = await startTestServer({ rabbit }, { listen: true, realtime: true }); });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.client.deactivate()));
    await server?.close();
  });
  const wsUrl = () => `${server.url().replace(/^http/, 'ws')}/ws`;
  const opened = (inbox: IMessage[]) => inbox.map((message) => {
    const body = open(message.body);
    return body.ok ? body.payload as { cmd?: string; data1?: unknown; data2?: unknown; seq?: number; kind?: string; amount?: number } : null;
  });

  it('a member gets their cash request, their balance and the cash feed; the events carry their sequence', async () => {
    const member = await enrolMember(server);
    const login = await server.login(member.memId, member.memPass);
    const token = login.data!.token;
    const client = await stompClient(wsUrl(), token);
    clients.push(client);
    const inbox = await client.subscribe(memberTopic(token), { since: String(login.data!.rtSeq) });
    const feed = await client.subscribe(PUBLIC_TOPICS.cashFeed.destination());

    const deposit = await server.call('cashIn', { idempotencyKey: `rabbit-${member.memId}`, amount: 30_000, bonusYn: 'N' }, { token });
    expect(deposit.resultCode).toBe('0');
    const requestId = deposit.data!.request.requestId;
    expect((await server.admin('POST', `/admin/api/cash-requests/${requestId}/wait`)).status).toBe(200);
    expect((await server.admin('POST', `/admin/api/cash-requests/${requestId}/approve`)).status).toBe(200);

    await vi.waitFor(() => expect(opened(inbox)).toEqual(expect.arrayContaining([expect.objectContaining({ cmd: 'CASH', data1: 30_000 })])), { timeout: 10_000 });
    await vi.waitFor(() => expect(opened(feed)).toEqual([expect.objectContaining({ kind: 'in', amount: 30_000 })]), { timeout: 10_000 });
    const seqs = opened(inbox).map((frame) => frame!.seq!);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it('a console session hears a new cash request: the operator topic is delivered by the site, not RabbitMQ', async () => {
    const owner = await firstOwner(server);
    const desk = await stompClient(wsUrl(), undefined, `${CONSOLE_COOKIE}=${owner.cookie}`);
    clients.push(desk);
    const inbox = await desk.subscribe(OPERATOR_TOPIC);
    const member = await enrolMember(server);
    const token = (await server.login(member.memId, member.memPass)).data!.token;
    const deposit = await server.call('cashIn', { idempotencyKey: `rabbit-op-${member.memId}`, amount: 20_000, bonusYn: 'N' }, { token });
    expect(deposit.resultCode).toBe('0');
    const id = String(deposit.data!.request.requestId);
    await vi.waitFor(() => expect(inbox.map((m) => {
      const body = open(m.body);
      return body.ok ? decodeOperatorEvent(body.payload) : null;
    })).toContainEqual(expect.objectContaining({ kind: 'cash', id })), { timeout: 10_000 });
  });

  it("guests on one instance share its one subscription to a public topic; a wildcard or unknown topic costs the others nothing", async () => {
    const subscriptionQueues = () => execFileSync('rabbitmqctl', ['-q', 'list_queues', 'name']).toString().split('\n').filter((name) => name.startsWith('stomp-subscription-')).length;
    const before = subscriptionQueues();
    const guests = await Promise.all(Array.from({ length: 12 }, () => stompClient(wsUrl())));
    clients.push(...guests);
    const feeds = await Promise.all(guests.map((guest) => guest.subscribe(PUBLIC_TOPICS.cashFeed.destination())));
    // One queue for the instance (none when an earlier test's client already follows the feed), not one a guest.
    expect(subscriptionQueues() - before).toBeLessThanOrEqual(1);
    const prying = await Promise.all(['/topic/sport/fixture/#', '/topic/nothing-published-here', '/topic/member.*'].map((destination) => guests[0]!.subscribe(destination)));

    const member = await enrolMember(server);
    const token = (await server.login(member.memId, member.memPass)).data!.token;
    const deposit = await server.call('cashIn', { idempotencyKey: `rabbit-share-${member.memId}`, amount: 40_000, bonusYn: 'N' }, { token });
    const requestId = deposit.data!.request.requestId;
    expect((await server.admin('POST', `/admin/api/cash-requests/${requestId}/wait`)).status).toBe(200);
    expect((await server.admin('POST', `/admin/api/cash-requests/${requestId}/approve`)).status).toBe(200);
    for (const feed of feeds) await vi.waitFor(() => expect(opened(feed)).toContainEqual(expect.objectContaining({ kind: 'in', amount: 40_000 })), { timeout: 10_000 });
    expect(prying.map((inbox) => inbox.length)).toEqual([0, 0, 0]);
    await Promise.all(guests.map((guest) => guest.client.deactivate()));
    await vi.waitFor(() => expect(subscriptionQueues()).toBeLessThanOrEqual(before), { timeout: 10_000 });
  });

  it("another member's topic is refused at /ws", async () => {
    const member = await enrolMember(server);
    const token = (await server.login(member.memId, member.memPass)).data!.token;
    const client = await stompClient(wsUrl(), token);
    clients.push(client);
    const refused = new Promise<string>((resolve) => { client.client.onStompError = (frame) => resolve(frame.headers.message ?? ''); });
    client.client.subscribe(memberTopic('someone-else'), () => undefined);
    expect(await refused).toBe('not your member topic');
  });
});

/** The load balancer: each new connection goes to the first instance still up, in the order given. */
async function loadBalancer(backends: () => { port: number; alive: boolean }[]): Promise<{ url: string; close(): Promise<void> }> {
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    open.add(client);
    const target = backends().find((backend) => backend.alive);
    if (!target) {
      client.destroy();
      return;
    }
    const upstream = createConnection({ host: '127.0.0.1', port: target.port });
    open.add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    close: () => new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const server of [...running].reverse()) await server.dispose();
});

/** A member event as the client emits it, and as the log holds it, in one shape to compare. */
function fromEvent(event: RealtimeEvent): string | null {
  switch (event.type) {
    case 'cash.pushed': return `CASH ${event.cashAmt} ${event.pointAmt}`;
    case 'msg.unread': return `MSG ${event.count} ${event.arrived ? 'NEW' : ''}`;
    case 'cash.requestChanged': return `CASHREQ ${event.requestId} ${event.status}`;
    default: return null;
  }
}
function fromLog(body: unknown): string | null {
  const frame = decodeMemberFrame(body);
  if (!frame) return null;
  switch (frame.cmd) {
    case 'CASH': return `CASH ${frame.cashAmt} ${frame.pointAmt}`;
    case 'MSG': return `MSG ${frame.unread} ${frame.arrived ? 'NEW' : ''}`;
    case 'CASHREQ': return `CASHREQ ${frame.requestId} ${frame.status}`;
    default: return null;
  }
}

describe.skipIf(!ready)('three instances on PostgreSQL and RabbitMQ', () => {
  it('a member connected through A sees what B and C and the scheduler do, through a kill of A and a restart of RabbitMQ, none missing or twice', { timeout: 420_000 }, async () => {
    const a = await serverProcess('cluster', rabbitEnv!);
    const b = a.peer();
    const c = a.peer();
    running.push(a, b, c);
    await a.start();
    await Promise.all([b.start(), c.start()]);
    const port = (server: ServerProcess) => Number(new URL(server.wsUrl()).port);
    const alive = new Set([a, b, c]);
    const balancer = await loadBalancer(() => [a, b, c].map((server) => ({ port: port(server), alive: alive.has(server) })));
    cleanups.push(() => balancer.close());
    const database = new pg.Client({ connectionString: a.databaseUrl! });
    await database.connect();
    cleanups.push(() => database.end());

    const member = await a.member();
    const since = (await a.send('memberInfo', {}, member.token)).data!.rtSeq;

    // The PWA's connection, on Node's WebSocket, through the balancer.
    vi.stubGlobal('WebSocket', WebSocket);
    cleanups.push(() => { vi.unstubAllGlobals(); });
    const events: RealtimeEvent[] = [];
    const rounds: MiniTopicBody[] = [];
    const connection = new RealtimeConnection({ Client, brokerURL: balancer.url, siteId: SITE_ID_DEFAULT, emit: (event) => events.push(event) });
    const leave = connection.listenAsMember(member.token, since);
    const stopRounds = connection.subscribeTopic('miniRounds', ['powerball'], (payload) => rounds.push(payload));
    cleanups.push(() => { stopRounds(); leave(); });

    const deposit = async (on: ServerProcess, amount: number, key: string) => {
      const answer = await on.send('cashIn', { idempotencyKey: key, amount, bonusYn: 'N' }, member.token);
      expect(answer.resultCode).toBe('0');
      const id = answer.data!.request.requestId;
      expect((await on.operator('POST', `/cash-requests/${id}/wait`)).status).toBe(200);
      expect((await on.operator('POST', `/cash-requests/${id}/approve`)).status).toBe(200);
    };
    const message = async (on: ServerProcess, title: string) => {
      expect((await on.operator('POST', '/messages', { target: 'member', memId: member.memId, title, content: '클러스터 시험' })).status).toBe(200);
    };
    const logged = async () => (await database.query<{ seq: string; body: unknown }>(
      'select seq, body from rt_member_log where mem_id = $1 and seq > $2 order by seq', [member.memId, since],
    )).rows.map((row) => fromLog(row.body)).filter((line) => line !== null);
    const seen = () => events.map(fromEvent).filter((line) => line !== null);
    const caughtUp = async () => vi.waitFor(async () => expect(seen()).toEqual(await logged()), { timeout: 60_000, interval: 250 });

    // Through A: the socket is up once a first event arrives.
    await vi.waitFor(async () => {
      await message(b, `B의 쪽지 ${events.length}`);
      expect(events.length).toBeGreaterThan(0);
    }, { timeout: 30_000, interval: 2_000 });
    await deposit(c, 10_000, `cluster-c-1-${member.memId}`);
    await message(b, 'B의 쪽지');
    await caughtUp();
    expect(seen()).toEqual(expect.arrayContaining([expect.stringMatching(/^CASH 10000 /), expect.stringMatching(/^MSG \d+ NEW$/)]));

    // A mini-game round drawn by the scheduler's holder: every clock one round on.
    const now = Date.now() + 300_000;
    for (const server of [a, b, c]) expect((await server.operator('PUT', '/test/clock', { now: new Date(now).toISOString() })).status).toBe(200);
    await vi.waitFor(() => expect(rounds.some((body) => body.round.status === 'drawn')).toBe(true), { timeout: 30_000 });

    // A dies; while the client finds another instance, C approves and B sends.
    await a.stop('SIGKILL');
    alive.delete(a);
    await deposit(c, 20_000, `cluster-c-2-${member.memId}`);
    await message(b, 'A가 없는 동안');
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'realtime.reconnected' }), { timeout: 30_000 });
    await caughtUp();

    // RabbitMQ restarts; meanwhile C approves and B sends.
    events.length = 0;
    const before = (await logged()).length;
    execFileSync('rabbitmqctl', ['-q', 'stop_app']);
    try {
      await deposit(c, 30_000, `cluster-c-3-${member.memId}`);
      await message(b, 'RabbitMQ가 없는 동안');
    } finally {
      execFileSync('rabbitmqctl', ['-q', 'start_app']);
    }
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'realtime.reconnected' }), { timeout: 60_000 });
    await vi.waitFor(async () => expect(seen()).toEqual((await logged()).slice(before)), { timeout: 60_000, interval: 250 });
    expect(seen()).toEqual(expect.arrayContaining([expect.stringMatching(/^CASH 60000 /), expect.stringMatching(/^MSG \d+ NEW$/)]));
  });
});
