/**
 * The push channel: a WebSocket at GET {prefix}/api/v1/stream?after=N&operator=..&timestamp=..&signature=..
 * (signed over `${timestamp}\n/api/v1/stream\nafter=N`). It sends every message after N, then each new one as
 * it is written, one JSON FeedMessage per text frame, in order (the fault switch aside). Refusals before the
 * upgrade are plain HTTP answers in the API's shape; once open, a consumer that fell behind the log kept is
 * closed with 4410 CURSOR_EXPIRED, and a closing feed closes its streams with 4503 UNAVAILABLE.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { FEED_STREAM_CLOSE, FEED_STREAM_PATH, feedStreamSignedBody } from '../contract/oddsFeed';
import { checkSignature, sleep } from './api';
import { FeedRefusal } from './errors';
import type { Faults } from './faults';
import type { FeedLog } from './log';

const BATCH = 500;
/** A consumer reading slower than the feed writes is given time while this much is unsent. */
const MAX_BUFFERED = 4 * 1024 * 1024;
const PING_MS = 30_000;
const WAIT_MS = 25_000;

export interface StreamOptions {
  /** The stream's full path on this server (the mount prefix and FEED_STREAM_PATH). */
  path: string;
  operators: ReadonlyMap<string, string>;
  log: FeedLog;
  faults: Faults | null;
}

export interface Stream {
  attach(server: Server): void;
  close(): Promise<void>;
}

function answer(socket: Duplex, refusal: FeedRefusal): void {
  const body = JSON.stringify({ ok: false, code: refusal.code, message: refusal.message });
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 410: 'Gone', 503: 'Service Unavailable' }[refusal.status] ?? 'Error';
  socket.end(`HTTP/1.1 ${refusal.status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export function createStream(options: StreamOptions): Stream {
  const { log, faults } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const sockets = new Set<WebSocket>();
  const attached = new Map<Server, (req: IncomingMessage, socket: Duplex, head: Buffer) => void>();
  let closing = false;

  async function pump(ws: WebSocket, after: number, stop: AbortSignal): Promise<void> {
    let cursor = after;
    while (!stop.aborted && ws.readyState === ws.OPEN) {
      let page;
      try {
        page = await log.after(cursor, BATCH);
      } catch (error) {
        if (error instanceof FeedRefusal && error.code === 'CURSOR_EXPIRED') ws.close(FEED_STREAM_CLOSE.cursorExpired, 'CURSOR_EXPIRED');
        else ws.close(FEED_STREAM_CLOSE.unavailable, 'UNAVAILABLE');
        return;
      }
      if (page.messages.length === 0) {
        await log.waitFor(cursor, WAIT_MS, stop);
        continue;
      }
      let served = page.messages;
      if (faults) {
        const { delayMs } = faults.current();
        if (delayMs > 0) await sleep(delayMs);
        served = faults.apply(served);
      }
      for (const message of served) {
        if (ws.readyState !== ws.OPEN) return;
        ws.send(JSON.stringify(message));
      }
      cursor = page.cursor;
      while (ws.readyState === ws.OPEN && ws.bufferedAmount > MAX_BUFFERED && !stop.aborted) await sleep(50);
    }
  }

  function accept(ws: WebSocket, after: number): void {
    sockets.add(ws);
    const stop = new AbortController();
    let alive = true;
    ws.on('pong', () => {
      alive = true;
    });
    const ping = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, PING_MS);
    ping.unref?.();
    ws.on('close', () => {
      stop.abort();
      clearInterval(ping);
      sockets.delete(ws);
    });
    ws.on('error', () => ws.terminate());
    // The consumer only listens: anything it sends is ignored.
    pump(ws, after, stop.signal).catch(() => ws.terminate());
  }

  async function onUpgrade(server: Server, req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://feed.invalid');
    if (url.pathname !== options.path) {
      // Leave other paths to other upgrade handlers (the site's /ws); when there are none, refuse.
      if (server.listenerCount('upgrade') === 1) answer(socket, new FeedRefusal('BAD_REQUEST', 'no such path'));
      return;
    }
    try {
      if (closing) throw new FeedRefusal('UNAVAILABLE', 'the feed is closing');
      const after = url.searchParams.get('after') ?? '';
      const q = (name: string) => url.searchParams.get(name) ?? '';
      checkSignature(options.operators, q('operator'), q('timestamp'), q('signature'), FEED_STREAM_PATH, feedStreamSignedBody(Number(after)));
      if (!/^\d{1,15}$/.test(after)) throw new FeedRefusal('BAD_REQUEST', 'bad after');
      await log.after(Number(after), 1); // CURSOR_EXPIRED before the upgrade
      wss.handleUpgrade(req, socket, head, (ws) => accept(ws, Number(after)));
    } catch (error) {
      answer(socket, error instanceof FeedRefusal ? error : new FeedRefusal('UNAVAILABLE', 'the feed failed'));
    }
  }

  return {
    attach(server) {
      const listener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void onUpgrade(server, req, socket, head);
      server.on('upgrade', listener);
      attached.set(server, listener);
    },
    async close() {
      closing = true;
      for (const [server, listener] of attached) server.off('upgrade', listener);
      attached.clear();
      for (const ws of sockets) ws.close(FEED_STREAM_CLOSE.unavailable, 'UNAVAILABLE');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
