/**
 * The fault switch (tests only): absent unless FEED_FAULTS=1 and refused in production; when set, what the
 * feed serves is delayed, loses messages, repeats them or swaps them, and the log itself stays whole.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedMessage } from '../../contract/oddsFeed';
import { createFeedPlugin } from '../../oddsFeed/app';
import { loadFeedSettings } from '../../oddsFeed/config';
import { createFaults } from '../../oddsFeed/faults';
import { OPERATOR, SECRET, signedHeaders, startFeed, type TestFeed } from './harness';

let feed: TestFeed;
/** A repeating sequence of draws: the switch fires where the draw is below its rate. */
function draws(values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length]!;
}

beforeAll(async () => {
  feed = await startFeed({ random: draws([0.05, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9]) });
  await feed.handle.engine.tick();
});
afterAll(async () => { await feed.close(); });

const seqs = (messages: FeedMessage[]) => messages.map((m) => m.seq);

describe('the fault switch', () => {
  it('is refused in production and absent unless FEED_FAULTS=1', async () => {
    expect(() => loadFeedSettings({ FEED_FAULTS: '1', NODE_ENV: 'production' })).toThrow(/refused when NODE_ENV=production/);
    expect(() => loadFeedSettings({ FEED_FAULTS: 'yes' })).toThrow(/FEED_FAULTS/);
    const { plugin } = createFeedPlugin({ database: feed.database, operators: { [OPERATOR]: SECRET }, settings: loadFeedSettings({}), mountPrefix: null, leagues: [] });
    const plain = Fastify();
    await plain.register(plugin);
    const body = JSON.stringify({ dropRate: 1 });
    const response = await plain.inject({ method: 'POST', url: '/api/v1/test/faults', payload: body, headers: signedHeaders('/api/v1/test/faults', body) });
    expect(response.statusCode).toBe(404);
    await plain.close();
  });

  it('needs a signature and well-formed values', async () => {
    const unsigned = await feed.app.inject({ method: 'POST', url: '/api/v1/test/faults', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(401);
    expect((await feed.call('/test/faults', { dropRate: 2 })).body).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect((await feed.raw('/api/v1/test/faults', '{"explode":true}')).json).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await feed.ok('/test/faults', {})).toEqual({ faults: { delayMs: 0, dropRate: 0, duplicateRate: 0, reorderRate: 0 } });
  });

  it('drops, duplicates and reorders what it serves, never the log', async () => {
    const whole = await feed.ok('/messages', { after: 0, limit: 14 });
    expect(seqs(whole.messages)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);

    await feed.ok('/test/faults', { dropRate: 0.1 });
    const dropped = await feed.ok('/messages', { after: 0, limit: 14 });
    expect(dropped.messages.length).toBeLessThan(14);
    // The cursor is the last served: a consumer sees the gap in seq and asks again.
    expect(dropped.cursor).toBe(Math.max(...seqs(dropped.messages)));
    const gaps = seqs(dropped.messages).filter((s, i, all) => i > 0 && s !== all[i - 1]! + 1);
    expect(gaps.length).toBeGreaterThan(0);

    await feed.ok('/test/faults', { dropRate: 0, duplicateRate: 0.1 });
    const doubled = await feed.ok('/messages', { after: 0, limit: 14 });
    expect(doubled.messages.length).toBeGreaterThan(14);
    expect(new Set(seqs(doubled.messages)).size).toBe(14);

    await feed.ok('/test/faults', { duplicateRate: 0, reorderRate: 0.1 });
    const swapped = await feed.ok('/messages', { after: 0, limit: 14 });
    expect(seqs(swapped.messages)).not.toEqual(seqs(whole.messages));
    expect([...seqs(swapped.messages)].sort((a, b) => a - b)).toEqual(seqs(whole.messages));

    // The log is untouched: with the switch off, the same messages as before.
    await feed.ok('/test/faults', { reorderRate: 0 });
    expect(await feed.ok('/messages', { after: 0, limit: 14 })).toEqual(whole);
  });

  it('delays what it serves', async () => {
    await feed.ok('/test/faults', { delayMs: 300 });
    const started = performance.now();
    await feed.ok('/messages', { after: 0, limit: 1 });
    // A lower bound only: a delay of 300 ms cannot answer sooner.
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await feed.ok('/test/faults', { delayMs: 0 });
  });

  it('applies rates as drawn', () => {
    const message = (seq: number) => ({ seq, at: '', type: 'score' }) as unknown as FeedMessage;
    const faults = createFaults(draws([0.5]));
    faults.set({ dropRate: 0.6 });
    expect(faults.apply([message(1), message(2)])).toEqual([]);
    faults.set({ dropRate: 0.4, duplicateRate: 0.6 });
    expect(seqs(faults.apply([message(1), message(2)]))).toEqual([1, 1, 2, 2]);
    faults.set({ duplicateRate: 0, reorderRate: 0.6 });
    expect(seqs(faults.apply([message(1), message(2), message(3)]))).toEqual([2, 1, 3]);
  });
});
