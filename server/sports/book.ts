/**
 * The book as the site holds it: rows of the sportsbook tables (db/sportsSchema.ts) read into the member's
 * shapes (contract/sports.ts), the operator's settings merged over the defaults, and the market's state as a
 * member sees it (the operator's override over the feed's status, the version both bump).
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  DEFAULT_SLIP_RULES, type LevelLimits, type MarketStatus, type SlipRules, type SportFixture, type SportFixtureMarkets, type SportMarket,
  type SportNames, type SportScore,
} from '../../contract/sports';
import type { Executor } from '../db/client';
import { sportFixtures, sportLeagues, sportMarkets, sportResults, sportSettings } from '../db/schema';

export type FixtureRow = typeof sportFixtures.$inferSelect;
export type MarketRow = typeof sportMarkets.$inferSelect;
export type SettingsRow = typeof sportSettings.$inferSelect;

export interface StoredSelection {
  selectionId: string;
  key: string;
  oddsCents: number;
  fairPpm: number;
}

export const SETTINGS_ID = 'site';
/** The level limits of a level the operator has not set (and of level '1' by default). */
export const DEFAULT_LEVEL_LIMITS: LevelLimits = { minStake: 1_000, maxStake: 1_000_000, maxPayout: 10_000_000 };

/** The market's status as a member sees it: the operator's override over the feed's. */
export function marketStatus(row: Pick<MarketRow, 'feedStatus' | 'override'>): MarketStatus {
  if (row.override === 'closed' || row.feedStatus === 'closed') return 'closed';
  if (row.override === 'suspended' || row.feedStatus === 'suspended') return 'suspended';
  return 'open';
}

/** The version a member's leg carries: the feed's and the site's bumps, both only growing. */
export const marketVersion = (row: Pick<MarketRow, 'feedVersion' | 'siteBump'>): number => row.feedVersion + row.siteBump;

export function marketView(row: MarketRow): SportMarket {
  return {
    marketId: row.marketId, kind: row.kind as SportMarket['kind'], period: row.period as SportMarket['period'], line: row.line,
    live: row.live, status: marketStatus(row), version: marketVersion(row),
    selections: (row.selections as StoredSelection[]).map(({ selectionId, key, oddsCents }) => ({ selectionId, key, oddsCents })),
  };
}

export function fixtureView(row: FixtureRow, leagueNames: SportNames): SportFixture {
  return {
    fixtureId: row.fixtureId, sport: row.sport as SportFixture['sport'],
    league: { leagueId: row.leagueId, names: leagueNames },
    home: row.home as SportFixture['home'], away: row.away as SportFixture['away'],
    startsAt: row.startsAt.toISOString(), status: row.status as SportFixture['status'], virtual: row.virtual, bestOf: row.bestOf,
    score: (row.score as SportScore | null) ?? null, seedHash: row.seedHash, seed: row.seed,
  };
}

/**
 * The main markets of a fixture (a list shows these): the match winner (1X2 where the sport has it, else the
 * two-way), and the handicap and total of the whole match whose prices are closest to even; the live ones once
 * the fixture has any (the list answer and the list topic pick the same).
 */
export function mainMarkets(markets: MarketRow[]): MarketRow[] {
  // In play, the live markets (the pre-match ones are closed), in one order whatever order the rows came in.
  const inPlay = markets.some((m) => m.live && !m.voided);
  const match = markets.filter((m) => m.period === 'match' && !m.voided && (!inPlay || m.live))
    .sort((a, b) => a.marketId.localeCompare(b.marketId));
  const balanced = (kind: string) => {
    const candidates = match.filter((m) => m.kind === kind);
    const spread = (m: MarketRow) => {
      const odds = (m.selections as StoredSelection[]).map((s) => s.oddsCents);
      return odds.length === 0 ? Number.MAX_SAFE_INTEGER : Math.max(...odds) - Math.min(...odds);
    };
    return candidates.sort((a, b) => spread(a) - spread(b) || a.marketId.localeCompare(b.marketId))[0];
  };
  const winner = match.find((m) => m.kind === 'winner3') ?? match.find((m) => m.kind === 'winner2');
  return [winner, balanced('handicap'), balanced('total')].filter((m): m is MarketRow => m !== undefined);
}

