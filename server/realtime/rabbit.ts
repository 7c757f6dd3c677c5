/**
 * The broker mode (RABBITMQ_URL, RABBITMQ_STOMP_URL, RABBITMQ_TOKEN_KEY): RabbitMQ carries every event.
 *
 * - Publishing: each event leaves on the amq.topic exchange once the statement that numbers it (and so
 *   the money transaction before it) has committed (fanout.ts, relay mode). Member events and the cash feed
 *   carry money and go through a confirm channel (the publish resolves when the broker has taken the
 *   event); the other topics through a plain channel. A lost connection is made again with back-off,
 *   and publishes wait for it and are tried again rather than vanish (fanout.ts relays batch after batch,
 *   so they keep their order; the calls that made them do not wait).
 * - Routing keys: a public topic's destination without /topic/ and its trailing slash, slashes as dots
 *   (/topic/powerball/ → powerball, /topic/sport/fixture/F1 → sport.fixture.F1); a member's events on
 *   member.<memId>, one session's on session.<sessionId>.
 * - Members' credentials: a JSON Web Token signed with RABBITMQ_TOKEN_KEY (HS256, RabbitMQ's OAuth 2
 *   backend checks it: scripts/rabbitmq-setup.sh), valid for CREDENTIAL_TTL_S, whose scopes let its holder
 *   read its own member and session routing keys and the public ones, and write to no exchange.
 * - Browsers keep talking STOMP to the site's /ws (README, Real-time at scale). A signed-in socket's member
 *   topic is passed through to Web-STOMP on a connection of its own made with its member's credential
 *   (UpstreamSession, openUpstream), so RabbitMQ itself enforces who reads a member's events. The public
 *   topics, which anyone may read, are followed once per instance (sharedTopics) and fanned out to the
 *   instance's sockets by the site, as the database's notifications are in the embedded mode: RabbitMQ
 *   delivers a price once to each instance, not once to each browser.
 */
