/**
 * The feed's engine: it keeps the rolling schedule filled (each fixture published with its model, its
 * pre-match prices and its seed's hash), kicks fixtures off (pre-match markets closed, live ones opened),
 * plays them on (the play clock is real time × the league's speed; the simulation's events are published as
 * the clock passes them: a score, the live markets suspended, reopened at new prices once play has gone on
 * quietly for a moment), re-prices with time, and at the end publishes the result with every market's
 * outcomes and the seed. Operators correct a result (the next revision) or cancel a match (every selection
 * void). One tick does all of it; the scheduler (scheduler.ts) calls it every FEED_TICK_MS and tests call it
 * after moving their clock. Each fixture's step is one transaction with its messages, the fixture's row
 * locked, so an operator's call and the engine never interleave on one fixture.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, eq, inArray, lt, lte } from 'drizzle-orm';
import type { FeedCancellation, FeedCorrection, FeedFixture, FeedMarket, FeedResult, FeedScore } from '../contract/oddsFeed';
import type { Sport, SportScore } from '../contract/sports';
import { findLeague, type League } from './catalogue';
import { ratingOf } from './catalogue/types';
import type { FeedClock } from './clock';
import type { FeedEnvSettings } from './config';
import type { FeedDatabase, FeedTx } from './db/client';
import { feedFixtures, feedState } from './db/schema';
import { FeedRefusal } from './errors';
import type { FeedLog, Publication } from './log';
import { hashSeed, modelFor, type PricedMarket, type SimEvent } from './model';
import { createSimulations, marketIdOf, openingScore, price, settleAll, toFeedMarket, voidAll } from './pricing';
import { slotsBetween } from './schedule';
import type { SettingsStore, VersionedSettings } from './settings';

/**
 * Per sport, in seconds of play: how long live markets stay suspended after an event (they reopen at the
 * first tick after it, if no other event came), and how often prices are made again as time passes (0: only
 * events move them: rallies, games, innings).
 */
const PACE: Record<Sport, { reopen: number; reprice: number }> = {
  soccer: { reopen: 30, reprice: 60 }, hockey: { reopen: 20, reprice: 60 }, handball: { reopen: 10, reprice: 60 },
  basketball: { reopen: 10, reprice: 60 }, football: { reopen: 20, reprice: 60 }, baseball: { reopen: 30, reprice: 0 },
  volleyball: { reopen: 5, reprice: 0 }, badminton: { reopen: 5, reprice: 0 }, tennis: { reopen: 10, reprice: 0 },
  combat: { reopen: 15, reprice: 30 }, esport: { reopen: 30, reprice: 120 },
};

/** How far back (in play) a fresh start still opens fixtures that should be in play now. */
const LOOKBACK_PLAY_MS = 4 * 3_600_000;
/** At most this many scheduled fixtures re-priced per tick after the margins change. */
const REPRICE_BATCH = 50;
/**
 * The scheduler's ticks publish at most this many new fixtures a league (the earliest first, so what is in play
 * comes at once): a fresh start fills a day's horizon over a minute or two of ticks instead of pricing, logging
 * and ingesting hundreds of fixtures in one go, which held the host's requests for most of a minute on PGlite.
 */
export const SCHEDULER_NEW_FIXTURES_PER_LEAGUE = 4;
const PRUNE_EVERY_MS = 60_000;

type FixtureRow = typeof feedFixtures.$inferSelect;

export interface TickReport {
  created: number;
  kickedOff: number;
  advanced: number;
  ended: number;
  pruned: number;
}

export interface Engine {
  /**
   * Schedules, kicks off, plays and ends what is due at the clock's time. Ticks never overlap. `newFixturesPerLeague`
   * caps what a tick publishes a league (the scheduler's ticks; a test's tick publishes the whole horizon).
   */
  tick(limits?: { newFixturesPerLeague?: number }): Promise<TickReport>;
  correct(correction: FeedCorrection): Promise<FeedResult>;
  cancel(cancellation: FeedCancellation): Promise<FeedResult>;
}

