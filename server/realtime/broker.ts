/**
 * The STOMP 1.2 broker of one server instance: it speaks the protocol with each WebSocket connection
 * and delivers events to the local subscriptions they match. Clients only listen: CONNECT/STOMP,
 * SUBSCRIBE, UNSUBSCRIBE and DISCONNECT are accepted; anything else is an ERROR and a close.
 */
import { WebSocket, type RawData } from 'ws';
import { OPERATOR_TOPIC } from '../../contract/console';
import { MEMBER_TOPIC_PREFIX, memberTopic, TOPIC_PREFIX } from '../../contract/topics';
import type { SharedTopics, Upstream } from './rabbit';
import { CLIENT_COMMANDS, FrameDecoder, serializeFrame, StompFrameError, type StompCommand, type StompFrame, toBytes } from './stompFrames';

/** Printable ASCII after the prefix, no spaces (contract/topics.ts declares the topics themselves). */
const DESTINATION_NAME = /^[\x21-\x7e]+$/;
const MAX_SUBSCRIPTIONS = 32;
/** A client that reads slower than we write is dropped once this much waits in its socket. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const SERVER_NAME = 'hanbit-stomp/1.0';
/** The member topic's SUBSCRIBE may carry `since`: the last member event number the client saw. */
const SINCE = /^\d{1,15}$/;

export function isPublicDestination(destination: string): boolean {
  return destination.startsWith(TOPIC_PREFIX) && DESTINATION_NAME.test(destination.slice(TOPIC_PREFIX.length)) && !destination.startsWith(MEMBER_TOPIC_PREFIX)
    && destination !== OPERATOR_TOPIC;
}

export type TargetKind = 'session' | 'member' | 'topic';
/** One fanned-out event, with its body already sealed for the wire. */
export interface Delivery {
  eventId: number;
  targetKind: TargetKind;
  target: string;
  body: string;
  /** A member event's number in the member's sequence (memberLog.ts). */
  seq?: number;
}

/** A member event given again, its body sealed. */
export interface MissedEvent {
  seq: number;
  body: string;
}

export interface Identity {
  token: string;
  sessionId: string;
  memId: string;
}