import { createHmac, randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { WebSocket } from 'ws';
import { PUBLIC_TOPICS, TOPIC_PREFIX } from '../../contract/topics';
import type { Log } from './broker';
import { FrameDecoder, SERVER_COMMANDS, serializeFrame, type StompFrame, toBytes } from './stompFrames';

export interface RabbitOptions {
  /** amqp://user:pass@host:5672 (the site's publisher; guest on the internal backend). */
  url: string;
  /** ws://host:15674/ws: RabbitMQ's Web-STOMP, read by /ws: a signed-in socket's member topic on its own connection, the public topics once per instance. */
  stompUrl: string;
  /** The HS256 key RabbitMQ's OAuth 2 backend checks members' credentials with. */
  tokenKey: string;
}

export const EXCHANGE = 'amq.topic';
/** The OAuth 2 backend's resource server id: every scope starts with it. */
export const RESOURCE_SERVER = 'hanbit';
/**
 * RabbitMQ closes a Web-STOMP connection when its credential expires (seen: 60 s after CONNECT with a 60 s
 * credential), so the credential lives as long as a browser socket may: it never leaves this server (the
 * site holds it) and reads only what its member may. A socket older than this is closed and its browser
 * reconnects, catching up from the member log.
 */
export const CREDENTIAL_TTL_S = 12 * 3_600;
/**
 * What a connection to Web-STOMP sends at least this often (STOMP heart-beats): Web-STOMP closes a connection that
 * has sent nothing for 60 s (its idle time-out). Until 2026-11-29 the connections sent none, so an idle member's
 * socket was dropped every minute, and the instance's connection for the public topics with it when no price moved.
 */
export const UPSTREAM_BEAT_MS = 20_000;
const PUBLISH_WAIT_MS = 30_000;
const BACKOFF_MS = { first: 500, max: 15_000 };

/** A public destination's routing key (see the header). */
export function topicRoutingKey(destination: string): string {
  return destination.slice(TOPIC_PREFIX.length).replace(/\/+$/, '').replaceAll('/', '.');
}
export const memberRoutingKey = (memId: string) => `member.${memId}`;
export const sessionRoutingKey = (sessionId: string) => `session.${sessionId}`;
/** The Web-STOMP destination of a routing key on amq.topic. */
export const stompDestination = (routingKey: string) => `${TOPIC_PREFIX}${routingKey}`;

/** The routing keys (glob patterns) every credential may read: each public topic's. */
function publicPatterns(): string[] {
  return Object.values(PUBLIC_TOPICS).flatMap((topic) => (topic.every.length > 0
    ? topic.every.map((args) => topicRoutingKey((topic.destination as (...a: unknown[]) => string)(...args)))
    : [`${topicRoutingKey((topic.destination as (key: string) => string)(''))}.*`]));
}

const KEY_WORD = /^[A-Za-z0-9_-]+$/;

/**
 * A routing key a credential may read among the public ones: one of publicPatterns, a `.*` standing for one
 * plain word (never a wildcard of the subscriber's: `sport.fixture.#` would follow every fixture).
 */
export function isPublicRoutingKey(key: string): boolean {
  return publicPatterns().some((pattern) => (pattern.endsWith('.*')
    ? key.startsWith(pattern.slice(0, -1)) && KEY_WORD.test(key.slice(pattern.length - 1))
    : key === pattern));
}

/**
 * The machine's own time, which RabbitMQ checks a credential's expiry against: not Date, which the test
 * suite's clock guard moves (tests/wallClock.ts), nor the site's Clock, which tests set.
 */
export const realNow = () => performance.timeOrigin + performance.now();

/**
 * A credential for Web-STOMP (its passcode, held by the site): reads `who`'s own routing keys (none for a
 * guest) and the public ones; its subscription queues are its own (stomp-subscription-*); no exchange
 * may be written.
 */
export function mintCredential(tokenKey: string, who: { memId: string; sessionId: string } | null, now = realNow()): string {
  const queue = 'stomp-subscription-*';
  const keys = [...publicPatterns(), ...(who ? [memberRoutingKey(who.memId), sessionRoutingKey(who.sessionId)] : [])];
  const scope = [
    `${RESOURCE_SERVER}.configure:*/${queue}`, `${RESOURCE_SERVER}.write:*/${queue}`, `${RESOURCE_SERVER}.read:*/${queue}`,
    ...keys.map((key) => `${RESOURCE_SERVER}.read:*/${EXCHANGE}/${key}`),
  ];
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = part({ alg: 'HS256', typ: 'JWT', kid: RESOURCE_SERVER });
  const body = part({ sub: who ? who.sessionId : `guest-${randomUUID()}`, aud: [RESOURCE_SERVER], exp: Math.floor(now / 1000) + CREDENTIAL_TTL_S, scope });
  return `${head}.${body}.${createHmac('sha256', tokenKey).update(`${head}.${body}`).digest('base64url')}`;
}

/** One event to publish: where it goes, its sealed body, and the member's sequence number (a STOMP header). */
export interface Outgoing {
  routingKey: string;
  body: string;
  seq?: number;
  /** Carries money: through the confirm channel. */
  confirm: boolean;
}

export interface RabbitPublisher {
  publish(events: Outgoing[]): Promise<void>;
  close(): Promise<void>;
}

export function createRabbitPublisher(url: string, log: Log): RabbitPublisher {
  type Channels = { model: amqp.ChannelModel; confirm: amqp.ConfirmChannel; plain: amqp.Channel };
  let current: Channels | null = null;
  let waiting: ((channels: Channels) => void)[] = [];
  let closed = false;
  let attempt = 0;

  async function connect(): Promise<void> {
    if (closed) return;
    try {
      const model = await amqp.connect(url);
      const channels: Channels = { model, confirm: await model.createConfirmChannel(), plain: await model.createChannel() };
      const lost = () => {
        if (current !== channels) return;
        current = null;
        if (!closed) {
          log.warn('realtime: the RabbitMQ connection was lost; connecting again');
          void connect();
        }
      };
      model.on('error', () => undefined);
      model.on('close', lost);
      channels.confirm.on('error', () => undefined);
      channels.plain.on('error', () => undefined);
      channels.confirm.on('close', lost);
      channels.plain.on('close', lost);
      attempt = 0;
      current = channels;
      for (const resolve of waiting) resolve(channels);
      waiting = [];
    } catch (error) {
      attempt += 1;
      const delay = Math.min(BACKOFF_MS.first * 2 ** (attempt - 1), BACKOFF_MS.max);
      log.warn({ err: error }, `realtime: RabbitMQ unreachable; trying again in ${delay} ms`);
      setTimeout(() => void connect(), delay).unref();
    }
  }

  function channels(): Promise<Channels> {
    if (current) return Promise.resolve(current);
    return new Promise<Channels>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting = waiting.filter((entry) => entry !== take);
        reject(new Error('RabbitMQ unreachable: the event was not published'));
      }, PUBLISH_WAIT_MS);
      const take = (ready: Channels) => {
        clearTimeout(timer);
        resolve(ready);
      };
      waiting.push(take);
    });
  }

  const started = connect();

  return {
    async publish(events) {
      await started;
      // Until the broker has taken the batch (or the publisher closes): a channel that closes under it, or
      // a broker away for longer than PUBLISH_WAIT_MS, is tried again (a frame given twice is dropped by the
      // client, which knows each member event's number).
      for (let tries = 1; ; tries += 1) {
        try {
          const { confirm, plain } = await channels();
          const confirmed: Promise<void>[] = [];
          for (const event of events) {
            const options: amqp.Options.Publish = { contentType: 'text/plain', headers: event.seq === undefined ? {} : { seq: String(event.seq) } };
            const content = Buffer.from(event.body);
            if (event.confirm) {
              confirmed.push(new Promise<void>((resolve, reject) => {
                confirm.publish(EXCHANGE, event.routingKey, content, options, (err: unknown) => (err ? reject(err instanceof Error ? err : new Error('nacked')) : resolve()));
              }));
            } else {
              plain.publish(EXCHANGE, event.routingKey, content, options);
            }
          }
          await Promise.all(confirmed);
          return;
        } catch (error) {
          if (closed) throw error;
          log.warn({ err: error }, 'realtime: a RabbitMQ publish failed; publishing again');
          await new Promise((resolve) => setTimeout(resolve, Math.min(BACKOFF_MS.first * 2 ** (tries - 1), BACKOFF_MS.max)));
        }
      }
    },
    async close() {
      closed = true;
      await current?.model.close().catch(() => undefined);
      current = null;
    },
  };
}