export interface EngineOptions {
  database: FeedDatabase;
  log: FeedLog;
  settings: SettingsStore;
  clock: FeedClock;
  leagues: readonly League[];
  env: FeedEnvSettings;
  /** A fresh seed: 64 hex digits (crypto-random; tests pass a reproducible one). */
  newSeed(): string;
  /** At most this far ahead, whatever a league's own horizon (tests keep the first tick short). */
  maxHorizonMinutes?: number;
  /** Where a league's or a fixture's failed step is reported; the tick goes on with the others. */
  onError(details: object, message: string): void;
}

const scoreOnly = (s: SportScore): SportScore => ({
  home: s.home, away: s.away, periods: s.periods.map((p) => ({ home: p.home, away: p.away })), scoreSeq: s.scoreSeq, period: s.period, clockSeconds: s.clockSeconds,
});

/** The score after the i-th event (0-based): scoreSeq counts the events. */
const scoreAfter = (events: SimEvent[], i: number): SportScore => ({ ...scoreOnly(events[i]!.score), scoreSeq: i + 1 });

/** Whether an event moved the score (the match's or a period's), against the score before it (null: kick-off). */
function changedScore(before: SportScore | null, after: SportScore): boolean {
  const prior = before ?? { home: 0, away: 0, periods: [] };
  if (prior.home !== after.home || prior.away !== after.away) return true;
  return after.periods.some((p, i) => p.home !== (prior.periods[i]?.home ?? 0) || p.away !== (prior.periods[i]?.away ?? 0));
}

const sameOdds = (a: FeedMarket, b: FeedMarket) =>
  a.selections.length === b.selections.length && a.selections.every((s, i) => s.key === b.selections[i]!.key && s.oddsCents === b.selections[i]!.oddsCents);

/**
 * The markets' messages for a new set of prices: markets no longer offered close, new ones open, and the
 * others open at the new prices when they moved or were not open (every change a new version).
 */
function reconcile(fixtureId: string, live: boolean, existing: FeedMarket[], priced: PricedMarket[], scoreSeq: number): FeedMarket[] {
  const known = new Map(existing.filter((m) => m.live === live).map((m) => [m.marketId, m]));
  const next = new Map(priced.map((p) => [marketIdOf(fixtureId, live, p), p]));
  const out: FeedMarket[] = [];
  for (const market of known.values()) {
    if (!next.has(market.marketId) && market.status !== 'closed') out.push({ ...market, status: 'closed', version: market.version + 1 });
  }
  for (const [marketId, p] of next) {
    const old = known.get(marketId);
    const fresh = toFeedMarket(fixtureId, live, p, (old?.version ?? 0) + 1, scoreSeq);
    if (!old || old.status !== 'open' || !sameOdds(old, fresh)) out.push(fresh);
  }
  return out;
}

const close = (markets: FeedMarket[]): FeedMarket[] =>
  markets.filter((m) => m.status !== 'closed').map((m) => ({ ...m, status: 'closed', version: m.version + 1 }));

