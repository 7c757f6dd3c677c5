/**
 * The tab's one real-time connection against a fake WebSocket that plays a minimal STOMP broker:
 * it opens at once, answers CONNECT with CONNECTED and a DISCONNECT's receipt, and lets the test
 * deliver MESSAGE frames to whatever the client subscribed.
 */
import { Client } from '@stomp/stompjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seal } from '../../contract/envelope';
import type { CashFeedEntry } from '../../contract/community';
import type { MiniTopicBody } from '../../contract/minigames';
import type { RealtimeEvent } from '../../src/realtime/events';
import { RealtimeConnection } from '../../src/realtime/connection';

const SITE = 'hanbit';

/** Payloads of the two public topics, as the server publishes them (contract/topics.ts). */
const entry = (amount: number): CashFeedEntry => ({ kind: 'in', memId: 'de***1', amount, at: '2026-11-23T03:00:00.000Z' });
const roundBody = (roundNo: number): MiniTopicBody => ({
  kind: 'round',
  round: {
    roundId: roundNo, game: 'powerball', day: '2026-11-23', roundNo, opensAt: '2026-11-23T03:00:00.000Z', closesAt: '2026-11-23T03:04:30.000Z',
    drawsAt: '2026-11-23T03:05:00.000Z', status: 'open', seedHash: 'e'.repeat(64), seed: null, draw: null,
  },
});

interface Frame {
  command: string;
  headers: Record<string, string>;
}

function parseFrame(raw: string): Frame {
  const [head = ''] = raw.split('\n\n');
  const [command = '', ...lines] = head.split('\n');
  return { command, headers: Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)])) };
}

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  protocol = 'v12.stomp';
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly frames: Frame[] = [];
  /** subscription id -> destination, as the broker would keep them */
  readonly subscriptions = new Map<string, string>();

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.({});
    });
  }

  static open(): FakeSocket[] {
    return FakeSocket.all.filter((socket) => socket.readyState !== 3);
  }

  send(raw: string): void {
    if (raw === '\n') return;
    const frame = parseFrame(raw);
    this.frames.push(frame);
    if (frame.command === 'CONNECT') this.reply('CONNECTED', { version: '1.2', 'heart-beat': '0,0' });
    if (frame.command === 'SUBSCRIBE') this.subscriptions.set(frame.headers.id!, frame.headers.destination!);
    if (frame.command === 'UNSUBSCRIBE') this.subscriptions.delete(frame.headers.id!);
    if (frame.command === 'DISCONNECT') this.reply('RECEIPT', { 'receipt-id': frame.headers.receipt! });
  }

  close(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    queueMicrotask(() => this.onclose?.({ code: 1000, reason: '', wasClean: true }));
  }

  /** The server side drops the connection. */
  drop(): void {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason: '', wasClean: false });
  }

  /** Delivers a body to every subscription of the destination. */
  deliver(destination: string, body: string): void {
    for (const [id, subscribed] of this.subscriptions) {
      if (subscribed === destination) {
        this.reply('MESSAGE', { destination, subscription: id, 'message-id': `${Math.random()}` }, body);
      }
    }
  }

  get token(): string | undefined {
    return this.frames.find((frame) => frame.command === 'CONNECT')?.headers.token;
  }

  destinations(): string[] {
    return [...this.subscriptions.values()].sort();
  }

  private reply(command: string, headers: Record<string, string>, body = ''): void {
    const head = Object.entries(headers).map(([key, value]) => `${key}:${value}`).join('\n');
    queueMicrotask(() => this.onmessage?.({ data: `${command}\n${head}\n\n${body}\0` }));
  }
}

/** Lets the fake's queued answers and the client's reactions run. */
async function settle(): Promise<void> {
  for (let round = 0; round < 20; round += 1) await Promise.resolve();
}

let events: RealtimeEvent[];
let connection: RealtimeConnection;