export async function leagueNames(executor: Executor, leagueIds: string[]): Promise<Map<string, SportNames>> {
  if (leagueIds.length === 0) return new Map();
  const rows = await executor.select({ leagueId: sportLeagues.leagueId, names: sportLeagues.names }).from(sportLeagues)
    .where(inArray(sportLeagues.leagueId, [...new Set(leagueIds)]));
  return new Map(rows.map((r) => [r.leagueId, r.names as SportNames]));
}

const NO_NAMES: SportNames = { ko: '', en: '', vi: '' };

/** Fixtures with their markets (all, or the main ones). */
export async function fixturesWithMarkets(executor: Executor, fixtures: FixtureRow[], which: 'main' | 'all'): Promise<SportFixtureMarkets[]> {
  if (fixtures.length === 0) return [];
  const ids = fixtures.map((f) => f.fixtureId);
  const markets = await executor.select().from(sportMarkets).where(inArray(sportMarkets.fixtureId, ids));
  const names = await leagueNames(executor, fixtures.map((f) => f.leagueId));
  const byFixture = new Map<string, MarketRow[]>();
  for (const m of markets) byFixture.set(m.fixtureId, [...(byFixture.get(m.fixtureId) ?? []), m]);
  return fixtures.map((f) => {
    const own = (byFixture.get(f.fixtureId) ?? []).sort((a, b) => a.marketId.localeCompare(b.marketId));
    const shown = which === 'main' ? mainMarkets(own) : own.filter((m) => !m.voided);
    return { ...fixtureView(f, names.get(f.leagueId) ?? NO_NAMES), markets: shown.map(marketView) };
  });
}

export async function readSettings(executor: Executor): Promise<SettingsRow> {
  const [row] = await executor.select().from(sportSettings).where(eq(sportSettings.id, SETTINGS_ID));
  return row ?? { id: SETTINGS_ID, rules: {}, levelLimits: {}, exposureLimit: 0, margins: {} };
}

/** The slip rules: the operator's over the defaults. */
export function slipRules(settings: SettingsRow): SlipRules {
  const own = settings.rules as Partial<SlipRules>;
  return {
    ...DEFAULT_SLIP_RULES, ...own,
    liveDelaySeconds: { ...DEFAULT_SLIP_RULES.liveDelaySeconds, ...own.liveDelaySeconds },
    minLegs: 1,
  };
}

/** A level's limits; levels the operator has not set use level '1', then the defaults. */
export function levelLimitsOf(settings: SettingsRow, memLevel: string): LevelLimits {
  const table = settings.levelLimits as Record<string, Partial<LevelLimits>>;
  return { ...DEFAULT_LEVEL_LIMITS, ...(table['1'] ?? {}), ...(table[memLevel] ?? {}) };
}

export async function fixtureRow(executor: Executor, fixtureId: string): Promise<FixtureRow | null> {
  const [row] = await executor.select().from(sportFixtures).where(eq(sportFixtures.fixtureId, fixtureId));
  return row ?? null;
}

export async function marketRows(executor: Executor, fixtureId: string, marketIds?: string[]): Promise<MarketRow[]> {
  return executor.select().from(sportMarkets).where(marketIds
    ? and(eq(sportMarkets.fixtureId, fixtureId), inArray(sportMarkets.marketId, marketIds))
    : eq(sportMarkets.fixtureId, fixtureId));
}

/** Where-clause of each fixture's latest result (its highest site revision). */
export function latestResults(fixtureIds: string[]): SQL {
  return and(inArray(sportResults.fixtureId, fixtureIds),
    sql`${sportResults.rev} = (select max(r.rev) from sport_results r where r.fixture_id = ${sportResults.fixtureId})`)!;
}