/** What the Broker asks of a signed-in socket's upstream (broker.ts): its member topic, followed or not. */
export interface Upstream {
  subscribe(): Promise<void>;
  unsubscribe(): void;
  close(): void;
}

/** What a connection to Web-STOMP hands back: a message on one of its routing keys. */
export interface UpstreamMessage {
  routingKey: string;
  body: string;
  seq: number | undefined;
}

/**
 * One browser socket's connection to Web-STOMP, made with its member's credential (or a guest's):
 * subscribe resolves once RabbitMQ confirmed the subscription (a receipt), so nothing published after
 * it is missed; an ERROR (a refused credential or destination) or a closed socket ends the session.
 */
export class UpstreamSession {
  private readonly decoder = new FrameDecoder(SERVER_COMMANDS);
  private readonly receipts = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  private readonly keyOf = new Map<string, string>();
  private seq = 0;
  private ended = false;
  private beat: NodeJS.Timeout | null = null;

  private constructor(private readonly ws: WebSocket, private readonly onMessage: (message: UpstreamMessage) => void, private readonly onEnd: () => void) {}

  /** `beatMs`: the heart-beat this side sends (UPSTREAM_BEAT_MS; tests shorten it). */
  static open(stompUrl: string, passcode: string, handlers: { onMessage(message: UpstreamMessage): void; onEnd(): void }, beatMs = UPSTREAM_BEAT_MS): Promise<UpstreamSession> {
    return new Promise<UpstreamSession>((resolve, reject) => {
      const ws = new WebSocket(stompUrl, ['v12.stomp']);
      const session = new UpstreamSession(ws, handlers.onMessage, handlers.onEnd);
      let connected = false;
      ws.on('open', () => ws.send(serializeFrame({ command: 'CONNECT', headers: { 'accept-version': '1.2', host: '/', login: 'member', passcode, 'heart-beat': `${beatMs},0` } })));
      ws.on('message', (data) => {
        let frames: StompFrame[];
        try {
          frames = session.decoder.push(toBytes(data));
        } catch (error) {
          session.end();
          if (!connected) reject(error instanceof Error ? error : new Error('bad frame'));
          return;
        }
        for (const frame of frames) {
          if (frame.command === 'CONNECTED' && !connected) {
            connected = true;
            session.beat = setInterval(() => session.sendRaw('\n'), beatMs);
            resolve(session);
          } else if (frame.command === 'ERROR') {
            if (!connected) reject(new Error(`Web-STOMP refused the connection: ${frame.headers.message ?? ''}`));
            session.end();
          } else {
            session.receive(frame);
          }
        }
      });
      ws.on('error', () => undefined);
      ws.on('close', () => {
        if (!connected) reject(new Error('Web-STOMP closed the connection'));
        session.end();
      });
    });
  }

