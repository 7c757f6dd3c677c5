/** The feed's signed API: signatures, bad input, cursor paging, the long poll, CURSOR_EXPIRED, snapshot = replay. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedMessage, FeedSnapshot } from '../../contract/oddsFeed';
import { at, signedHeaders, startFeed, type TestFeed } from './harness';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startFeed({ leagues: ['kleague1', 'hleague'], start: at(12, 10) });
  await feed.handle.engine.tick();
});
afterAll(async () => { await feed.close(); });

/** The state a consumer gets by applying every message in order (each the whole state of its subject). */
function replay(messages: FeedMessage[]): Omit<FeedSnapshot, 'cursor'> {
  const subjects = new Map<string, FeedMessage>();
  for (const m of messages) {
    const key = m.type === 'fixture' ? `f:${m.fixture.fixtureId}` : m.type === 'market' ? `m:${m.market.marketId}`
      : m.type === 'score' ? `s:${m.score.fixtureId}` : `r:${m.result.fixtureId}`;
    subjects.delete(key);
    subjects.set(key, m);
  }
  const out: Omit<FeedSnapshot, 'cursor'> = { fixtures: [], markets: [], scores: [], results: [] };
  for (const m of [...subjects.values()].sort((a, b) => a.seq - b.seq)) {
    if (m.type === 'fixture') out.fixtures.push(m.fixture);
    else if (m.type === 'market') out.markets.push(m.market);
    else if (m.type === 'score') out.scores.push(m.score);
    else out.results.push(m.result);
  }
  return out;
}

describe('signatures', () => {
  it('refuses an unsigned call, a wrong secret, an unknown operator, another path signed and a stale timestamp', async () => {
    const body = '{}';
    const unsigned = await feed.app.inject({ method: 'POST', url: '/api/v1/snapshot', payload: body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ ok: false, code: 'SIGNATURE' });
    expect((await feed.raw('/api/v1/snapshot', body, { secret: 'not-the-secret-000000000000' })).json).toMatchObject({ ok: false, code: 'SIGNATURE' });
    expect((await feed.raw('/api/v1/snapshot', body, { operator: 'nobody' })).json).toMatchObject({ ok: false, code: 'SIGNATURE' });
    expect((await feed.raw('/api/v1/snapshot', body, { signedPath: '/api/v1/messages' })).json).toMatchObject({ ok: false, code: 'SIGNATURE' });
    const stale = await feed.raw('/api/v1/snapshot', body, { timestamp: Date.now() - 120_000 });
    expect(stale).toMatchObject({ status: 401, json: { ok: false, code: 'CLOCK_SKEW' } });
    // A signature over other bytes than those sent.
    const response = await feed.app.inject({ method: 'POST', url: '/api/v1/snapshot', payload: '{ }', headers: signedHeaders('/api/v1/snapshot', '{}') });
    expect(response.json()).toMatchObject({ ok: false, code: 'SIGNATURE' });
  });

  it('answers every operator it knows', async () => {
    const answer = await feed.call('/snapshot', {}, { operator: 'other', secret: 'other-operator-secret-0123456789' });
    expect(answer.body.ok).toBe(true);
  });
});

describe('bad input', () => {
  it('answers BAD_REQUEST, never a 500', async () => {
    const bad = ['not json', '[]', '{"after":-1}', '{"after":1.5}', '{"after":"1"}', '{"after":0,"limit":1001}', '{"after":0,"waitMs":25001}', '{"after":0,"extra":1}', '{}'];
    for (const body of bad) {
      const answer = await feed.raw('/api/v1/messages', body);
      expect(answer, body).toMatchObject({ status: 400, json: { ok: false, code: 'BAD_REQUEST' } });
    }
    expect((await feed.raw('/api/v1/fixture', JSON.stringify({ fixtureId: 'x'.repeat(500) }))).json).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await feed.raw('/api/v1/settings', JSON.stringify({ speed: { nowhere: 2 } }))).json).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await feed.raw('/api/v1/settings', JSON.stringify({ marginsBp: { winloose: -5 } }))).json).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await feed.raw('/api/v1/admin/correct', JSON.stringify({ fixtureId: 'kleague1-x', score: { home: 1 } }))).json).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await feed.raw('/api/v1/nothing', '{}')).json).toMatchObject({ code: 'BAD_REQUEST' });
    const get = await feed.app.inject({ method: 'GET', url: '/api/v1/snapshot' });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect((await feed.call('/fixture', { fixtureId: 'kleague1-190001010000' })).body).toMatchObject({ ok: false, code: 'UNKNOWN_FIXTURE' });
  });
});

