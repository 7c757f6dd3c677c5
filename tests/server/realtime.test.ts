import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { sql } from 'drizzle-orm';
import { Client, type IMessage } from '@stomp/stompjs';
import { open } from '../../contract/envelope';
import type { MiniTopicBody } from '../../contract/minigames';
import { MEMBER_FRAMES, PUBLIC_TOPICS } from '../../contract/topics';
import { openDatabase, type Database } from '../../server/db/client';
import { migratedCopy } from './pgliteSnapshot';
import { createRealtime, type Realtime } from '../../server/realtime';
import { FrameDecoder, SERVER_COMMANDS, type StompFrame } from '../../server/realtime/stompFrames';
import { RealtimeConnection } from '../../src/realtime/connection';
import type { RealtimeEvent } from '../../src/realtime/events';
import { SITE_ID } from '../../src/api/siteId';
import { stompClient } from './stomp';
import { createPostgresDatabase, type FreshPostgres } from '../postgresDatabase';

const SITE = SITE_ID;
const postgresUrl = process.env.TEST_DATABASE_URL;

/** token -> session; tests revoke by deleting. */
const sessions = new Map<string, { sessionId: string; memId: string }>([
  ['tok-alice-1', { sessionId: 's-alice-1', memId: 'alice' }],
  ['tok-alice-2', { sessionId: 's-alice-2', memId: 'alice' }],
  ['tok-bob', { sessionId: 's-bob', memId: 'bob' }],
  ['tok-revoked-later', { sessionId: 's-carol', memId: 'carol' }],
]);
const authenticate = async (token: string) => sessions.get(token) ?? null;

/** A fresh database: PGlite in memory, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
async function freshDatabaseUrl(): Promise<FreshPostgres | null> {
  return postgresUrl ? createPostgresDatabase(postgresUrl, 'rt_test') : null;
}

interface Instance {
  database: Database;
  realtime: Realtime;
  server: Server;
  url: string;
  close(): Promise<void>;
}

async function startInstance(database: Database, heartBeatMs?: number): Promise<Instance> {
  const realtime = await createRealtime({ database, siteId: SITE, authenticate, heartBeatMs });
  const server = createServer((_req, res) => res.writeHead(404).end());
  realtime.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const instance: Instance = {
    database,
    realtime,
    server,
    url: `ws://127.0.0.1:${port}/ws`,
    async close() {
      await instance.realtime.close(); // the one attached now (a test may swap it)
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return instance;
}

/** A hand-driven STOMP client for protocol edge cases. */
class RawClient {
  readonly frames: StompFrame[] = [];
  heartBeats = 0;
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly decoder = new FrameDecoder(SERVER_COMMANDS);

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      if (data.toString() === '\n') this.heartBeats += 1;
      else this.frames.push(...this.decoder.push(new Uint8Array(data)));
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static async open(url: string, protocols: string[] = ['v12.stomp']): Promise<RawClient> {
    const ws = new WebSocket(url, protocols);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return new RawClient(ws);
  }

  send(text: string): void {
    this.ws.send(text);
  }

  async connect(headers = 'accept-version:1.2\nheart-beat:0,0'): Promise<StompFrame> {
    this.send(`CONNECT\n${headers}\n\n\0`);
    return this.nextFrame();
  }

  async nextFrame(): Promise<StompFrame> {
    await vi.waitFor(() => expect(this.frames.length).toBeGreaterThan(0), { timeout: 3000 });
    return this.frames.shift()!;
  }

  /** Expects an ERROR frame and then the close. */
  async expectError(message: RegExp): Promise<void> {
    const frame = await this.nextFrame();
    expect(frame.command).toBe('ERROR');
    expect(frame.headers.message).toMatch(message);
    await this.closed;
  }
}

function openedBody(message: { body: string }): unknown {
  const opened = open(message.body);
  expect(opened).toMatchObject({ ok: true, siteId: SITE });
  return opened.ok ? opened.payload : undefined;
}

