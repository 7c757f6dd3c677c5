/**
 * The real-time channel: STOMP 1.2 over WebSocket at /ws, fanned out between instances through the
 * database (see fanout.ts); or, with `rabbit` (broker mode, rabbit.ts), published to RabbitMQ and read
 * from its Web-STOMP by /ws (a member's topic on the member's own connection, the public topics once per instance). Member messages are sealed {cmd, data1, data2}; public topics seal any body.
 * The operator topic (contract/console.ts) is published by the database itself (migration 0023) and read
 * only by connections whose upgrade carried a live console session's cookie.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { seal } from '../http/envelope';
import type { SocketMessage } from '../../contract/types';
import type { Database } from '../db/client';
import { Broker, isPublicDestination, type Log } from './broker';
import { type RtEvent, startFanout } from './fanout';
import {
  createRabbitPublisher, memberRoutingKey, openUpstream, type Outgoing, type RabbitOptions, sessionRoutingKey, sharedTopics, topicRoutingKey,
} from './rabbit';
import { PUBLIC_TOPICS } from '../../contract/topics';
import { eventsSince } from './memberLog';
import { DEFAULT_FRAME_LIMITS } from './stompFrames';

export { isPublicDestination } from './broker';

export const WS_PATH = '/ws';
/** Preferred first; older STOMP subprotocols are accepted but spoken to with 1.2 semantics. */
const SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];
const HEART_BEAT_MS = 10_000;
const CLOSE_WAIT_MS = 5_000;

export interface Realtime {
  attach(server: Server): void;
  publishToSession(sessionId: string, msg: SocketMessage): Promise<void>;
  /** To every live session of the member. */
  publishToMember(memId: string, msg: SocketMessage): Promise<void>;
  publishToTopic(destination: string, body: unknown): Promise<void>;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  database: Database;
  siteId: string;
  /** Live sessions only. */
  authenticate(token: string): Promise<{ sessionId: string; memId: string } | null>;
  /** The console session of a Cookie header (server/console/operators.ts consoleAuthenticator); none: nobody reads the operator topic. */
  authenticateOperator?(cookies: string): Promise<string | null>;
  log?: Log;
  /** Heart-beat the server offers both ways (default 10 000 ms); tests shorten it. */
  heartBeatMs?: number;
  /** Broker mode: RabbitMQ carries the events (config RABBITMQ_URL, RABBITMQ_STOMP_URL, RABBITMQ_TOKEN_KEY). */
  rabbit?: RabbitOptions | null;
}

const silentLog: Log = { info() {}, warn() {}, error() {} };

export async function createRealtime(opts: RealtimeOptions): Promise<Realtime> {
  const log = opts.log ?? silentLog;
  const rabbit = opts.rabbit ?? null;
  const publisher = rabbit ? createRabbitPublisher(rabbit.url, log) : null;
  const heartBeatMs = opts.heartBeatMs ?? HEART_BEAT_MS;
  let topicMessages = 0;
  const topics = rabbit ? sharedTopics(rabbit, {
    deliver: (destination, body) => void broker.deliver({ eventId: (topicMessages += 1), targetKind: 'topic', target: destination, body }),
    lost: () => broker.closeTopicFollowers(),
  }) : undefined;
  // A socket gets one heart-beat period to send its CONNECT.
  const broker = new Broker({
    authenticate: opts.authenticate,
    authenticateOperator: opts.authenticateOperator ?? (async () => null),
    log,
    heartBeatMs,
    connectTimeoutMs: heartBeatMs,
    replay: async (who, since) => (await eventsSince(opts.database.db, who, since))
      .map(({ seq, body }) => ({ seq, body: seal(numbered(body, seq), opts.siteId) })),
    ...(rabbit ? { upstream: (identity, handlers) => openUpstream(rabbit, identity, handlers), topics } : {}),
  });
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: DEFAULT_FRAME_LIMITS.maxFrameBytes,
    handleProtocols: (offered) => SUBPROTOCOLS.find((p) => offered.has(p)) ?? false,
  });
  wss.on('connection', (ws, req: IncomingMessage) => broker.accept(ws, req.headers.cookie ?? ''));

  const fanout = await startFanout(opts.database, (event) => broker.deliver({
    eventId: event.id,
    targetKind: event.targetKind,
    target: event.target,
    body: seal(event.seq === undefined ? event.body : numbered(event.body, event.seq), opts.siteId),
    seq: event.seq,
  }), log, publisher ? (events) => publisher.publish(events.map((event) => outgoing(event, opts.siteId))) : undefined);

  const attached = new Map<Server, (req: IncomingMessage, socket: Duplex, head: Buffer) => void>();

  return {
    attach(server) {
      const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        if ((req.url ?? '').split('?')[0] !== WS_PATH) {
          // Leave other paths to other upgrade handlers; when there are none, refuse instead of hanging.
          if (server.listenerCount('upgrade') === 1) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      };
      server.on('upgrade', onUpgrade);
      attached.set(server, onUpgrade);
    },
    publishToSession: (sessionId, msg) => fanout.publish('session', sessionId, socketMessage(msg)),
    publishToMember: (memId, msg) => fanout.publish('member', memId, socketMessage(msg)),
    async publishToTopic(destination, body) {
      if (!isPublicDestination(destination)) throw new Error(`not a public topic: ${destination}`);
      await fanout.publish('topic', destination, body);
    },
    async close() {
      for (const [server, onUpgrade] of attached) server.off('upgrade', onUpgrade);
      attached.clear();
      // Relayed events still waiting for an absent broker are given up after a while: they are in the log.
      await (publisher ? Promise.race([fanout.stop(), new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]) : fanout.stop());
      await publisher?.close();
      topics?.close();
      broker.closeAll();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** An event as RabbitMQ carries it: member events and the cash feed carry money, so they are confirmed. */
function outgoing(event: RtEvent, siteId: string): Outgoing {
  if (event.targetKind === 'topic') {
    return { routingKey: topicRoutingKey(event.target), body: seal(event.body, siteId), confirm: event.target === PUBLIC_TOPICS.cashFeed.destination() };
  }
  return {
    routingKey: event.targetKind === 'member' ? memberRoutingKey(event.target) : sessionRoutingKey(event.target),
    body: seal(event.seq === undefined ? event.body : numbered(event.body, event.seq), siteId),
    seq: event.seq,
    confirm: true,
  };
}

/** A member frame with its number in the member's sequence (the client gives it back as `since`). */
function numbered(body: unknown, seq: number): unknown {
  return { ...(body as object), seq };
}

/** Only the three fields travel, whatever else the caller's object carries. */
function socketMessage({ cmd, data1, data2 }: SocketMessage): SocketMessage {
  return { cmd, data1: data1 ?? null, data2: data2 ?? null };
}
