/**
 * The one way the site reaches an odds feed: an interface, and its implementation for the house feed's signed
 * HTTP API (contract/oddsFeed.ts; nothing of oddsFeed/ is imported). A commercial feed would be another
 * implementation of the same interface, mapping its own messages to FeedMessage.
 *
 * Every call is a signed POST like the game vendor's (contract/gameProviderSigning.ts, with the FEED_HEADERS
 * names); the push channel is a WebSocket signed in its query string.
 */
import WebSocket from 'ws';
import {
  FEED_API_PREFIX, FEED_HEADERS, FEED_STREAM_PATH, type FeedCalls, type FeedCode, type FeedFixtureState, type FeedMessage, type FeedMessages,
  type FeedPath, type FeedSettings, type FeedSnapshot, feedStreamSignedBody,
} from '../../contract/oddsFeed';
import { signedCallHeaders, vendorSignature } from '../../contract/gameProviderSigning';

/** The feed refused the call with its code (CURSOR_EXPIRED: take a snapshot). */
export class FeedRefused extends Error {
  override name = 'FeedRefused';
  constructor(readonly code: FeedCode, message: string) {
    super(`${code}: ${message}`);
  }
}

/** No definite answer (timeout, connection lost, unreadable answer). */
export class FeedUnreachable extends Error {
  override name = 'FeedUnreachable';
}

export interface FeedStream {
  close(): void;
}

export interface OddsFeedAdapter {
  /** The whole current state and the cursor it is as of. */
  snapshot(): Promise<FeedSnapshot>;
  /** The messages after `after`, waiting up to `waitMs` for the first (a long poll); FeedRefused CURSOR_EXPIRED when too old. */
  messages(after: number, waitMs: number, options?: { limit?: number; signal?: AbortSignal }): Promise<FeedMessages>;
  /** Every message after `after`, then each new one; `onClose` when the channel ends (the consumer falls back to `messages`). */
  stream(after: number, onMessage: (message: FeedMessage) => void, onClose: (error?: Error) => void): FeedStream;
  /** One fixture's whole state now (a consumer that lost track of it, or an operator's look). */
  fixture(fixtureId: string): Promise<FeedFixtureState>;
  /** Changes the feed's settings (margins per family, live margin, speed per league); answers them all. */
  settings(change: Partial<FeedSettings>): Promise<FeedSettings>;
}

export interface HttpFeedOptions {
  /** The feed's base address (FEED_URL), asked per call (a mounted feed's port is known once the server listens). */
  url: string | (() => string);
  operator: string;
  secret: string;
  /** Per call, on top of a long poll's wait (default 5 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createHttpFeedAdapter(options: HttpFeedOptions): OddsFeedAdapter {
  const { operator, secret, timeoutMs = 5_000 } = options;
  const baseUrl = typeof options.url === 'string' ? () => options.url as string : options.url;
  const doFetch = options.fetch ?? fetch;

  async function call<P extends Exclude<FeedPath, '/test/faults'>>(path: P, body: FeedCalls[P]['body'], extraMs = 0, signal?: AbortSignal): Promise<FeedCalls[P]['answer']> {
    const text = JSON.stringify(body);
    let response: Response;
    let answer: { ok?: unknown; code?: unknown; message?: unknown };
    try {
      response = await doFetch(`${baseUrl()}${FEED_API_PREFIX}${path}`, {
        method: 'POST',
        body: text,
        headers: signedCallHeaders(FEED_HEADERS, operator, secret, `${FEED_API_PREFIX}${path}`, text),
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs + extraMs)]) : AbortSignal.timeout(timeoutMs + extraMs),
      });
      answer = await response.json() as typeof answer;
    } catch (error) {
      throw new FeedUnreachable(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (answer.ok === true) return answer as unknown as FeedCalls[P]['answer'];
    if (typeof answer.code !== 'string') throw new FeedUnreachable(`${path}: HTTP ${response.status} without a code`);
    throw new FeedRefused(answer.code as FeedCode, typeof answer.message === 'string' ? answer.message : '');
  }

  return {
    snapshot: () => call('/snapshot', {}),
    messages: (after, waitMs, options = {}) => call('/messages', { after, waitMs, ...(options.limit ? { limit: options.limit } : {}) }, waitMs, options.signal),
    fixture: (fixtureId) => call('/fixture', { fixtureId }),
    settings: async (change) => (await call('/settings', change)).settings,
    stream(after, onMessage, onClose) {
      const timestamp = String(Date.now());
      const path = FEED_STREAM_PATH;
      const signature = vendorSignature(secret, timestamp, path, feedStreamSignedBody(after));
      const query = new URLSearchParams({ after: String(after), operator, timestamp, signature });
      const socket = new WebSocket(`${baseUrl().replace(/^http/, 'ws')}${path}?${query}`);
      let closed = false;
      const end = (error?: Error) => {
        if (closed) return;
        closed = true;
        onClose(error);
      };
      socket.on('message', (data) => {
        try {
          onMessage(JSON.parse(String(data)) as FeedMessage);
        } catch (error) {
          socket.terminate();
          end(error instanceof Error ? error : new Error(String(error)));
        }
      });
      socket.on('error', (error) => end(error));
      socket.on('close', () => end());
      return { close: () => { closed = true; socket.terminate(); } };
    },
  };
}
