/**
 * The push channel over a real socket: every message after the cursor, then each new one as it is written, in
 * order; refusals before the upgrade (signature, bad cursor, expired cursor) in the API's shape.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FEED_STREAM_PATH, feedStreamSignedBody, type FeedMessage } from '../../contract/oddsFeed';
import { vendorSignature } from '../../contract/gameProviderSigning';
import { at, OPERATOR, SECRET, startFeed, type TestFeed } from './harness';

let feed: TestFeed;
let base: string;

beforeAll(async () => {
  feed = await startFeed({ start: at(11, 58) });
  await feed.handle.engine.tick();
  await feed.app.listen({ port: 0, host: '127.0.0.1' });
  const address = feed.app.server.address();
  base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => { await feed.close(); });

function streamUrl(after: number | string, secret = SECRET, timestamp = Date.now()): string {
  const signature = vendorSignature(secret, String(timestamp), FEED_STREAM_PATH, feedStreamSignedBody(Number(after)));
  return `${base}${FEED_STREAM_PATH}?after=${after}&operator=${OPERATOR}&timestamp=${timestamp}&signature=${signature}`;
}

/** Opens a stream and collects its messages until `until` says enough. */
function collect(url: string, until: (messages: FeedMessage[]) => boolean): Promise<{ messages: FeedMessage[]; socket: WebSocket }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const messages: FeedMessage[] = [];
    socket.on('message', (data) => {
      messages.push(JSON.parse(String(data)) as FeedMessage);
      if (until(messages)) resolve({ messages, socket });
    });
    socket.on('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    socket.on('error', reject);
  });
}

/** An upgrade request on a plain socket: the HTTP answer a refusal gives, status and JSON body. */
function refusal(url: string): Promise<{ status: number; body: unknown }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(target.port), '127.0.0.1', () => socket.write([
      `GET ${target.pathname}${target.search} HTTP/1.1`, 'Host: 127.0.0.1', 'Upgrade: websocket', 'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Version: 13', '', '',
    ].join('\r\n')));
    let text = '';
    socket.on('data', (chunk) => { text += String(chunk); });
    socket.on('end', () => {
      const [head, body] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1] ?? 0), body: JSON.parse(body ?? 'null') as unknown });
    });
    socket.on('error', reject);
  });
}

describe('the stream', () => {
  it('sends every message after the cursor, then each new one in order', async () => {
    const { cursor } = await feed.ok('/snapshot', {});
    const backlog = await collect(streamUrl(10), (m) => m.length >= cursor - 10);
    expect(backlog.messages.map((m) => m.seq)).toEqual(Array.from({ length: cursor - 10 }, (_, i) => 11 + i));
    // Kick-off at 12:00 writes new messages; they come down the open socket.
    const more = new Promise<FeedMessage[]>((resolve) => {
      const seen: FeedMessage[] = [];
      backlog.socket.on('message', (data) => {
        seen.push(JSON.parse(String(data)) as FeedMessage);
        if (seen.some((m) => m.type === 'fixture' && m.fixture.status === 'live')) resolve(seen);
      });
    });
    feed.clock.advance(3 * 60_000);
    await feed.handle.engine.tick();
    const live = await more;
    expect(live.map((m) => m.seq)).toEqual(live.map((_, i) => cursor + 1 + i));
    backlog.socket.close();
  });

  it('refuses a bad signature, a stale one, a bad cursor and an expired one before the upgrade', async () => {
    expect(await refusal(streamUrl(0, 'not-the-secret-0000000000000'))).toMatchObject({ status: 401, body: { ok: false, code: 'SIGNATURE' } });
    expect(await refusal(streamUrl(0, SECRET, Date.now() - 120_000))).toMatchObject({ status: 401, body: { code: 'CLOCK_SKEW' } });
    expect(await refusal(streamUrl(1e12))).toMatchObject({ status: 410, body: { code: 'CURSOR_EXPIRED' } });
    expect(await refusal(`${base}${FEED_STREAM_PATH}?after=x`)).toMatchObject({ status: 401, body: { code: 'SIGNATURE' } });
    expect(await refusal(`${base}/api/v1/elsewhere`)).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    // Keep the last ten messages only: a cursor before them is expired, one among them is not.
    const { cursor } = await feed.ok('/snapshot', {});
    await feed.handle.log.prune(feed.clock.now(), { hours: 48, messages: 10 });
    expect(await refusal(streamUrl(1))).toMatchObject({ status: 410, body: { code: 'CURSOR_EXPIRED' } });
    const tail = await collect(streamUrl(cursor - 10), (m) => m.length === 10);
    expect(tail.messages.map((m) => m.seq)).toEqual(Array.from({ length: 10 }, (_, i) => cursor - 9 + i));
    tail.socket.close();
  });
});