export interface Log {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

export interface BrokerOptions {
  authenticate(token: string): Promise<{ sessionId: string; memId: string } | null>;
  /** The console session of the WebSocket upgrade's Cookie header, or null: only those may subscribe to the operator topic. */
  authenticateOperator(cookies: string): Promise<string | null>;
  log: Log;
  /** What the server offers in both directions of heart-beat negotiation. */
  heartBeatMs: number;
  /** A socket that sends no CONNECT within this time is closed. */
  connectTimeoutMs: number;
  /** The member's events after `since` meant for this session (SUBSCRIBE to the member topic with a `since` header). */
  replay(who: { memId: string; sessionId: string }, since: number): Promise<MissedEvent[]>;
  /**
   * Broker mode (rabbit.ts): a signed-in connection's member events come from its own connection to RabbitMQ,
   * opened at CONNECT with the member's credential, instead of from deliver(). `deliver` takes what arrives
   * there; `end` is called when that connection ends (the socket is then closed, and the client reconnects).
   */
  upstream?(identity: Identity, handlers: UpstreamHandlers): Promise<Upstream>;
  /** Broker mode: the instance's public topics, followed once in RabbitMQ and fanned out through deliver(). */
  topics?: SharedTopics;
}

export interface UpstreamHandlers {
  deliver(body: string, seq: number | undefined, memberWide: boolean): void;
  end(): void;
}

/** A protocol violation: answered with an ERROR frame whose message header is this message. */
class ProtocolError extends Error {
  constructor(message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

/**
 * STOMP heart-beat negotiation: each side sends at the larger of what it can do and what the other
 * wants; 0 on either side switches that direction off.
 */
export function negotiateHeartBeat(
  client: { canSend: number; wants: number },
  server: { canSend: number; wants: number },
): { outgoing: number; incoming: number } {
  return {
    outgoing: server.canSend && client.wants ? Math.max(server.canSend, client.wants) : 0,
    incoming: client.canSend && server.wants ? Math.max(client.canSend, server.wants) : 0,
  };
}

export class Broker {
  private readonly connections = new Set<StompConnection>();
  private messageSeq = 0;

  constructor(private readonly options: BrokerOptions) {}

  accept(ws: WebSocket, cookies = ''): void {
    const connection = new StompConnection(ws, this.options, cookies, () => this.connections.delete(connection));
    this.connections.add(connection);
  }

  async deliver(delivery: Delivery): Promise<void> {
    const nextMessageId = () => `${delivery.eventId}-${++this.messageSeq}`;
    for (const connection of [...this.connections]) {
      const destination = connection.destinationFor(delivery);
      if (!destination) continue;
      // A member-wide message goes to live sessions only; one addressed to a session reaches it even
      // after revocation (that is how a replaced login hears LOGOUT).
      if (delivery.targetKind === 'member' && !(await connection.isSessionLive())) continue;
      // The operator topic goes to live console sessions only (signed out or timed out: nothing more).
      if (destination === OPERATOR_TOPIC && !(await connection.isOperatorLive())) continue;
      connection.sendMessage(destination, delivery.body, nextMessageId, delivery.seq);
    }
  }

  /** The instance's connection for the public topics ended: their followers reconnect (and follow them again). */
  closeTopicFollowers(): void {
    for (const connection of [...this.connections]) if (connection.followsPublicTopic()) connection.close(1011, 'message broker connection lost');
  }

  closeAll(): void {
    for (const connection of this.connections) connection.close(1001, 'server shutting down');
  }
}

class StompConnection {
  private readonly decoder = new FrameDecoder(CLIENT_COMMANDS);
  /** subscription id -> destination */
  private readonly subscriptions = new Map<string, string>();
  private identity: Identity | null = null;
  private connected = false;
  private closed = false;
  /** Frames are handled one after another, even while an earlier one awaits authentication. */
  private queue: Promise<void> = Promise.resolve();
  private lastReceivedAt = Date.now();
  private readonly timers: NodeJS.Timeout[] = [];
  private upstream: Upstream | null = null;
  /** Upstream messages are handled in arrival order, even while one awaits the session check. */
  private upstreamQueue: Promise<void> = Promise.resolve();
  private upstreamSeq = 0;
  /** While the member topic's missed events are fetched, what arrives for it waits here, then follows them. */
  private held: { body: string; messageId: string; seq: number | undefined }[] | null = null;

  constructor(
    private readonly ws: WebSocket,
    private readonly options: BrokerOptions,
    private readonly cookies: string,
    private readonly onGone: () => void,
  ) {
    ws.on('message', (data) => this.receive(data));
    ws.on('close', () => this.dispose());
    ws.on('error', (err) => {
      options.log.warn({ err }, 'realtime socket error');
      this.close(1011, 'socket error');
    });
    this.timers.push(setTimeout(() => {
      if (!this.connected) this.fail(new ProtocolError('no CONNECT frame in time'));
    }, options.connectTimeoutMs));
  }

  /** Sends a MESSAGE per subscription to the destination. */
  sendMessage(destination: string, body: string, nextMessageId: () => string, seq?: number): void {
    if (!this.isSubscribed(destination)) return;
    const messageId = nextMessageId();
    if (this.held && destination === this.ownMemberTopic()) this.held.push({ body, messageId, seq });
    else this.deliverOnTopic(destination, body, messageId);
  }

  private isSubscribed(destination: string): boolean {
    for (const subscribed of this.subscriptions.values()) if (subscribed === destination) return true;
    return false;
  }

  followsPublicTopic(): boolean {
    for (const destination of this.subscriptions.values()) if (this.isPublicFollow(destination)) return true;
    return false;
  }

  /** A destination the instance's shared topics carry in broker mode: a public one, not the member's nor the operator's. */
  private isPublicFollow(destination: string): boolean {
    return destination !== OPERATOR_TOPIC && destination !== this.ownMemberTopic();
  }

  private ownMemberTopic(): string | null {
    return this.identity && memberTopic(this.identity.token);
  }

  async isSessionLive(): Promise<boolean> {
    const identity = this.identity;
    if (!identity) return false;
    try {
      const session = await this.options.authenticate(identity.token);
      return session?.sessionId === identity.sessionId;
    } catch (err) {
      this.options.log.warn({ err }, 'realtime session check failed');
      return false;
    }
  }

  async isOperatorLive(): Promise<boolean> {
    try {
      return (await this.options.authenticateOperator(this.cookies)) !== null;
    } catch (err) {
      this.options.log.warn({ err }, 'realtime console session check failed');
      return false;
    }
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.dispose();
    this.ws.close(code, reason);
  }

  /**
   * Where this connection takes the delivery: a topic as is; a member event on its own member topic
   * when it is the addressed session or member; null when it takes nothing.
   */
  destinationFor(delivery: Delivery): string | null {
    if (!this.connected || this.closed) return null;
    if (delivery.targetKind === 'topic') return delivery.target;
    const identity = this.identity;
    if (!identity) return null;
    const addressed = delivery.targetKind === 'session' ? identity.sessionId : identity.memId;
    return addressed === delivery.target ? memberTopic(identity.token) : null;
  }

  private receive(data: RawData): void {
    if (this.closed) return;
    this.lastReceivedAt = Date.now();
    let frames: StompFrame[];
    try {
      frames = this.decoder.push(toBytes(data));
    } catch (err) {
      this.fail(err);
      return;
    }
    for (const frame of frames) {
      this.queue = this.queue
        .then(() => (this.closed ? undefined : this.handle(frame)))
        .catch((err: unknown) => this.fail(err, frame));
    }
  }

  private async handle(frame: StompFrame): Promise<void> {
    const isConnect = frame.command === 'CONNECT' || frame.command === 'STOMP';
    if (!this.connected && !isConnect) throw new ProtocolError('the first frame must be CONNECT');
    if (this.connected && isConnect) throw new ProtocolError('already connected');
    switch (frame.command) {
      case 'CONNECT':
      case 'STOMP':
        return this.onConnect(frame);
      case 'SUBSCRIBE':
        return this.onSubscribe(frame);
      case 'UNSUBSCRIBE':
        return this.onUnsubscribe(frame);
      case 'DISCONNECT':
        this.sendReceipt(frame);
        this.close(1000, 'disconnected');
        return;
      default:
        throw new ProtocolError(`${frame.command} is not accepted: clients only listen`);
    }
  }

  private async onConnect(frame: StompFrame): Promise<void> {
    const versions = (frame.headers['accept-version'] ?? '').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) throw new ProtocolError('supported protocol versions are 1.2', { version: '1.2' });
    const client = parseHeartBeat(frame.headers['heart-beat'] ?? '0,0');
    const token = frame.headers.token;
    if (token !== undefined) {
      const session = token ? await this.options.authenticate(token) : null;
      if (!session) throw new ProtocolError('invalid or expired token');
      this.identity = { token, sessionId: session.sessionId, memId: session.memId };
    }
    if (this.closed) return;
    if (this.options.upstream && this.identity) await this.openUpstream(this.options.upstream, this.identity);
    if (this.closed) return;
    this.connected = true;
    const offer = this.options.heartBeatMs;
    this.send('CONNECTED', { version: '1.2', 'heart-beat': `${offer},${offer}`, server: SERVER_NAME });
    this.startHeartBeats(negotiateHeartBeat(client, { canSend: offer, wants: offer }));
  }

  private async openUpstream(open: NonNullable<BrokerOptions['upstream']>, identity: Identity): Promise<void> {
    try {
      this.upstream = await open(identity, {
        deliver: (body, seq, memberWide) => {
          this.upstreamQueue = this.upstreamQueue.then(async () => {
            if (memberWide && !(await this.isSessionLive())) return;
            this.sendMessage(memberTopic(identity.token), body, () => `u-${++this.upstreamSeq}`, seq);
          });
        },
        end: () => this.close(1011, 'message broker connection lost'),
      });
    } catch (err) {
      this.options.log.warn({ err }, 'realtime: the message broker refused or is unreachable');
      throw new ProtocolError('the message broker is unavailable');
    }
    if (this.closed) this.upstream.close();
  }

  private startHeartBeats({ outgoing, incoming }: { outgoing: number; incoming: number }): void {
    if (outgoing) this.timers.push(setInterval(() => this.sendRaw('\n'), outgoing));
    if (incoming) {
      this.timers.push(setInterval(() => {
        if (Date.now() - this.lastReceivedAt > 2 * incoming) this.close(1001, 'heart-beat timeout');
      }, incoming));
    }
  }

  private async onSubscribe(frame: StompFrame): Promise<void> {
    const { id, destination, ack = 'auto', since } = frame.headers;
    if (!id) throw new ProtocolError('SUBSCRIBE needs an id header');
    if (!destination) throw new ProtocolError('SUBSCRIBE needs a destination header');
    if (ack !== 'auto') throw new ProtocolError('only ack:auto is supported');
    if (this.subscriptions.has(id)) throw new ProtocolError('subscription id already in use');
    if (this.subscriptions.size >= MAX_SUBSCRIPTIONS) throw new ProtocolError('too many subscriptions');
    const ownMemberTopic = destination === this.ownMemberTopic();
    if (destination === OPERATOR_TOPIC) {
      if (!(await this.isOperatorLive())) throw new ProtocolError('console session required');
    } else if (!ownMemberTopic && !isPublicDestination(destination)) {
      throw new ProtocolError(destination.startsWith(MEMBER_TOPIC_PREFIX) ? 'not your member topic' : 'unknown destination');
    }
    if (since !== undefined && !(ownMemberTopic && SINCE.test(since))) throw new ProtocolError('bad since header');
    if (since !== undefined) this.held = [];
    const first = !this.isSubscribed(destination);
    this.subscriptions.set(id, destination);
    // In broker mode the subscription is made upstream before the receipt: nothing published after it is missed.
    // The operator topic never travels through RabbitMQ (fanout.ts): each instance delivers it to its consoles.
    if (first && ownMemberTopic) await this.upstream?.subscribe();
    else if (first && this.isPublicFollow(destination)) await this.options.topics?.subscribe(destination);
    this.sendReceipt(frame);
    if (since !== undefined) await this.giveMissed(Number(since));
  }

  /**
   * Sends the member's events after `since`, then what arrived meanwhile and was not among them; a log
   * that cannot be read gives nothing again (the client reloads its state after a reconnect anyway).
   */
  private async giveMissed(since: number): Promise<void> {
    const { memId, sessionId } = this.identity!;
    const topic = this.ownMemberTopic()!;
    let last = since;
    try {
      for (const missed of await this.options.replay({ memId, sessionId }, since)) {
        this.deliverOnTopic(topic, missed.body, `missed-${missed.seq}`);
        last = missed.seq;
      }
    } catch (err) {
      this.options.log.warn({ err }, 'realtime member log read failed');
    }
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) if (event.seq === undefined || event.seq > last) this.deliverOnTopic(topic, event.body, event.messageId);
  }

