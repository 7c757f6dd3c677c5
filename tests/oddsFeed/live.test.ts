/**
 * A match in play driven to its end by the test's clock: scores with increasing scoreSeq, live markets
 * suspended and reopened with increasing versions, pre-match markets closed at kick-off, a final result that
 * the revealed seed reproduces, a correction as revision 2, a cancellation with every selection void, and a
 * restart (a new plugin on the same database) that resumes the same log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedMarket, FeedMessage, FeedResult, FeedScore } from '../../contract/oddsFeed';
import { hashSeed, verifyFixture } from '../../oddsFeed/model';
import { at, startFeed, type TestFeed } from './harness';

let feed: TestFeed;
const FIXTURE = 'kleague1-202611281200';
const forFixture = (messages: FeedMessage[], id: string) => messages.filter((m) =>
  (m.type === 'fixture' && m.fixture.fixtureId === id) || (m.type === 'market' && m.market.fixtureId === id)
  || (m.type === 'score' && m.score.fixtureId === id) || (m.type === 'result' && m.result.fixtureId === id));

beforeAll(async () => {
  // 11:50: the 12:00 match is ten minutes from kick-off.
  feed = await startFeed({ leagues: ['kleague1'], start: at(11, 50) });
  await feed.handle.engine.tick();
  // Sixty seconds of play per real second.
  await feed.ok('/settings', { speed: { kleague1: 60 } });
});
afterAll(async () => { await feed.close(); });

describe('a match in play', () => {
  it('opens with pre-match prices and its seed committed', async () => {
    const state = await feed.ok('/fixture', { fixtureId: FIXTURE });
    expect(state.fixture).toMatchObject({ status: 'scheduled', sport: 'soccer', virtual: false, version: 1 });
    expect(state.fixture.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(state.fixture.model.kind).toBe('goals');
    expect(state.markets.length).toBeGreaterThan(3);
    expect(state.markets.every((m) => !m.live && m.status === 'open' && m.scoreSeq === 0)).toBe(true);
    const winner = state.markets.find((m) => m.kind === 'winner3' && m.period === 'match')!;
    expect(winner.selections.map((s) => s.key).sort()).toEqual(['away', 'draw', 'home']);
    // The margin: prices below the fair odds.
    for (const s of winner.selections) expect(s.oddsCents).toBeLessThan(100_000_000 / s.fairPpm);
    expect(state.score).toBeNull();
  });

  it('kicks off, plays to the end and settles', async () => {
    const { cursor } = await feed.ok('/snapshot', {});
    // 10 minutes to kick-off, then about 100 minutes of play at 60×: two minutes in 2-second steps.
    await feed.play(10 * 60_000, 60_000);
    await feed.play(120_000, 2_000);
    const messages = forFixture(await feed.allMessages(cursor), FIXTURE);

    const fixtures = messages.flatMap((m) => (m.type === 'fixture' ? [m.fixture] : []));
    expect(fixtures.map((f) => f.status)).toEqual(['live', 'ended']);
    expect(fixtures.map((f) => f.version)).toEqual([2, 3]);

    // Pre-match markets closed at kick-off, before the live ones opened.
    const kickOff = messages.findIndex((m) => m.type === 'fixture');
    const prematch = messages.flatMap((m) => (m.type === 'market' && !m.market.live ? [m.market] : []));
    expect(prematch.length).toBeGreaterThan(0);
    expect(prematch.every((m) => m.status === 'closed' && m.version === 2)).toBe(true);
    expect(messages.slice(0, kickOff).every((m) => m.type === 'market' && !m.market.live)).toBe(true);

    // Scores: one per event, scoreSeq 0 at kick-off and up by one each time.
    const scores = messages.flatMap((m) => (m.type === 'score' ? [m.score] : []));
    expect(scores.map((s) => s.scoreSeq)).toEqual(scores.map((_, i) => i));
    expect(scores[0]).toMatchObject({ home: 0, away: 0, event: null });

    // Live markets: every version one more than the last; suspended after a goal, then open again.
    const byMarket = new Map<string, FeedMarket[]>();
    for (const m of messages) if (m.type === 'market' && m.market.live) byMarket.set(m.market.marketId, [...(byMarket.get(m.market.marketId) ?? []), m.market]);
    expect(byMarket.size).toBeGreaterThan(0);
    for (const list of byMarket.values()) {
      expect(list.map((m) => m.version)).toEqual(list.map((_, i) => list[0]!.version + i));
      expect(list[list.length - 1]!.status).toBe('closed');
      const seqs = list.map((m) => m.scoreSeq);
      expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    }
    const goals = scores.filter((s) => s.event?.type === 'goal');
    const main = byMarket.get(`${FIXTURE}.l.winner3.match`)!;
    if (goals.length > 0) {
      const statuses = main.map((m) => m.status).join(' ');
      expect(statuses).toMatch(/open suspended open/);
      // Reopened at the score after the goal.
      const reopened = main[main.findIndex((m) => m.status === 'suspended') + 1]!;
      expect(reopened.scoreSeq).toBeGreaterThanOrEqual(goals[0]!.scoreSeq);
    }
    // The goal comes before its suspension.
    const firstGoal = messages.findIndex((m) => m.type === 'score' && m.score.event?.type === 'goal');
    const firstSuspension = messages.findIndex((m) => m.type === 'market' && m.market.status === 'suspended');
    if (firstGoal >= 0) expect(firstSuspension).toBeGreaterThan(firstGoal);

    // The result: revision 1, the seed revealed, the score the seed plays to, every market settled.
    const results = messages.flatMap((m) => (m.type === 'result' ? [m.result] : []));
    expect(results).toHaveLength(1);
    const result = results[0]!;
    const fixture = fixtures[1]!;
    expect(result).toMatchObject({ revision: 1, status: 'final' });
    expect(hashSeed(result.seed!)).toBe(fixture.seedHash);
    const verified = verifyFixture(fixture.model, fixture.sport, result.seed!, fixture.seedHash);
    expect(verified.ok).toBe(true);
    expect({ home: result.score.home, away: result.score.away, periods: result.score.periods })
      .toEqual({ home: verified.final.home, away: verified.final.away, periods: verified.final.periods });
    expect(result.score).toMatchObject({ home: scores[scores.length - 1]!.home, away: scores[scores.length - 1]!.away });
    const all = (await feed.ok('/fixture', { fixtureId: FIXTURE })).markets;
    expect(result.markets.map((m) => m.marketId).sort()).toEqual(all.map((m) => m.marketId).sort());
    for (const market of all) {
      const outcomes = result.markets.find((r) => r.marketId === market.marketId)!.outcomes;
      expect(Object.keys(outcomes).sort()).toEqual(market.selections.map((s) => s.key).sort());
    }
    const winner = result.markets.find((m) => m.marketId === `${FIXTURE}.p.winner3.match`)!.outcomes;
    const regulation = result.score.periods.slice(0, 2).reduce((s, p) => ({ h: s.h + p.home, a: s.a + p.away }), { h: 0, a: 0 });
    const expected = regulation.h > regulation.a ? 'home' : regulation.h < regulation.a ? 'away' : 'draw';
    expect(Object.entries(winner).filter(([, o]) => o === 'win').map(([k]) => k)).toEqual([expected]);
  });

  it('publishes a correction as revision 2 with outcomes made again', async () => {
    const before = (await feed.ok('/fixture', { fixtureId: FIXTURE })).result!;
    // The score turned round: the home side's goals are the away side's.
    const swapped = { home: before.score.away + 1, away: before.score.home, periods: before.score.periods.map((p, i) => ({ home: p.away + (i === 0 ? 1 : 0), away: p.home })) };
    const { result } = await feed.ok('/admin/correct', { fixtureId: FIXTURE, score: swapped });
    expect(result).toMatchObject({ revision: 2, status: 'final', seed: before.seed, score: { home: swapped.home, away: swapped.away } });
    const winner = (r: FeedResult) => r.markets.find((m) => m.marketId === `${FIXTURE}.p.winner3.match`)!.outcomes;
    const h = swapped.periods.slice(0, 2).reduce((s, p) => s + p.home, 0);
    const a = swapped.periods.slice(0, 2).reduce((s, p) => s + p.away, 0);
    expect(winner(result)[h > a ? 'home' : h < a ? 'away' : 'draw']).toBe('win');
    const last = (await feed.allMessages((await feed.ok('/snapshot', {})).cursor - 1))[0]!;
    expect(last).toMatchObject({ type: 'result', result: { revision: 2 } });
    expect((await feed.ok('/fixture', { fixtureId: FIXTURE })).result).toEqual(result);
  });

  it('cancels a match with every selection void, and refuses what does not apply', async () => {
    const next = 'kleague1-202611281400';
    expect((await feed.call('/admin/correct', { fixtureId: next, score: { home: 1, away: 0, periods: [] } })).body).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect((await feed.call('/admin/cancel', { fixtureId: 'kleague1-203001010000', status: 'cancelled' })).body).toMatchObject({ ok: false, code: 'UNKNOWN_FIXTURE' });
    const { result } = await feed.ok('/admin/cancel', { fixtureId: next, status: 'postponed' });
    expect(result).toMatchObject({ revision: 1, status: 'postponed', seed: null });
    expect(result.markets.length).toBeGreaterThan(0);
    expect(result.markets.every((m) => Object.values(m.outcomes).every((o) => o === 'void'))).toBe(true);
    const state = await feed.ok('/fixture', { fixtureId: next });
    expect(state.fixture.status).toBe('postponed');
    expect(state.markets.every((m) => m.status === 'closed')).toBe(true);
    expect((await feed.call('/admin/cancel', { fixtureId: next, status: 'cancelled' })).body).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect((await feed.call('/admin/cancel', { fixtureId: FIXTURE, status: 'cancelled' })).body).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
  });

  it('resumes the same log after a restart, mid-match', async () => {
    // The 15:00 match: to kick-off, then part of the way.
    const id = 'kleague1-202611281500';
    feed.clock.set(at(14, 59));
    await feed.handle.engine.tick();
    await feed.play(60_000 + 30_000, 5_000);
    const before = await feed.ok('/snapshot', {});
    const live = before.fixtures.find((f) => f.fixtureId === id)!;
    expect(live.status).toBe('live');

    await feed.restart();
    const after = await feed.ok('/snapshot', {});
    expect(after).toEqual(before);
    await feed.play(120_000, 5_000);
    const messages = await feed.allMessages(before.cursor);
    expect(messages[0]!.seq).toBe(before.cursor + 1);
    expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => before.cursor + 1 + i));
    const scores = forFixture(messages, id).flatMap((m) => (m.type === 'score' ? [m.score] : []));
    const lastBefore = before.scores.find((s: FeedScore) => s.fixtureId === id)!;
    expect(scores.map((s) => s.scoreSeq)).toEqual(scores.map((_, i) => lastBefore.scoreSeq + 1 + i));
    const result = forFixture(messages, id).find((m) => m.type === 'result');
    expect(result).toBeDefined();
    if (result?.type !== 'result') return;
    const verified = verifyFixture(live.model, live.sport, result.result.seed!, live.seedHash);
    expect([result.result.score.home, result.result.score.away]).toEqual([verified.final.home, verified.final.away]);
  });
});