beforeEach(() => {
  FakeSocket.all = [];
  events = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  connection = new RealtimeConnection({ Client, brokerURL: 'ws://tab.test/ws', siteId: SITE, emit: (event) => events.push(event) });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the real-time connection of a tab', () => {
  it('serves the member topic and two public feeds over one WebSocket', async () => {
    const cash: unknown[] = [];
    const live: unknown[] = [];
    connection.listenAsMember('tok-1');
    connection.subscribeTopic('cashFeed', [], (payload) => cash.push(payload));
    connection.subscribeTopic('miniRounds', ['powerball'], (payload) => live.push(payload));
    await settle();

    expect(FakeSocket.all).toHaveLength(1);
    const [socket] = FakeSocket.all;
    expect(socket!.url).toBe('ws://tab.test/ws');
    expect(socket!.token).toBe('tok-1');
    expect(socket!.destinations()).toEqual(['/topic/cash', '/topic/member/tok-1', '/topic/powerball/']);

    socket!.deliver('/topic/member/tok-1', seal({ cmd: 'CASH', data1: '5000', data2: '10' }, SITE));
    socket!.deliver('/topic/cash', seal(entry(10_000), SITE));
    socket!.deliver('/topic/powerball/', seal(roundBody(3), SITE));
    await settle();
    expect(events).toEqual([{ type: 'cash.pushed', cashAmt: 5000, pointAmt: 10 }]);
    expect(cash).toEqual([entry(10_000)]);
    expect(live).toEqual([roundBody(3)]);
  });

  it('hands a listener only payloads that decode as its topic’s', async () => {
    const cash: unknown[] = [];
    const live: unknown[] = [];
    connection.subscribeTopic('cashFeed', [], (payload) => cash.push(payload));
    connection.subscribeTopic('miniRounds', ['powerball'], (payload) => live.push(payload));
    await settle();
    const [socket] = FakeSocket.all;
    socket!.deliver('/topic/cash', seal({ memId: 'de***', amount: 10000 }, SITE));
    socket!.deliver('/topic/cash', seal(roundBody(1), SITE));
    socket!.deliver('/topic/powerball/', seal({ round: 3 }, SITE));
    socket!.deliver('/topic/powerball/', seal(entry(1), SITE));
    socket!.deliver('/topic/cash', seal(entry(5), SITE));
    await settle();
    expect(cash).toEqual([entry(5)]);
    expect(live).toEqual([]);
  });

  it('ignores bodies that do not open or belong to another site', async () => {
    const cash: unknown[] = [];
    connection.listenAsMember('tok-1');
    connection.subscribeTopic('cashFeed', [], (payload) => cash.push(payload));
    await settle();
    const [socket] = FakeSocket.all;
    socket!.deliver('/topic/member/tok-1', seal({ cmd: 'LOGOUT', data1: null, data2: null }, 'other'));
    socket!.deliver('/topic/member/tok-1', 'plain text');
    socket!.deliver('/topic/cash', seal(entry(1), 'other'));
    await settle();
    expect(events).toEqual([]);
    expect(cash).toEqual([]);
  });

  it('opens only while someone listens, and a guest connects without a token', async () => {
    await settle();
    expect(FakeSocket.all).toHaveLength(0);
    const stop = connection.subscribeTopic('cashFeed', [], () => undefined);
    await settle();
    expect(FakeSocket.open()).toHaveLength(1);
    expect(FakeSocket.all[0]!.token).toBeUndefined();
    stop();
    await settle();
    expect(FakeSocket.open()).toHaveLength(0);
    expect(FakeSocket.all[0]!.frames.map((frame) => frame.command)).toEqual(['CONNECT', 'SUBSCRIBE', 'UNSUBSCRIBE', 'DISCONNECT']);
  });

  it('shares one subscription between the listeners of a feed, until the last one stops', async () => {
    const first: unknown[] = [];
    const second: unknown[] = [];
    const stopFirst = connection.subscribeTopic('cashFeed', [], (payload) => first.push(payload));
    const stopSecond = connection.subscribeTopic('cashFeed', [], (payload) => second.push(payload));
    const keepOpen = connection.subscribeTopic('miniRounds', ['powerball'], () => undefined);
    await settle();
    const [socket] = FakeSocket.all;
    expect(socket!.frames.filter((frame) => frame.command === 'SUBSCRIBE')).toHaveLength(2);

    stopFirst();
    stopFirst();
    socket!.deliver('/topic/cash', seal(entry(1), SITE));
    await settle();
    expect(first).toEqual([]);
    expect(second).toEqual([entry(1)]);
    expect(socket!.destinations()).toEqual(['/topic/cash', '/topic/powerball/']);

    stopSecond();
    await settle();
    expect(socket!.destinations()).toEqual(['/topic/powerball/']);
    expect(FakeSocket.open()).toEqual([socket]);
    keepOpen();
  });

  it('signing in and out reconnects with the new identity: never two sockets open, feeds carried over', async () => {
    const cash: unknown[] = [];
    connection.subscribeTopic('cashFeed', [], (payload) => cash.push(payload));
    await settle();
    const guest = FakeSocket.all[0]!;

    const leave = connection.listenAsMember('tok-1');
    // The guest socket says DISCONNECT and closes before the member socket opens.
    expect(FakeSocket.all).toHaveLength(1);
    await settle();
    expect(guest.readyState).toBe(3);
    expect(FakeSocket.open()).toHaveLength(1);
    const member = FakeSocket.open()[0]!;
    expect(member.token).toBe('tok-1');
    expect(member.destinations()).toEqual(['/topic/cash', '/topic/member/tok-1']);

    leave();
    await settle();
    expect(FakeSocket.open()).toHaveLength(1);
    const guestAgain = FakeSocket.open()[0]!;
    expect(guestAgain).not.toBe(member);
    expect(guestAgain.token).toBeUndefined();
    expect(guestAgain.destinations()).toEqual(['/topic/cash']);
    guestAgain.deliver('/topic/cash', seal(entry(2), SITE));
    await settle();
    expect(cash).toEqual([entry(2)]);
    // An identity change is not a drop: nothing was missed, so no reconnect event.
    expect(events).toEqual([]);
  });

  it('a signed-out session that was replaced meanwhile does not take the new one down', async () => {
    const leaveOld = connection.listenAsMember('tok-old');
    connection.listenAsMember('tok-new');
    leaveOld();
    await settle();
    expect(FakeSocket.open().map((socket) => socket.token)).toEqual(['tok-new']);
  });

  it('after a drop it reconnects, subscribes everything again and says so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const cash: unknown[] = [];
    connection.listenAsMember('tok-1');
    connection.subscribeTopic('cashFeed', [], (payload) => cash.push(payload));
    await settle();
    FakeSocket.all[0]!.drop();
    await settle();
    expect(FakeSocket.open()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5_000);
    await settle();

    expect(FakeSocket.open()).toHaveLength(1);
    const again = FakeSocket.open()[0]!;
    expect(again.token).toBe('tok-1');
    expect(again.destinations()).toEqual(['/topic/cash', '/topic/member/tok-1']);
    expect(events).toEqual([{ type: 'realtime.reconnected' }]);
    again.deliver('/topic/member/tok-1', seal({ cmd: 'MSG', data1: 3, data2: null }, SITE));
    again.deliver('/topic/cash', seal(entry(3), SITE));
    await settle();
    expect(events).toEqual([{ type: 'realtime.reconnected' }, { type: 'msg.unread', count: 3, arrived: false }]);
    expect(cash).toEqual([entry(3)]);
  });

  it('asks for the member events after the last it saw, from sign-in and again after a drop, and drops one given twice', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    connection.listenAsMember('tok-1', 7);
    await settle();
    const first = FakeSocket.all[0]!;
    const memberSubscribe = (socket: FakeSocket) => socket.frames.find((frame) => frame.command === 'SUBSCRIBE' && frame.headers.destination === '/topic/member/tok-1');
    // The sequence read with the member at sign-in: an INSPECT pushed before the socket was up comes next.
    expect(memberSubscribe(first)!.headers.since).toBe('7');
    first.deliver('/topic/member/tok-1', seal({ cmd: 'MSG', data1: 1, data2: null, seq: 8 }, SITE));
    first.deliver('/topic/member/tok-1', seal({ cmd: 'MSG', data1: 2, data2: null, seq: 9 }, SITE));
    first.deliver('/topic/member/tok-1', seal({ cmd: 'MSG', data1: 1, data2: null, seq: 8 }, SITE));
    await settle();
    expect(events).toEqual([{ type: 'msg.unread', count: 1, arrived: false }, { type: 'msg.unread', count: 2, arrived: false }]);

    first.drop();
    await settle();
    await vi.advanceTimersByTimeAsync(5_000);
    await settle();
    expect(memberSubscribe(FakeSocket.open()[0]!)!.headers.since).toBe('9');
  });

  it('a new identity starts from its own sequence, not the last one’s', async () => {
    connection.listenAsMember('tok-1', 30);
    await settle();
    FakeSocket.all[0]!.deliver('/topic/member/tok-1', seal({ cmd: 'MSG', data1: 1, data2: null, seq: 31 }, SITE));
    await settle();
    connection.listenAsMember('tok-2', 2);
    await settle();
    const socket = FakeSocket.open()[0]!;
    expect(socket.frames.find((frame) => frame.command === 'SUBSCRIBE')!.headers.since).toBe('2');
    socket.deliver('/topic/member/tok-2', seal({ cmd: 'MSG', data1: 4, data2: null, seq: 3 }, SITE));
    await settle();
    expect(events.at(-1)).toEqual({ type: 'msg.unread', count: 4, arrived: false });
  });
});