  /** Subscribes to a routing key; resolves with the subscription's id when RabbitMQ has confirmed it. */
  subscribe(routingKey: string): Promise<string> {
    const id = `s${++this.seq}`;
    const receipt = `r${this.seq}`;
    this.keyOf.set(id, routingKey);
    return new Promise<string>((resolve, reject) => {
      this.receipts.set(receipt, { resolve: () => resolve(id), reject });
      this.send({ command: 'SUBSCRIBE', headers: { id, destination: stompDestination(routingKey), ack: 'auto', receipt } });
    });
  }

  unsubscribe(id: string): void {
    if (!this.keyOf.delete(id)) return;
    this.send({ command: 'UNSUBSCRIBE', headers: { id } });
  }

  close(): void {
    this.end();
  }

  private receive(frame: StompFrame): void {
    if (frame.command === 'RECEIPT') {
      const receipt = this.receipts.get(frame.headers['receipt-id'] ?? '');
      this.receipts.delete(frame.headers['receipt-id'] ?? '');
      receipt?.resolve();
    } else if (frame.command === 'MESSAGE') {
      const routingKey = this.keyOf.get(frame.headers.subscription ?? '');
      if (routingKey === undefined) return;
      const seq = Number(frame.headers.seq);
      this.onMessage({ routingKey, body: frame.body, seq: Number.isSafeInteger(seq) && seq > 0 ? seq : undefined });
    }
  }

  private send(frame: Parameters<typeof serializeFrame>[0]): void {
    this.sendRaw(serializeFrame(frame));
  }

  private sendRaw(text: string): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.beat) clearInterval(this.beat);
    for (const { reject } of this.receipts.values()) reject(new Error('Web-STOMP connection ended'));
    this.receipts.clear();
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
    this.onEnd();
  }
}

/**
 * A signed-in browser socket's passage to Web-STOMP for its member topic (the Broker's upstream in broker
 * mode), made with the member's credential: the site's member topic is the member's and the session's
 * routing keys; what arrives is handed to `deliver`, marked when it was for the whole member (the broker
 * then checks the session is still live, as for an event fanned out by the database).
 */
