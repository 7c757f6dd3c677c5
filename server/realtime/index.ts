/**
 * The real-time channel: STOMP 1.2 over WebSocket at /ws, fanned out between instances through the
 * database (see fanout.ts). Member messages are sealed {cmd, data1, data2}; public topics seal any body.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { seal } from '../http/envelope';
import type { SocketMessage } from '../../contract/types';
import type { Database } from '../db/client';
import { Broker, isPublicDestination, type Log } from './broker';
import { startFanout } from './fanout';
import { DEFAULT_FRAME_LIMITS } from './stompFrames';

export { isPublicDestination } from './broker';

export const WS_PATH = '/ws';
/** Preferred first; older STOMP subprotocols are accepted but spoken to with 1.2 semantics. */
const SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];
const HEART_BEAT_MS = 10_000;

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
  log?: Log;
  /** Heart-beat the server offers both ways (default 10 000 ms); tests shorten it. */
  heartBeatMs?: number;
}

const silentLog: Log = { info() {}, warn() {}, error() {} };

export async function createRealtime(opts: RealtimeOptions): Promise<Realtime> {
  const log = opts.log ?? silentLog;
  const heartBeatMs = opts.heartBeatMs ?? HEART_BEAT_MS;
  // A socket gets one heart-beat period to send its CONNECT.
  const broker = new Broker({ authenticate: opts.authenticate, log, heartBeatMs, connectTimeoutMs: heartBeatMs });
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: DEFAULT_FRAME_LIMITS.maxFrameBytes,
    handleProtocols: (offered) => SUBPROTOCOLS.find((p) => offered.has(p)) ?? false,
  });
  wss.on('connection', (ws) => broker.accept(ws));

  const fanout = await startFanout(opts.database, (event) => broker.deliver({
    eventId: event.id,
    targetKind: event.targetKind,
    target: event.target,
    body: seal(event.body, opts.siteId),
  }), log);

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
      await fanout.stop();
      broker.closeAll();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Only the three fields travel, whatever else the caller's object carries. */
function socketMessage({ cmd, data1, data2 }: SocketMessage): SocketMessage {
  return { cmd, data1: data1 ?? null, data2: data2 ?? null };
}