describe('the module-level connection', () => {
  it('is one per tab: the session and every feed share it, and member frames reach onRealtimeEvent', async () => {
    vi.stubGlobal('location', { protocol: 'https:', host: 'site.test' });
    vi.resetModules();
    const { listenAsMember, subscribeTopic } = await import('../../src/realtime/connection');
    const { onRealtimeEvent } = await import('../../src/realtime/events');
    const { SITE_ID } = await import('../../src/api/siteId');
    const heard: RealtimeEvent[] = [];
    const stopListening = onRealtimeEvent((event) => heard.push(event));

    listenAsMember('tok-tab', null);
    subscribeTopic('cashFeed', [], () => undefined);
    subscribeTopic('miniRounds', ['powerball'], () => undefined);
    await vi.dynamicImportSettled(); // STOMP loads with the first use
    await settle();
    expect(FakeSocket.all).toHaveLength(1);
    const [socket] = FakeSocket.all;
    expect(socket!.url).toBe('wss://site.test/ws');
    expect(socket!.destinations()).toEqual(['/topic/cash', '/topic/member/tok-tab', '/topic/powerball/']);
    socket!.deliver('/topic/member/tok-tab', seal({ cmd: 'CASHREQ', data1: '9', data2: '1' }, SITE_ID));
    await settle();
    expect(heard).toEqual([{ type: 'cash.requestChanged', requestId: 9, status: 1 }]);
    stopListening();
  });
});