/** One fresh database for the file: PGlite in memory, or a new PostgreSQL database with TEST_DATABASE_URL. */
let database: Database;
let dropDatabase: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const fresh = await freshDatabaseUrl();
  dropDatabase = fresh?.drop;
  database = await openDatabase(fresh ? { databaseUrl: fresh.url } : { dataDir: 'memory://', from: migratedCopy() });
});
afterAll(async () => {
  await database.close();
  await dropDatabase?.();
});

describe('realtime broker (STOMP 1.2 over WebSocket)', () => {
  let instance: Instance;
  const stompClients: Client[] = [];

  beforeAll(async () => {
    instance = await startInstance(database);
  });

  afterAll(async () => {
    await Promise.all(stompClients.map((c) => c.deactivate()));
    await instance.close();
  });

  const connectedClient = async (token?: string) => {
    const created = await stompClient(instance.url, token);
    stompClients.push(created.client);
    return created;
  };

  describe('handshake', () => {
    it('answers CONNECT with CONNECTED 1.2 and the negotiated heart-beat on the v12.stomp subprotocol', async () => {
      const raw = await RawClient.open(instance.url);
      expect(raw.ws.protocol).toBe('v12.stomp');
      const connected = await raw.connect('accept-version:1.0,1.1,1.2\nheart-beat:5000,20000');
      expect(connected.command).toBe('CONNECTED');
      expect(connected.headers).toMatchObject({ version: '1.2', 'heart-beat': '10000,10000' });
      raw.ws.close();
    });

    it('accepts the STOMP command and the older subprotocol names', async () => {
      const raw = await RawClient.open(instance.url, ['v11.stomp', 'v10.stomp']);
      expect(raw.ws.protocol).toBe('v11.stomp');
      raw.send('STOMP\naccept-version:1.2\n\n\0');
      expect((await raw.nextFrame()).command).toBe('CONNECTED');
      raw.ws.close();
    });

    it('refuses a client that does not speak 1.2', async () => {
      const raw = await RawClient.open(instance.url);
      raw.send('CONNECT\naccept-version:1.0,1.1\n\n\0');
      const error = await raw.nextFrame();
      expect(error.command).toBe('ERROR');
      expect(error.headers.version).toBe('1.2');
      await raw.closed;
    });

    it('refuses a bad token with ERROR and a close', async () => {
      const raw = await RawClient.open(instance.url);
      raw.send('CONNECT\naccept-version:1.2\ntoken:not-a-session\n\n\0');
      await raw.expectError(/invalid or expired token/);
    });

    it('serves only /ws', async () => {
      await expect(RawClient.open(instance.url.replace('/ws', '/other'))).rejects.toThrow(/404/);
    });
  });

  describe('heart-beats', () => {
    let fast: Instance;
    beforeAll(async () => { fast = await startInstance(database, 100); });
    afterAll(() => fast.close());

    it('sends heart-beats at the negotiated interval and keeps a talking client', async () => {
      const raw = await RawClient.open(fast.url);
      expect((await raw.connect('accept-version:1.2\nheart-beat:100,100')).headers['heart-beat']).toBe('100,100');
      const beat = setInterval(() => raw.send('\n'), 50);
      await vi.waitFor(() => expect(raw.heartBeats).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
      expect(raw.ws.readyState).toBe(WebSocket.OPEN);
      clearInterval(beat);
      raw.ws.close();
    });

    it('closes a client that stays silent for twice the negotiated interval', async () => {
      const raw = await RawClient.open(fast.url);
      await raw.connect('accept-version:1.2\nheart-beat:100,0');
      expect(await raw.closed).toEqual({ code: 1001, reason: 'heart-beat timeout' });
      expect(raw.heartBeats).toBe(0); // the client asked for none
    });

    it('closes a socket that never sends CONNECT', async () => {
      const raw = await RawClient.open(fast.url);
      await raw.expectError(/no CONNECT frame in time/);
    });
  });

  describe('frames', () => {
    it('answers a receipt header with RECEIPT, and DISCONNECT with RECEIPT then a close', async () => {
      const raw = await RawClient.open(instance.url);
      await raw.connect();
      raw.send('SUBSCRIBE\nid:0\ndestination:/topic/cash\nreceipt:77\n\n\0');
      expect(await raw.nextFrame()).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': '77' } });
      raw.send('UNSUBSCRIBE\nid:0\nreceipt:78\n\n\0');
      expect(await raw.nextFrame()).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': '78' } });
      raw.send('DISCONNECT\nreceipt:79\n\n\0');
      expect(await raw.nextFrame()).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': '79' } });
      expect((await raw.closed).code).toBe(1000);
    });

    it.each([
      ['garbage', 'hello there\n\n\0', /unknown command/],
      ['a frame before CONNECT', 'SUBSCRIBE\nid:1\ndestination:/topic/cash\n\n\0', /first frame must be CONNECT/],
      ['a bad heart-beat header', 'CONNECT\naccept-version:1.2\nheart-beat:fast\n\n\0', /heart-beat/],
    ])('answers %s with ERROR and a close', async (_name, text, message) => {
      const raw = await RawClient.open(instance.url);
      raw.send(text);
      await raw.expectError(message);
    });

    it.each([
      ['SEND (clients only listen)', 'SEND\ndestination:/topic/cash\n\nhi\0', /clients only listen/],
      ['ACK', 'ACK\nid:1\n\n\0', /clients only listen/],
      ['a second CONNECT', 'CONNECT\naccept-version:1.2\n\n\0', /already connected/],
      ['SUBSCRIBE without an id', 'SUBSCRIBE\ndestination:/topic/cash\n\n\0', /id header/],
      ['SUBSCRIBE with client acks', 'SUBSCRIBE\nid:1\ndestination:/topic/cash\nack:client\n\n\0', /ack/],
      ['a destination outside /topic/', 'SUBSCRIBE\nid:1\ndestination:/queue/cash\n\n\0', /unknown destination/],
      ['a bad escape', 'SUBSCRIBE\nid:1\\x\ndestination:/topic/cash\n\n\0', /escape/],
      ['a body on SUBSCRIBE', 'SUBSCRIBE\nid:1\ndestination:/topic/cash\n\nbody\0', /no body/],
      ['an oversized frame', `SUBSCRIBE\nid:1\ndestination:/topic/${'x'.repeat(70_000)}\n\n\0`, /.*/],
    ])('after CONNECT, answers %s with ERROR and a close', async (_name, text, message) => {
      const raw = await RawClient.open(instance.url);
      await raw.connect();
      raw.send(text);
      if (text.length > 65_536) {
        // ws itself refuses a message above the frame limit: the socket closes with 1009 (message too big).
        expect((await raw.closed).code).toBe(1009);
        return;
      }
      await raw.expectError(message);
    });

    it('names the offending receipt in the ERROR frame', async () => {
      const raw = await RawClient.open(instance.url);
      await raw.connect();
      raw.send('SEND\ndestination:/topic/cash\nreceipt:r9\n\n\0');
      expect(await raw.nextFrame()).toMatchObject({ command: 'ERROR', headers: { 'receipt-id': 'r9' } });
    });
  });

  describe('member topic', () => {
    it('lets a connection subscribe to the topic of its own token', async () => {
      const raw = await RawClient.open(instance.url);
      await raw.connect('accept-version:1.2\ntoken:tok-bob');
      raw.send('SUBSCRIBE\nid:m\ndestination:/topic/member/tok-bob\nreceipt:ok\n\n\0');
      expect((await raw.nextFrame()).command).toBe('RECEIPT');
      raw.ws.close();
    });

    it("refuses another member's topic, and any member topic to a guest", async () => {
      const bob = await RawClient.open(instance.url);
      await bob.connect('accept-version:1.2\ntoken:tok-bob');
      bob.send('SUBSCRIBE\nid:m\ndestination:/topic/member/tok-alice-1\n\n\0');
      await bob.expectError(/not your member topic/);

      const guest = await RawClient.open(instance.url);
      await guest.connect();
      guest.send('SUBSCRIBE\nid:m\ndestination:/topic/member/tok-alice-1\n\n\0');
      await guest.expectError(/not your member topic/);
    });

    it('delivers publishToSession to that session only, sealed {cmd, data1, data2}', async () => {
      const alice1 = await connectedClient('tok-alice-1');
      const alice2 = await connectedClient('tok-alice-2');
      const inbox1 = await alice1.subscribe('/topic/member/tok-alice-1');
      const inbox2 = await alice2.subscribe('/topic/member/tok-alice-2');

      await instance.realtime.publishToSession('s-alice-2', { cmd: 'MSG', data1: '2', data2: null });
      await instance.realtime.publishToSession('s-alice-1', { cmd: 'CASH', data1: '15000', data2: '300' });
      await vi.waitFor(() => expect(inbox1).toHaveLength(1));
      await vi.waitFor(() => expect(inbox2).toHaveLength(1));

      const [message] = inbox1;
      expect(message.headers).toMatchObject({
        destination: '/topic/member/tok-alice-1',
        subscription: expect.any(String),
        'message-id': expect.any(String),
        'content-type': 'text/plain',
      });
      expect(message.body).not.toContain('CASH');
      expect(openedBody(message)).toEqual({ cmd: 'CASH', data1: '15000', data2: '300' });
      expect(openedBody(inbox2[0])).toEqual({ cmd: 'MSG', data1: '2', data2: null });
    });

    it('delivers publishToMember to every session of the member and nobody else', async () => {
      const alice1 = await connectedClient('tok-alice-1');
      const alice2 = await connectedClient('tok-alice-2');
      const bob = await connectedClient('tok-bob');
      const inboxes = [
        await alice1.subscribe('/topic/member/tok-alice-1'),
        await alice2.subscribe('/topic/member/tok-alice-2'),
      ];
      const bobInbox = await bob.subscribe('/topic/member/tok-bob');

      await instance.realtime.publishToMember('alice', { cmd: 'INSPECT', data1: 'Y', data2: '', extra: 'dropped' } as never);
      await instance.realtime.publishToMember('bob', { cmd: 'MSG', data1: 1, data2: null });
      for (const inbox of inboxes) {
        await vi.waitFor(() => expect(inbox).toHaveLength(1));
        expect(openedBody(inbox[0])).toEqual({ cmd: 'INSPECT', data1: 'Y', data2: '', seq: expect.any(Number) });
      }
      await vi.waitFor(() => expect(bobInbox).toHaveLength(1));
      expect(openedBody(bobInbox[0])).toEqual({ cmd: 'MSG', data1: 1, data2: null, seq: expect.any(Number) });
    });

    it('after a session is revoked, still reaches it by session (the LOGOUT push) but no longer by member', async () => {
      const carol = await connectedClient('tok-revoked-later');
      const inbox = await carol.subscribe('/topic/member/tok-revoked-later');
      sessions.delete('tok-revoked-later');
      await instance.realtime.publishToMember('carol', { cmd: 'CASH', data1: '1', data2: '1' });
      await instance.realtime.publishToSession('s-carol', { cmd: 'LOGOUT', data1: null, data2: null });
      await vi.waitFor(() => expect(inbox).toHaveLength(1));
      expect(openedBody(inbox[0])).toEqual({ cmd: 'LOGOUT', data1: null, data2: null });
    });
  });

  describe('public topics', () => {
    it('delivers to guests and members subscribed to that destination, until they unsubscribe', async () => {
      const guest = await connectedClient();
      const member = await connectedClient('tok-bob');
      const cash = await guest.subscribe('/topic/cash');
      const powerball = await member.subscribe('/topic/powerball/result');

      await instance.realtime.publishToTopic('/topic/powerball/result', { round: 7, ball: [1, 2, 3] });
      await instance.realtime.publishToTopic('/topic/cash', { memId: 'ali**', amount: 50000 });
      await vi.waitFor(() => expect(cash).toHaveLength(1));
      await vi.waitFor(() => expect(powerball).toHaveLength(1));
      expect(cash[0].headers.destination).toBe('/topic/cash');
      expect(openedBody(cash[0])).toEqual({ memId: 'ali**', amount: 50000 });
      expect(openedBody(powerball[0])).toEqual({ round: 7, ball: [1, 2, 3] });
    });

    it('stops delivering after UNSUBSCRIBE', async () => {
      const guest = await connectedClient();
      const messages: IMessage[] = [];
      const subscription = guest.client.subscribe('/topic/unsub-test', (m) => messages.push(m));
      const marker = await guest.subscribe('/topic/unsub-marker');
      await instance.realtime.publishToTopic('/topic/unsub-test', { n: 1 });
      await vi.waitFor(() => expect(messages).toHaveLength(1));

      subscription.unsubscribe();
      await instance.realtime.publishToTopic('/topic/unsub-test', { n: 2 });
      await instance.realtime.publishToTopic('/topic/unsub-marker', { done: true });
      await vi.waitFor(() => expect(marker).toHaveLength(1)); // delivered in publish order
      expect(messages).toHaveLength(1);
    });

    it('refuses to publish on a member destination or outside /topic/', async () => {
      await expect(instance.realtime.publishToTopic('/topic/member/tok-bob', {})).rejects.toThrow(/public topic/);
      await expect(instance.realtime.publishToTopic('/queue/x', {})).rejects.toThrow(/public topic/);
    });
  });
});

describe('fan-out between instances', () => {
  it('delivers a publish on instance A to a client of instance B sharing one Database object (PGlite by default)', async () => {
    const a = await startInstance(database);
    const b = await startInstance(database);
    try {
      await expectFanout(a, b);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('delivers what is published at once in the order it was published, each event once', async () => {
    const a = await startInstance(database);
    const onA = await stompClient(a.url, 'tok-bob');
    try {
      const inbox = await onA.subscribe('/topic/member/tok-bob');
      // A member's balance pushes: the last one sent must be the last one seen. One is too large for a
      // notification and goes through a row; it keeps its place.
      await Promise.all(Array.from({ length: 40 }, (_, i) =>
        a.realtime.publishToMember('bob', { cmd: 'CASH', data1: i, data2: i === 20 ? '가'.repeat(3000) : 0 })));
      await vi.waitFor(() => expect(inbox).toHaveLength(40));
      expect(inbox.map((message) => (openedBody(message) as { data1: number }).data1)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    } finally {
      await onA.client.deactivate();
      await a.close();
    }
  });

  it.runIf(postgresUrl)('delivers a publish on instance A to a client of instance B over PostgreSQL (separate connections)', async () => {
    const fresh = (await freshDatabaseUrl())!;
    const databaseA = await openDatabase({ databaseUrl: fresh.url });
    const databaseB = await openDatabase({ databaseUrl: fresh.url });
    const a = await startInstance(databaseA);
    const b = await startInstance(databaseB);
    try {
      await expectFanout(a, b);
    } finally {
      await a.close();
      await b.close();
      await databaseA.close();
      await databaseB.close();
      await fresh.drop();
    }
  });
});

async function expectFanout(a: Instance, b: Instance): Promise<void> {
  const onB = await stompClient(b.url, 'tok-bob');
  const onA = await stompClient(a.url, 'tok-bob');
  try {
    const inboxB = await onB.subscribe('/topic/member/tok-bob');
    const inboxA = await onA.subscribe('/topic/member/tok-bob');
    const feedB = await onB.subscribe('/topic/cash');
    const rows = async () => (await a.database.db.execute(sql`select count(*)::int as n from rt_events`) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const rowsBefore = await rows();
    await a.realtime.publishToMember('bob', { cmd: 'MSG', data1: '3', data2: null });
    await a.realtime.publishToTopic('/topic/cash', { amount: 10000 });
    // Too large for a notification's payload: it travels through a row, and arrives after the one before it.
    const large = { note: '가'.repeat(3000) };
    await a.realtime.publishToTopic('/topic/cash', large);
    await vi.waitFor(() => expect(inboxB).toHaveLength(1));
    await vi.waitFor(() => expect(inboxA).toHaveLength(1));
    await vi.waitFor(() => expect(feedB).toHaveLength(2));
    expect(openedBody(inboxB[0])).toEqual({ cmd: 'MSG', data1: '3', data2: null, seq: expect.any(Number) });
    expect(openedBody(feedB[0])).toEqual({ amount: 10000 });
    expect(openedBody(feedB[1])).toEqual(large);
    // Only the large one was written down.
    expect(await rows()).toBe(rowsBefore + 1);
  } finally {
    await onA.client.deactivate();
    await onB.client.deactivate();
  }
}

describe('the PWA client (src/realtime) against the broker', () => {
  let instance: Instance;
  /** Every socket the client opened, as the browser's WebSocket would count them. */
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    instance = await startInstance(database);
    vi.stubGlobal('WebSocket', class extends WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        sockets.push(this);
      }
    });
  });

  afterAll(async () => {
    vi.unstubAllGlobals();
    await instance.close();
  });

  /** Publishes until the subscriber (which connects on its own schedule) has received something. */
  async function publishUntilReceived(publish: () => Promise<void>, received: () => number, timeout = 3000): Promise<void> {
    await vi.waitFor(async () => {
      await publish();
      expect(received()).toBeGreaterThan(0);
    }, { timeout, interval: 100 });
  }

  it('turns member frames into typed events on one socket with a public feed, and says realtime.reconnected after a drop', { timeout: 20_000 }, async () => {
    const events: RealtimeEvent[] = [];
    const feed: unknown[] = [];
    const connection = new RealtimeConnection({ Client, brokerURL: instance.url, siteId: SITE, emit: (event) => events.push(event) });
    const leave = connection.listenAsMember('tok-bob');
    const stopFeed = connection.subscribeTopic('cashFeed', [], (payload) => feed.push(payload));
    const entry = (amount: number) => ({ kind: 'in' as const, memId: 'bo***b', amount, at: '2026-11-23T03:00:00.000Z' });
    try {
      await publishUntilReceived(() => instance.realtime.publishToSession('s-bob', MEMBER_FRAMES.cash(20_000, 150)), () => events.length);
      expect(events[0]).toEqual({ type: 'cash.pushed', cashAmt: 20_000, pointAmt: 150 });
      await publishUntilReceived(() => instance.realtime.publishToTopic(PUBLIC_TOPICS.cashFeed.destination(), entry(10_000)), () => feed.length);
      expect(feed[0]).toEqual(entry(10_000));
      expect(events.some((e) => e.type === 'realtime.reconnected')).toBe(false);
      expect(sockets).toHaveLength(1);

      // The server goes away and comes back: the client reconnects (after 5 s), says so, and listens again.
      await instance.realtime.close();
      instance.realtime = await createRealtime({ database, siteId: SITE, authenticate });
      instance.realtime.attach(instance.server);
      await vi.waitFor(() => expect(events).toContainEqual({ type: 'realtime.reconnected' }), { timeout: 10_000 });
      events.length = 0;
      feed.length = 0;
      await publishUntilReceived(() => instance.realtime.publishToMember('bob', MEMBER_FRAMES.cashRequest(12, 1)), () => events.length);
      expect(events[0]).toEqual({ type: 'cash.requestChanged', requestId: 12, status: 1 });
      await publishUntilReceived(() => instance.realtime.publishToTopic(PUBLIC_TOPICS.cashFeed.destination(), entry(20_000)), () => feed.length);
      expect(feed[0]).toEqual(entry(20_000));
    } finally {
      stopFeed();
      leave();
    }
  });

  it('a guest connection hands decoded bodies of a public topic to its listener until stopped', async () => {
    const bodies: unknown[] = [];
    const connection = new RealtimeConnection({ Client, brokerURL: instance.url, siteId: SITE, emit: () => undefined });
    const stop = connection.subscribeTopic('miniRounds', ['powerball'], (body) => bodies.push(body));
    const round: MiniTopicBody = {
      kind: 'round',
      round: {
        roundId: 1, game: 'powerball', day: '2026-11-23', roundNo: 1, opensAt: '2026-11-23T03:00:00.000Z', closesAt: '2026-11-23T03:04:30.000Z',
        drawsAt: '2026-11-23T03:05:00.000Z', status: 'open', seedHash: 'e'.repeat(64), seed: null, draw: null,
      },
    };
    try {
      await publishUntilReceived(() => instance.realtime.publishToTopic(PUBLIC_TOPICS.miniRounds.destination('powerball'), round), () => bodies.length);
      expect(bodies[0]).toEqual(round);
    } finally {
      stop();
    }
  });
});