export function createEngine(options: EngineOptions): Engine {
  const { database: { db }, log, clock, env } = options;
  const leagues = options.leagues;
  const simulate = createSimulations();
  /** Per league, the time up to which its slots are in the database (this process's memory: a restart looks again). */
  const ensured = new Map<string, number>();
  let lastPrune = 0;
  let running: Promise<TickReport> | null = null;

  const speedOf = (league: League, vs: VersionedSettings) => vs.settings.speed[league.leagueId] ?? league.speed;
  const eventsOf = (row: FixtureRow) => {
    const fixture = row.fixture as FeedFixture;
    return simulate(row.fixtureId, fixture.model, fixture.sport, row.seed);
  };
  const endMsOf = (events: SimEvent[]) => (events.length > 0 ? events[events.length - 1]!.atSeconds * 1000 : 0);

  async function lockRow(tx: FeedTx, fixtureId: string): Promise<FixtureRow | undefined> {
    const [row] = await tx.select().from(feedFixtures).where(eq(feedFixtures.fixtureId, fixtureId)).for('update');
    return row;
  }

  /** Publishes the league's fixtures that kick off in the window and are not there yet. */
  async function schedule(league: League, now: Date, vs: VersionedSettings, cap: number): Promise<number> {
    const speed = speedOf(league, vs);
    const from = Math.max(ensured.get(league.leagueId) ?? 0, now.getTime() - LOOKBACK_PLAY_MS / speed);
    const to = now.getTime() + Math.min(league.horizonMinutes, options.maxHorizonMinutes ?? Infinity) * 60_000;
    if (from >= to) return 0;
    const made: { row: typeof feedFixtures.$inferInsert; publications: Publication[] }[] = [];
    const slots = slotsBetween(league, new Date(from), new Date(to));
    const existing = slots.length === 0 ? [] : await db.select({ id: feedFixtures.fixtureId }).from(feedFixtures)
      .where(inArray(feedFixtures.fixtureId, slots.map((s) => s.fixtureId)));
    const known = new Set(existing.map((r) => r.id));
    // Capped, the window is examined up to the slot that made the cap; the next tick goes on from there.
    let examinedTo = to;
    for (const slot of slots.filter((s) => !known.has(s.fixtureId))) {
      if (made.length >= cap) {
        examinedTo = slot.startsAt.getTime();
        break;
      }
      // Pricing a fixture takes tens of milliseconds; a first tick prices hundreds. Give the host's requests
      // a turn between fixtures (the feed is mounted in the site's process).
      await nextTurn();
      const model = modelFor(league.sport, { home: ratingOf(slot.home.strength), away: ratingOf(slot.away.strength) }, league.modelOptions);
      const seed = options.newSeed();
      if (slot.startsAt.getTime() < now.getTime()) {
        // A fresh start opens what should be in play now, not matches that would already be over.
        const events = simulate(slot.fixtureId, model, league.sport, seed);
        if (slot.startsAt.getTime() + endMsOf(events) / speed <= now.getTime()) continue;
      }
      const fixture: FeedFixture = {
        fixtureId: slot.fixtureId, sport: league.sport,
        league: { leagueId: league.leagueId, names: league.names },
        home: { teamId: slot.home.teamId, names: slot.home.names },
        away: { teamId: slot.away.teamId, names: slot.away.names },
        startsAt: slot.startsAt.toISOString(), status: 'scheduled', virtual: league.virtual,
        bestOf: 'bestOf' in model ? model.bestOf : null, model, seedHash: hashSeed(seed), version: 1,
      };
      const markets = price(model, league.sport, null, vs.settings).map((p) => toFeedMarket(slot.fixtureId, false, p, 1, 0));
      made.push({
        row: {
          fixtureId: slot.fixtureId, leagueId: league.leagueId, sport: league.sport, startsAt: slot.startsAt, status: 'scheduled',
          seed, seedHash: fixture.seedHash, fixture, settingsVersion: vs.version,
        },
        publications: [{ type: 'fixture', fixture }, ...markets.map((market) => ({ type: 'market' as const, market }))],
      });
    }
    let created = 0;
    if (made.length > 0) {
      created = await log.write(async (tx, append) => {
        const inserted = await tx.insert(feedFixtures).values(made.map((m) => m.row)).onConflictDoNothing()
          .returning({ fixtureId: feedFixtures.fixtureId });
        const ids = new Set(inserted.map((r) => r.fixtureId));
        await append(now, made.filter((m) => ids.has(m.row.fixtureId)).flatMap((m) => m.publications));
        return ids.size;
      });
    }
    ensured.set(league.leagueId, examinedTo);
    return created;
  }

  /** Kick-off: the fixture goes live, its pre-match markets close, the opening score and live prices appear. */
  async function kickOff(tx: FeedTx, append: Parameters<Parameters<FeedLog['write']>[0]>[1], row: FixtureRow, now: Date, vs: VersionedSettings): Promise<FixtureRow> {
    const fixture: FeedFixture = { ...(row.fixture as FeedFixture), status: 'live', version: (row.fixture as FeedFixture).version + 1 };
    const opening = openingScore(fixture.model);
    const score: FeedScore = { fixtureId: row.fixtureId, ...opening, event: null };
    const live = price(fixture.model, fixture.sport, { score: opening, elapsedSeconds: 0 }, vs.settings)
      .map((p) => toFeedMarket(row.fixtureId, true, p, 1, 0));
    await append(now, [
      ...close(await log.markets(tx, row.fixtureId)).map((market) => ({ type: 'market' as const, market })),
      { type: 'fixture', fixture },
      { type: 'score', score },
      ...live.map((market) => ({ type: 'market' as const, market })),
    ]);
    const next = { status: 'live', fixture, playMs: 0, tickedAt: row.startsAt, revealed: 0, reopenAtMs: null, pricedAtMs: 0, settingsVersion: vs.version };
    await tx.update(feedFixtures).set(next).where(eq(feedFixtures.fixtureId, row.fixtureId));
    return { ...row, ...next };
  }

  /** Moves a live fixture's play clock to `now`: its events, suspensions, new prices, and its end. */
  async function advance(tx: FeedTx, append: Parameters<Parameters<FeedLog['write']>[0]>[1], row: FixtureRow, now: Date, vs: VersionedSettings): Promise<boolean> {
    const fixture = row.fixture as FeedFixture;
    const league = findLeague(row.leagueId);
    const speed = league ? speedOf(league, vs) : 1;
    const pace = PACE[fixture.sport];
    const events = eventsOf(row);
    const elapsed = Math.max(0, now.getTime() - (row.tickedAt ?? row.startsAt).getTime());
    const playMs = row.playMs + Math.round(elapsed * speed);
    const publications: Publication[] = [];

    let revealed = row.revealed;
    const firstNew = revealed;
    while (revealed < events.length && events[revealed]!.atSeconds * 1000 <= playMs) {
      publications.push({ type: 'score', score: { fixtureId: row.fixtureId, ...scoreAfter(events, revealed), event: events[revealed]!.event } });
      revealed += 1;
    }
    const fresh = revealed > firstNew;
    // Goals, points, sets change the prices at once: the live markets are suspended for a moment. Other events
    // (a card, a period's start or end) only re-price them.
    const scoring = fresh && events.slice(firstNew, revealed).some((e, i) => changedScore(i + firstNew === 0 ? null : events[i + firstNew - 1]!.score, e.score));
    const score = revealed > 0 ? scoreAfter(events, revealed - 1) : openingScore(fixture.model);
    const finished = revealed === events.length && playMs >= endMsOf(events);
    const repriceDue = row.reopenAtMs !== null ? playMs >= row.reopenAtMs
      : fresh || (pace.reprice > 0 && playMs - row.pricedAtMs >= pace.reprice * 1000) || row.settingsVersion !== vs.version;
    // Nothing to publish: the row keeps its last play clock (the next step counts from it), nothing is written.
    if (!fresh && !finished && !repriceDue) return false;
    const markets = await log.markets(tx, row.fixtureId);

    if (finished) {
      const ended: FeedFixture = { ...fixture, status: 'ended', version: fixture.version + 1 };
      const result: FeedResult = {
        fixtureId: row.fixtureId, revision: row.revision + 1, status: 'final', score,
        markets: settleAll(markets, fixture.sport, fixture.model, score), seed: row.seed,
      };
      await append(now, [
        ...publications,
        ...close(markets).map((market) => ({ type: 'market' as const, market })),
        { type: 'fixture', fixture: ended },
        { type: 'result', result },
      ]);
      await tx.update(feedFixtures).set({ status: 'ended', fixture: ended, playMs, tickedAt: now, revealed, revision: result.revision, endedAt: now, reopenAtMs: null })
        .where(eq(feedFixtures.fixtureId, row.fixtureId));
      return true;
    }

    let { reopenAtMs, pricedAtMs, settingsVersion } = row;
    const state = { score, elapsedSeconds: playMs / 1000 };
    if (scoring) {
      for (const market of markets) {
        if (market.live && market.status === 'open') publications.push({ type: 'market', market: { ...market, status: 'suspended', version: market.version + 1 } });
      }
      reopenAtMs = events[revealed - 1]!.atSeconds * 1000 + pace.reopen * 1000;
    } else if (repriceDue) {
      const priced = price(fixture.model, fixture.sport, state, vs.settings);
      for (const market of reconcile(row.fixtureId, true, markets, priced, score.scoreSeq)) publications.push({ type: 'market', market });
      reopenAtMs = null;
      pricedAtMs = playMs;
      settingsVersion = vs.version;
    }
    await append(now, publications);
    await tx.update(feedFixtures).set({ playMs, tickedAt: now, revealed, reopenAtMs, pricedAtMs, settingsVersion })
      .where(eq(feedFixtures.fixtureId, row.fixtureId));
    return false;
  }

  /** Pre-match prices made again after the margins changed. */
  async function reprice(tx: FeedTx, append: Parameters<Parameters<FeedLog['write']>[0]>[1], row: FixtureRow, now: Date, vs: VersionedSettings): Promise<void> {
    const fixture = row.fixture as FeedFixture;
    const priced = price(fixture.model, fixture.sport, null, vs.settings);
    const markets = reconcile(row.fixtureId, false, await log.markets(tx, row.fixtureId), priced, 0);
    await append(now, markets.map((market) => ({ type: 'market' as const, market })));
    await tx.update(feedFixtures).set({ settingsVersion: vs.version }).where(eq(feedFixtures.fixtureId, row.fixtureId));
  }

  async function runTick(cap: number): Promise<TickReport> {
    const now = clock.now();
    const vs = await options.settings.read();
    const report: TickReport = { created: 0, kickedOff: 0, advanced: 0, ended: 0, pruned: 0 };
    for (const league of leagues) {
      try {
        report.created += await schedule(league, now, vs, cap);
      } catch (err) {
        options.onError({ err, leagueId: league.leagueId }, 'odds feed: scheduling a league failed');
      }
    }
    const mine = inArray(feedFixtures.leagueId, leagues.map((l) => l.leagueId));
    const step = async (fixtureId: string, work: Parameters<FeedLog['write']>[0]) => {
      try {
        await log.write(work);
      } catch (err) {
        options.onError({ err, fixtureId }, 'odds feed: a fixture\'s step failed');
      }
    };

    const due = await db.select({ fixtureId: feedFixtures.fixtureId }).from(feedFixtures)
      .where(and(mine, eq(feedFixtures.status, 'scheduled'), lte(feedFixtures.startsAt, now))).orderBy(asc(feedFixtures.startsAt));
    const live = await db.select({ fixtureId: feedFixtures.fixtureId }).from(feedFixtures)
      .where(and(mine, eq(feedFixtures.status, 'live'))).orderBy(asc(feedFixtures.startsAt));
    for (const { fixtureId } of [...due, ...live]) {
      await step(fixtureId, async (tx, append) => {
        let row = await lockRow(tx, fixtureId);
        if (!row || (row.status !== 'scheduled' && row.status !== 'live')) return;
        if (row.status === 'scheduled') {
          if (row.startsAt.getTime() > now.getTime()) return;
          row = await kickOff(tx, append, row, now, vs);
          report.kickedOff += 1;
        }
        report.advanced += 1;
        if (await advance(tx, append, row, now, vs)) report.ended += 1;
      });
    }

    const stale = await db.select({ fixtureId: feedFixtures.fixtureId }).from(feedFixtures)
      .where(and(mine, eq(feedFixtures.status, 'scheduled'), lt(feedFixtures.settingsVersion, vs.version))).limit(REPRICE_BATCH);
    for (const { fixtureId } of stale) {
      await step(fixtureId, async (tx, append) => {
        const row = await lockRow(tx, fixtureId);
        if (row?.status === 'scheduled' && row.settingsVersion < vs.version) await reprice(tx, append, row, now, vs);
      });
    }

    if (now.getTime() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = now.getTime();
      report.pruned = await log.prune(now, { hours: env.retentionHours, messages: env.retentionMessages });
    }
    return report;
  }

  async function stateBody<T>(tx: FeedTx, subject: string): Promise<T | null> {
    const [row] = await tx.select({ body: feedState.body }).from(feedState).where(eq(feedState.subject, subject));
    return (row?.body as T | undefined) ?? null;
  }

  return {
    tick(limits) {
      // Callers that come while a tick runs share it rather than start another.
      running ??= runTick(limits?.newFixturesPerLeague ?? Infinity).finally(() => {
        running = null;
      });
      return running;
    },

    async correct({ fixtureId, score }) {
      return log.write(async (tx, append) => {
        const row = await lockRow(tx, fixtureId);
        if (!row) throw new FeedRefusal('UNKNOWN_FIXTURE', `no fixture ${fixtureId}`);
        if (row.status !== 'ended') throw new FeedRefusal('BAD_REQUEST', 'only an ended fixture\'s result can be corrected');
        const previous = await stateBody<FeedResult>(tx, `result:${fixtureId}`);
        const fixture = row.fixture as FeedFixture;
        const final: SportScore = { ...(previous?.score ?? openingScore(fixture.model)), home: score.home, away: score.away, periods: score.periods.map((p) => ({ home: p.home, away: p.away })) };
        const markets = await log.markets(tx, fixtureId);
        const result: FeedResult = {
          fixtureId, revision: row.revision + 1, status: 'final', score: final, markets: settleAll(markets, fixture.sport, fixture.model, final), seed: row.seed,
        };
        await append(clock.now(), [{ type: 'result', result }]);
        await tx.update(feedFixtures).set({ revision: result.revision }).where(eq(feedFixtures.fixtureId, fixtureId));
        return result;
      });
    },

    async cancel({ fixtureId, status }) {
      return log.write(async (tx, append) => {
        const row = await lockRow(tx, fixtureId);
        if (!row) throw new FeedRefusal('UNKNOWN_FIXTURE', `no fixture ${fixtureId}`);
        if (row.status !== 'scheduled' && row.status !== 'live') throw new FeedRefusal('BAD_REQUEST', `the fixture is ${row.status}`);
        const fixture = row.fixture as FeedFixture;
        const started = row.status === 'live';
        const markets = await log.markets(tx, fixtureId);
        const current = await stateBody<FeedScore>(tx, `score:${fixtureId}`);
        const score = current ? scoreOnly(current) : { ...openingScore(fixture.model), period: null, periods: [] };
        const next: FeedFixture = { ...fixture, status, version: fixture.version + 1 };
        const result: FeedResult = { fixtureId, revision: row.revision + 1, status, score, markets: voidAll(markets), seed: started ? row.seed : null };
        const now = clock.now();
        await append(now, [
          ...close(markets).map((market) => ({ type: 'market' as const, market })),
          { type: 'fixture', fixture: next },
          { type: 'result', result },
        ]);
        await tx.update(feedFixtures).set({ status, fixture: next, revision: result.revision, endedAt: now, reopenAtMs: null })
          .where(eq(feedFixtures.fixtureId, fixtureId));
        return result;
      });
    },
  };
}