  private deliverOnTopic(destination: string, body: string, messageId: string): void {
    for (const [id, subscribed] of this.subscriptions) {
      if (subscribed !== destination) continue;
      this.send('MESSAGE', { destination, 'message-id': `${messageId}-${id}`, subscription: id, 'content-type': 'text/plain' }, body);
    }
  }

  private onUnsubscribe(frame: StompFrame): void {
    const { id } = frame.headers;
    if (!id) throw new ProtocolError('UNSUBSCRIBE needs an id header');
    // An unknown id is not an error: a client may unsubscribe after a reconnect lost its subscriptions.
    const destination = this.subscriptions.get(id);
    this.subscriptions.delete(id);
    if (destination !== undefined && !this.isSubscribed(destination)) this.unfollow(destination);
    this.sendReceipt(frame);
  }

  /** The last local subscription to the destination ended: so does what broker mode follows for it. */
  private unfollow(destination: string): void {
    if (destination === this.ownMemberTopic()) this.upstream?.unsubscribe();
    else if (this.isPublicFollow(destination)) this.options.topics?.unsubscribe(destination);
  }

  private sendReceipt(frame: StompFrame): void {
    const receipt = frame.headers.receipt;
    if (receipt !== undefined) this.send('RECEIPT', { 'receipt-id': receipt });
  }

