/**
 * The tab's one real-time connection: STOMP 1.2 over WebSocket to /ws on the page's own host
 * (@stomp/stompjs). It carries the member topic while the session is signed in and every public feed
 * a screen listens to, and is open only while there is something to listen to.
 *
 * The broker knows a member by the token of the CONNECT frame, so signing in or out reconnects the
 * same client with the new identity: the old socket closes before the new one opens, and the member
 * topic and every feed are subscribed again on it. Member frames become typed events (frames.ts),
 * handed to `emit`; a public topic is subscribed by its name in contract/topics.ts, and its listeners get
 * each payload decoded by that topic's decoder (one that does not decode reaches nobody).
 *
 * @stomp/stompjs is fetched with the tab's first use of the connection, so a guest who listens to
 * nothing never downloads it (issue 7).
 */
import type { Client, IMessage, StompSubscription } from '@stomp/stompjs';
import { memberTopic, publicTopic, type PublicTopicName, type TopicArgs, type TopicPayload } from '../../contract/topics';
import { SITE_ID } from '../api/siteId';
import { emitRealtimeEvent, type RealtimeEvent } from './events';
import { openBody, readMemberBody } from './frames';

const RECONNECT_DELAY_MS = 5_000;
const HEART_BEAT_MS = 10_000;

/** ws: or wss: (matching the page) to /ws on the page's host, so the dev proxy and production both work. */
export function brokerUrl(page: Pick<Location, 'protocol' | 'host'> = location): string {
  return `${page.protocol === 'https:' ? 'wss:' : 'ws:'}//${page.host}/ws`;
}

export interface ConnectionOptions {
  /** @stomp/stompjs's Client, handed in by whoever loaded it. */
  Client: typeof Client;
  brokerURL: string;
  siteId: string;
  emit(event: RealtimeEvent): void;
}

type FeedListener = { onPayload(payload: unknown): void };

export class RealtimeConnection {
  private readonly client: Client;
  private token: string | null = null;
  /**
   * The last member event number this identity has seen: each (re)subscription asks the broker for the
   * events after it (so none published while the socket was down, or before it was up, is lost), and a
   * frame given twice is dropped.
   */
  private lastSeq: number | null = null;
  /** destination -> one entry per subscribeTopic call still listening */
  private readonly feeds = new Map<string, Set<FeedListener>>();
  /** destination -> its subscription on the current socket (gone with the socket) */
  private readonly onWire = new Map<string, StompSubscription>();
  /** Connects made with the current identity: from the second on, each is a reconnect after a drop. */
  private connects = 0;

  constructor(private readonly options: ConnectionOptions) {
    this.client = new options.Client({
      brokerURL: options.brokerURL,
      reconnectDelay: RECONNECT_DELAY_MS,
      heartbeatIncoming: HEART_BEAT_MS,
      heartbeatOutgoing: HEART_BEAT_MS,
    });
    this.client.onConnect = () => this.onConnect();
  }

  /**
   * Carries the member topic of `token` until the returned function is called (the session does this
   * while signed in). One member at a time: a new token replaces the previous one.
   */
  listenAsMember(token: string, since: number | null = null): () => void {
    this.setToken(token, since);
    return () => {
      if (this.token === token) this.setToken(null, null);
    };
  }

  /**
   * Listens to a public topic (`subscribeTopic('miniRounds', ['powerball'], onRound)`); returns the
   * function that stops listening. Listeners of one destination share one subscription, which follows
   * reconnects.
   */
  subscribeTopic<K extends PublicTopicName>(name: K, args: TopicArgs<K>, onPayload: (payload: TopicPayload<K>) => void): () => void {
    const topic = publicTopic(name);
    const destination = topic.destination(...args);
    const listener: FeedListener = {
      onPayload(payload) {
        const decoded = topic.decode(payload);
        if (decoded !== null) onPayload(decoded);
      },
    };
    const listeners = this.feeds.get(destination) ?? new Set();
    this.feeds.set(destination, listeners);
    listeners.add(listener);
    if (listeners.size === 1 && this.client.connected) this.subscribeFeed(destination);
    this.openOrClose();
    return () => {
      if (!listeners.delete(listener) || listeners.size > 0) return;
      this.feeds.delete(destination);
      if (this.client.connected) this.onWire.get(destination)?.unsubscribe();
      this.onWire.delete(destination);
      this.openOrClose();
    };
  }

  private setToken(token: string | null, since: number | null): void {
    if (token === this.token) return;
    this.token = token;
    this.lastSeq = since;
    this.connects = 0;
    this.client.connectHeaders = token ? { token } : {};
    // The broker reads the identity at CONNECT: close this socket; openOrClose opens the next one after.
    if (this.client.active) void this.client.deactivate();
    this.openOrClose();
  }

  /** Open while a member or a feed listens; closed otherwise. */
  private openOrClose(): void {
    if (this.token !== null || this.feeds.size > 0) this.client.activate();
    else void this.client.deactivate();
  }

  private onConnect(): void {
    // Subscriptions die with the socket, so each connect subscribes everything again.
    this.onWire.clear();
    if (this.token !== null) {
      this.client.subscribe(memberTopic(this.token), (frame: IMessage) => {
        const read = readMemberBody(frame.body, this.options.siteId);
        if (!read) return;
        if (read.seq !== null) {
          if (this.lastSeq !== null && read.seq <= this.lastSeq) return;
          this.lastSeq = read.seq;
        }
        if (read.event) this.options.emit(read.event);
      }, this.lastSeq === null ? {} : { since: String(this.lastSeq) });
    }
    for (const destination of this.feeds.keys()) this.subscribeFeed(destination);
    this.connects += 1;
    // Messages may have been missed while the socket was down.
    if (this.connects > 1) this.options.emit({ type: 'realtime.reconnected' });
  }

  private subscribeFeed(destination: string): void {
    this.onWire.set(destination, this.client.subscribe(destination, (frame: IMessage) => {
      const opened = openBody(frame.body, this.options.siteId);
      if (!opened) return;
      for (const listener of [...(this.feeds.get(destination) ?? [])]) listener.onPayload(opened.payload);
    }));
  }
}

let shared: Promise<RealtimeConnection> | null = null;

/**
 * Runs `listen` on the tab's connection, created (and STOMP loaded) on first use, and answers the
 * function that stops it at once, whether or not the connection was ready yet.
 */
function onConnection(listen: (connection: RealtimeConnection) => () => void): () => void {
  shared ??= import('@stomp/stompjs').then(
    ({ Client }) => new RealtimeConnection({ Client, brokerURL: brokerUrl(), siteId: SITE_ID, emit: emitRealtimeEvent }),
  );
  let stop: (() => void) | null = null;
  let stopped = false;
  void shared.then((connection) => {
    if (!stopped) stop = listen(connection);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

/** See RealtimeConnection.listenAsMember: the session's member topic on the tab's connection. */
export function listenAsMember(token: string, since: number | null): () => void {
  return onConnection((connection) => connection.listenAsMember(token, since));
}

/** See RealtimeConnection.subscribeTopic: a public topic on the tab's connection. */
export function subscribeTopic<K extends PublicTopicName>(name: K, args: TopicArgs<K>, onPayload: (payload: TopicPayload<K>) => void): () => void {
  return onConnection((connection) => connection.subscribeTopic(name, args, onPayload));
}