describe('the log', () => {
  it('pages after a cursor in order, without gaps', async () => {
    const first = await feed.ok('/messages', { after: 0, limit: 7 });
    expect(first.messages).toHaveLength(7);
    expect(first.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(first.cursor).toBe(7);
    const next = await feed.ok('/messages', { after: first.cursor, limit: 5 });
    expect(next.messages.map((m) => m.seq)).toEqual([8, 9, 10, 11, 12]);
    const all = await feed.allMessages();
    expect(all.map((m) => m.seq)).toEqual(all.map((_, i) => i + 1));
    // Every sport's fixtures came with their pre-match markets, committed to a seed by its hash.
    const fixtures = all.filter((m) => m.type === 'fixture').map((m) => m.fixture);
    expect(new Set(fixtures.map((f) => f.sport))).toEqual(new Set(['soccer', 'handball']));
    for (const f of fixtures) expect(f.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(all.some((m) => m.type === 'market' && !m.market.live && m.market.status === 'open')).toBe(true);
  });

  it('answers a long poll when a message arrives', async () => {
    const { cursor } = await feed.ok('/snapshot', {});
    const started = feed.call('/messages', { after: cursor, waitMs: 20_000 });
    let answered = false;
    void started.then(() => { answered = true; });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    feed.clock.advance(60_000);
    await feed.handle.engine.tick();
    const answer = await started;
    expect(answer.body.ok).toBe(true);
    if (!answer.body.ok) return;
    expect(answer.body.messages.length).toBeGreaterThan(0);
    expect(answer.body.messages[0]!.seq).toBe(cursor + 1);
  });

  it('answers an empty page when the wait runs out', async () => {
    const { cursor } = await feed.ok('/snapshot', {});
    expect(await feed.ok('/messages', { after: cursor, waitMs: 50 })).toEqual({ cursor, messages: [] });
  });

  it('the snapshot is the log replayed, and a fixture call is its part of it', async () => {
    await feed.play(10 * 60_000, 30_000);
    const snapshot = await feed.ok('/snapshot', {});
    const messages = await feed.allMessages();
    expect(snapshot.cursor).toBe(messages[messages.length - 1]!.seq);
    const { cursor: _cursor, ...state } = snapshot;
    expect(state).toEqual(replay(messages));
    expect(snapshot.scores.length).toBeGreaterThan(0);
    const live = snapshot.fixtures.find((f) => f.status === 'live')!;
    const one = await feed.ok('/fixture', { fixtureId: live.fixtureId });
    expect(one.fixture).toEqual(live);
    expect(one.markets).toEqual(snapshot.markets.filter((m) => m.fixtureId === live.fixtureId));
    expect(one.score).toEqual(snapshot.scores.find((s) => s.fixtureId === live.fixtureId));
  });

  it('answers CURSOR_EXPIRED for a cursor older than the log kept, or one it never issued', async () => {
    const { cursor } = await feed.ok('/snapshot', {});
    expect((await feed.call('/messages', { after: cursor + 1 })).body).toMatchObject({ ok: false, code: 'CURSOR_EXPIRED' });
    // Keep only the newer half of the log: the older half goes.
    const keep = Math.floor(cursor / 2);
    const pruned = await feed.handle.log.prune(feed.clock.now(), { hours: 48, messages: keep });
    expect(pruned).toBe(cursor - keep);
    const expired = await feed.call('/messages', { after: 5 });
    expect(expired).toMatchObject({ status: 410, body: { ok: false, code: 'CURSOR_EXPIRED' } });
    const kept = await feed.ok('/messages', { after: cursor - keep, limit: 1 });
    expect(kept.messages[0]!.seq).toBe(cursor - keep + 1);
    // Older than the hours kept.
    feed.clock.advance(49 * 3_600_000);
    await feed.handle.log.prune(feed.clock.now(), { hours: 48, messages: 1_000_000 });
    expect((await feed.call('/messages', { after: cursor - 1 })).body).toMatchObject({ ok: false, code: 'CURSOR_EXPIRED' });
    expect((await feed.ok('/messages', { after: cursor })).messages).toEqual([]);
  });
});
