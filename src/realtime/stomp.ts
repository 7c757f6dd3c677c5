/**
 * The real-time client: STOMP 1.2 over WebSocket to /ws on the page's own host (@stomp/stompjs).
 * Member messages become session-machine events; public feeds are plain callbacks. Every body is a
 * sealed envelope; bodies that do not open, or were sealed for another site, are ignored.
 */
import type { Client, IMessage } from '@stomp/stompjs';
import { fromCallback, type EventObject } from 'xstate';
import { open } from '../../contract/envelope';
import type { SocketMessage } from '../../contract/types';
import { SITE_ID } from '../api/siteId';

const RECONNECT_DELAY_MS = 5_000;
const HEART_BEAT_MS = 10_000;
const MEMBER_TOPIC_PREFIX = '/topic/member/';

export type SocketMessageEvent = { type: 'socket.message' } & SocketMessage;
export type RealtimeEvent = SocketMessageEvent | { type: 'socket.reconnected' };

/** ws: or wss: (matching the page) to /ws on the page's host, so the dev proxy and production both work. */
export function brokerUrl(page: Pick<Location, 'protocol' | 'host'> = location): string {
  return `${page.protocol === 'https:' ? 'wss:' : 'ws:'}//${page.host}/ws`;
}

/** Opens a body sealed for this site; null when it does not open. */
export function openBody(body: string, siteId: string): { payload: unknown } | null {
  const opened = open(body);
  return opened.ok && opened.siteId === siteId ? { payload: opened.payload } : null;
}

/** A member message body as the session machine's event; null for anything else. */
export function toSessionEvent(body: string, siteId: string): SocketMessageEvent | null {
  const payload = openBody(body, siteId)?.payload as Partial<Record<keyof SocketMessage, unknown>> | undefined;
  if (!payload || typeof payload !== 'object' || typeof payload.cmd !== 'string') return null;
  const data1 = asData(payload.data1);
  const data2 = asData(payload.data2);
  if (data1 === undefined || data2 === undefined) return null;
  return { type: 'socket.message', cmd: payload.cmd, data1, data2 };
}

function asData(value: unknown): string | number | null | undefined {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/**
 * Connects a client set up by `setup`; answers the function that stops it. The STOMP library is its own
 * chunk, fetched on the first connection (guests on the main page never load it).
 */
function connect(connectHeaders: Record<string, string>, setup: (client: Client) => void): () => void {
  let client: Client | null = null;
  let stopped = false;
  void import('@stomp/stompjs').then(({ Client }) => {
    if (stopped) return;
    client = new Client({
      brokerURL: brokerUrl(),
      connectHeaders,
      reconnectDelay: RECONNECT_DELAY_MS,
      heartbeatIncoming: HEART_BEAT_MS,
      heartbeatOutgoing: HEART_BEAT_MS,
    });
    setup(client);
    client.activate();
  });
  return () => {
    stopped = true;
    void client?.deactivate();
  };
}

/**
 * The session machine's `realtime` actor: listens on the member topic of the token and sends
 * `socket.message` per message and `socket.reconnected` on every connect after the first (the machine
 * then re-reads member info, since messages may have been missed while disconnected). The input matches
 * the session machine's TokenInput; an empty token connects as a guest and subscribes to nothing.
 */
export const realtimeActor = fromCallback<EventObject, { token: string }>(({ sendBack, input }) => {
  const token = input.token || null;
  let connects = 0;
  return connect(token ? { token } : {}, (client) => {
    client.onConnect = () => {
      // Subscriptions die with the connection, so each (re)connect subscribes again.
      if (token) {
        client.subscribe(MEMBER_TOPIC_PREFIX + token, (frame: IMessage) => {
          const event = toSessionEvent(frame.body, SITE_ID);
          if (event) sendBack(event);
        });
      }
      connects += 1;
      if (connects > 1) sendBack({ type: 'socket.reconnected' } satisfies RealtimeEvent);
    };
  });
});

/**
 * Listens to a public feed (a destination under /topic/, e.g. /topic/cash or /topic/powerball/...)
 * on a guest connection of its own; returns the function that stops it.
 */
export function subscribePublic(destination: string, onBody: (body: unknown) => void): () => void {
  return connect({}, (client) => {
    client.onConnect = () => {
      client.subscribe(destination, (frame: IMessage) => {
        const opened = openBody(frame.body, SITE_ID);
        if (opened) onBody(opened.payload);
      });
    };
  });
}