export async function openUpstream(
  options: Pick<RabbitOptions, 'stompUrl' | 'tokenKey'>,
  identity: { token: string; memId: string; sessionId: string },
  handlers: { deliver(body: string, seq: number | undefined, memberWide: boolean): void; end(): void },
): Promise<Upstream> {
  const memberKey = memberRoutingKey(identity.memId);
  const session = await UpstreamSession.open(options.stompUrl, mintCredential(options.tokenKey, identity), {
    onMessage: ({ routingKey, body, seq }) => handlers.deliver(body, seq, routingKey === memberKey),
    onEnd: handlers.end,
  });
  let ids: string[] = [];
  return {
    async subscribe() {
      ids = await Promise.all([memberKey, sessionRoutingKey(identity.sessionId)].map((key) => session.subscribe(key)));
    },
    unsubscribe() {
      for (const id of ids) session.unsubscribe(id);
      ids = [];
    },
    close: () => session.close(),
  };
}

/** The public topics of one instance in broker mode (the Broker's `topics`). */
export interface SharedTopics {
  /** Follows a public destination; resolves once RabbitMQ has confirmed the instance's subscription to it. */
  subscribe(destination: string): Promise<void>;
  /** One follower of the destination fewer; the instance's subscription ends with the last. */
  unsubscribe(destination: string): void;
  close(): void;
}

/**
 * The instance's one Web-STOMP connection for the public topics (a guest's credential: public keys only): a
 * topic's routing key is subscribed once, by its first follower on this instance, and what arrives is handed
 * to `deliver` once per destination that follows it. A key no credential may read is never asked for (that
 * ERROR would end the connection every follower shares): its followers get nothing, as they would get nothing
 * published there. When the connection ends, `lost` is told (the broker closes the sockets that followed a
 * public topic; they reconnect, and the next follower opens a new connection).
 */
export function sharedTopics(
  options: Pick<RabbitOptions, 'stompUrl' | 'tokenKey'>,
  handlers: { deliver(destination: string, body: string): void; lost(): void },
): SharedTopics {
  /** routing key -> the instance's subscription (its id once confirmed) and its followers per destination */
  const follows = new Map<string, { id: Promise<string>; followers: Map<string, number> }>();
  let current: Promise<UpstreamSession> | null = null;

  function connect(): Promise<UpstreamSession> {
    if (current) return current;
    const gone = () => {
      if (current !== opening) return;
      current = null;
      follows.clear();
      handlers.lost();
    };
    const opening: Promise<UpstreamSession> = UpstreamSession.open(options.stompUrl, mintCredential(options.tokenKey, null), {
      onMessage({ routingKey, body }) {
        for (const destination of follows.get(routingKey)?.followers.keys() ?? []) handlers.deliver(destination, body);
      },
      onEnd: () => gone(),
    });
    opening.catch(gone);
    current = opening;
    return opening;
  }

  return {
    async subscribe(destination) {
      const key = topicRoutingKey(destination);
      if (!isPublicRoutingKey(key)) return;
      let follow = follows.get(key);
      if (!follow) {
        const id = connect().then((session) => session.subscribe(key));
        const created = { id, followers: new Map<string, number>() };
        follow = created;
        follows.set(key, created);
        id.catch(() => {
          if (follows.get(key) === created) follows.delete(key);
        });
      }
      follow.followers.set(destination, (follow.followers.get(destination) ?? 0) + 1);
      await follow.id;
    },
    unsubscribe(destination) {
      const key = topicRoutingKey(destination);
      const follow = follows.get(key);
      const count = follow?.followers.get(destination);
      if (!follow || count === undefined) return;
      if (count > 1) follow.followers.set(destination, count - 1);
      else follow.followers.delete(destination);
      if (follow.followers.size > 0) return;
      follows.delete(key);
      const session = current;
      void follow.id.then((id) => session?.then((open) => open.unsubscribe(id))).catch(() => undefined);
    },
    close() {
      void current?.then((session) => session.close()).catch(() => undefined);
    },
  };
}
