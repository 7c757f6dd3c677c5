/**
 * The rolling schedule: named leagues and sides for every sport, kick-offs on each league's slots paired by a
 * double round robin, and at any hour every sport with matches before kick-off (within the next day) and in
 * play; virtual soccer every three minutes on the wall clock.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SPORTS } from '../../contract/sports';
import { findLeague, LEAGUES } from '../../oddsFeed/catalogue';
import { slotsBetween } from '../../oddsFeed/schedule';
import { at, startFeed, type TestFeed } from './harness';

describe('the catalogue', () => {
  it('has named leagues with named sides for every sport', () => {
    for (const sport of SPORTS) expect(LEAGUES.filter((l) => l.sport === sport).length, sport).toBeGreaterThan(0);
    const teamIds = new Set<string>();
    for (const league of LEAGUES) {
      expect(league.names.ko && league.names.en && league.names.vi === league.names.en).toBeTruthy();
      expect(league.teams.length).toBeGreaterThanOrEqual(6);
      expect(1440 % league.everyMinutes).toBe(0);
      for (const team of league.teams) {
        expect(team.names.ko.length * team.names.en.length).toBeGreaterThan(0);
        expect(team.strength).toBeGreaterThan(0);
        expect(team.strength).toBeLessThanOrEqual(100);
        expect(teamIds.has(team.teamId), team.teamId).toBe(false);
        teamIds.add(team.teamId);
      }
    }
    expect(LEAGUES.filter((l) => l.virtual).map((l) => l.sport)).toEqual(['soccer']);
    expect(findLeague('lck')!.bestOf).toBe(3);
    expect(findLeague('lol-msi')!.bestOf).toBe(5);
  });

  it('pairs every side with every other at home and away, never one side twice in a round', () => {
    for (const league of LEAGUES) {
      const n = league.teams.length;
      const cycle = n * (n - 1);
      // From slot 0 (the epoch's day), where the first round begins.
      const from = new Date(league.offsetMinutes * 60_000);
      const slots = slotsBetween(league, from, new Date(from.getTime() + cycle * league.everyMinutes * 60_000));
      expect(slots).toHaveLength(cycle);
      const pairs = new Set(slots.map((s) => `${s.home.teamId}>${s.away.teamId}`));
      expect(pairs.size).toBe(cycle);
      for (const s of slots) {
        expect(s.home.teamId).not.toBe(s.away.teamId);
        expect((s.startsAt.getTime() - league.offsetMinutes * 60_000) % (league.everyMinutes * 60_000)).toBe(0);
        expect(s.fixtureId).toBe(`${league.leagueId}-${s.startsAt.toISOString().slice(0, 16).replace(/[-:T]/g, '')}`);
      }
      if (n % 2 === 0) {
        const round = slots.slice(0, n / 2).flatMap((s) => [s.home.teamId, s.away.teamId]);
        expect(new Set(round).size).toBe(n);
      }
    }
  });
});

describe('coverage at any hour', () => {
  let feed: TestFeed | null = null;
  afterAll(async () => { await feed?.close(); });

  for (const [hour, minute] of [[0, 0], [9, 40], [17, 25]] as const) {
    it(`at ${hour}:${String(minute).padStart(2, '0')} UTC every sport has matches before kick-off and in play`, { timeout: 180_000 }, async () => {
      await feed?.close();
      feed = await startFeed({ leagues: 'all', start: at(hour, minute) });
      await feed.handle.engine.tick();
      const now = feed.clock.now().getTime();
      const { fixtures } = await feed.ok('/snapshot', {});
      for (const sport of SPORTS) {
        const mine = fixtures.filter((f) => f.sport === sport && !f.virtual);
        // Published three hours ahead here (the harness's cap; each league's own horizon is up to a day).
        const upcoming = mine.filter((f) => f.status === 'scheduled' && Date.parse(f.startsAt) > now && Date.parse(f.startsAt) <= now + 3 * 3_600_000);
        expect(upcoming.length, `${sport} before kick-off`).toBeGreaterThan(0);
        expect(mine.filter((f) => f.status === 'live').length, `${sport} in play`).toBeGreaterThan(0);
      }
      const virtual = fixtures.filter((f) => f.virtual);
      expect(virtual.some((f) => f.status === 'live')).toBe(true);
      const next = virtual.filter((f) => f.status === 'scheduled').map((f) => Date.parse(f.startsAt)).sort((a, b) => a - b);
      expect(next.length).toBeGreaterThanOrEqual(5);
      for (const t of next) expect(t % (3 * 60_000)).toBe(0);
      // Each sport's prices are on the wire: every scheduled fixture has open pre-match markets.
      const { markets } = await feed.ok('/snapshot', {});
      const priced = new Set(markets.filter((m) => !m.live && m.status === 'open').map((m) => m.fixtureId));
      expect(fixtures.filter((f) => f.status === 'scheduled').every((f) => priced.has(f.fixtureId))).toBe(true);
    });
  }
});

describe("the scheduler's capped ticks", () => {
  it('publish a few fixtures a league a tick, earliest first, and fill the same horizon as one uncapped tick', { timeout: 120_000 }, async () => {
    const capped = await startFeed({ leagues: ['kleague1', 'vsoccer'] });
    const whole = await startFeed({ leagues: ['kleague1', 'vsoccer'] });
    try {
      const ids = async (feed: TestFeed) => ((await feed.ok('/snapshot', {})).fixtures as { fixtureId: string; startsAt: string }[])
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt)).map((f) => f.fixtureId);
      const first = await capped.handle.engine.tick({ newFixturesPerLeague: 2 });
      expect(first.created).toBeLessThanOrEqual(4);
      await whole.handle.engine.tick();
      const all = await ids(whole);
      expect(all.length).toBeGreaterThan(4);
      // The earliest of each league came first (what is in play now opens at once).
      expect(all).toEqual(expect.arrayContaining(await ids(capped)));
      expect((await ids(capped))[0]).toBe(all[0]);
      for (let i = 0; i < 40 && (await ids(capped)).length < all.length; i++) await capped.handle.engine.tick({ newFixturesPerLeague: 2 });
      expect(await ids(capped)).toEqual(all);
    } finally {
      await capped.close();
      await whole.close();
    }
  });
});