  /** Answers a bad frame (or a fault while handling one) with ERROR, then closes. */
  private fail(err: unknown, frame?: StompFrame): void {
    if (this.closed) return;
    const known = err instanceof ProtocolError || err instanceof StompFrameError;
    if (!known) this.options.log.error({ err }, 'realtime frame handling failed');
    const headers: Record<string, string> = {
      message: known ? err.message : 'server error',
      'content-type': 'text/plain',
      ...(err instanceof ProtocolError ? err.headers : {}),
    };
    if (frame?.headers.receipt !== undefined) headers['receipt-id'] = frame.headers.receipt;
    this.send('ERROR', headers, known ? `${err.message}\n` : 'server error\n');
    this.close(1002, 'protocol error');
  }

  private send(command: StompCommand, headers: Record<string, string>, body?: string): void {
    this.sendRaw(serializeFrame({ command, headers, body }));
  }

  private sendRaw(text: string): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.options.log.warn('realtime client too slow; dropping it');
      this.dispose();
      this.ws.terminate();
      return;
    }
    this.ws.send(text);
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.upstream?.close();
    for (const destination of new Set(this.subscriptions.values())) if (this.isPublicFollow(destination)) this.options.topics?.unsubscribe(destination);
    for (const timer of this.timers) clearTimeout(timer); // also clears intervals in Node
    this.onGone();
  }
}

function parseHeartBeat(header: string): { canSend: number; wants: number } {
  const match = /^(\d{1,9}),(\d{1,9})$/.exec(header.replace(/\s/g, ''));
  if (!match) throw new ProtocolError('bad heart-beat header');
  return { canSend: Number(match[1]), wants: Number(match[2]) };
}
