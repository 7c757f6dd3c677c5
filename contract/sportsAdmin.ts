/**
 * The operator API's sportsbook payloads (plain JSON under /admin/api/sports): the schemas the server
 * validates with, for an operator console to share. A body that fails its schema is answered 400 R003.
 */
import { z } from 'zod';
import { type FixtureStatus, LIVE_DELAY_MAX_SECONDS, MARKET_KINDS, type MarketStatus, type SelectionOutcome, SPORTS, type SportNames } from './sports';

const id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_.:-]+$/);
const money = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const odds = z.number().int().min(100).max(100_000_000);

export const sportLeagueParam = z.object({ leagueId: id });
export const sportFixtureParam = z.object({ fixtureId: id });
export const sportMarketParam = z.object({ marketId: id });
export const sportBetParam = z.object({ betId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** PUT /sports/leagues/{leagueId} and /sports/fixtures/{fixtureId}: on or off. */
export const sportEnabledBody = z.object({ enabled: z.boolean() });

/** POST /sports/markets/{marketId}/status: suspend, close or reopen (the feed's own status then shows again). */
export const sportMarketActionBody = z.object({ action: z.enum(['suspend', 'close', 'reopen']) });

const bp = z.number().int().min(0).max(5_000);
/** PUT /sports/margins: margins per market family in basis points (forwarded to the feed's settings). */
export const sportMarginsBody = z.object({
  marginsBp: z.object({ winloose: bp, handy: bp, underover: bp, special: bp }).partial().optional(),
  liveMarginBp: bp.optional(),
}).refine((b) => b.marginsBp !== undefined || b.liveMarginBp !== undefined, { message: 'nothing to change' });

/** POST /sports/fixtures/{fixtureId}/result: the operator's result (an entry or a correction; it becomes the fixture's next revision). */
export const sportResultBody = z.object({
  status: z.enum(['final', 'cancelled', 'postponed']),
  home: z.number().int().min(0).max(10_000),
  away: z.number().int().min(0).max(10_000),
  markets: z.array(z.object({
    marketId: id,
    outcomes: z.record(z.string().min(1).max(32), z.enum(['win', 'lose', 'void'])),
  })).max(500),
});
export type SportResultEntry = z.output<typeof sportResultBody>;

const pair = z.tuple([z.array(z.enum(MARKET_KINDS)).max(8), z.array(z.enum(MARKET_KINDS)).max(8)]);
/** PUT /sports/settings: slip rules over the defaults, level limits, the exposure limit per selection (0: none). */
export const sportSettingsBody = z.object({
  rules: z.object({
    maxLegs: z.number().int().min(1).max(10),
    minSingleOddsCents: odds,
    folderBonus: z.array(z.object({ legs: z.number().int().min(2).max(10), bonusCents: z.number().int().min(100).max(200) })).max(10),
    folderBonusMinLegOddsCents: odds,
    maxTotalOddsCents: odds,
    liveDelaySeconds: z.record(z.enum(SPORTS), z.number().int().min(0).max(LIVE_DELAY_MAX_SECONDS)),
    prematchCloseSeconds: z.number().int().min(0).max(86_400),
    sameFixtureForbidden: z.record(z.enum(SPORTS), z.array(pair).max(10)),
  }).partial().strict().optional(),
  levelLimits: z.record(z.string().regex(/^\d{1,2}$/), z.object({ minStake: money, maxStake: money, maxPayout: money })
    .refine((l) => l.minStake <= l.maxStake, { message: 'minStake above maxStake' })).optional(),
  exposureLimit: money.optional(),
}).strict().refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' });
export type SportSettingsChange = z.output<typeof sportSettingsBody>;

/** The operator's fixture lists: upcoming (scheduled), live, finished (ended, cancelled, postponed). */
export const OPERATOR_FIXTURE_STATES = ['upcoming', 'live', 'finished'] as const;
export const OPERATOR_FIXTURES_PAGE_SIZE = 20;
/** GET /sports/fixtures?status=&q=&page=: q matches the fixture id, the league id or a team's name. */
export const sportFixturesQuery = z.object({
  status: z.enum(OPERATOR_FIXTURE_STATES).optional(),
  q: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** One fixture of GET /sports/fixtures (upcoming first by kick-off; finished newest first). */
export interface OperatorFixture {
  fixtureId: string;
  sport: string;
  leagueId: string;
  home: SportNames;
  away: SportNames;
  startsAt: string;
  status: FixtureStatus;
  enabled: boolean;
  score: { home: number; away: number } | null;
  /** The site's result revision: 0 before any result; above 0 a new result is a correction (four-eyes). */
  resultRev: number;
}
export interface OperatorFixturePage {
  list: OperatorFixture[];
  page: number;
  pageSize: number;
  total: number;
}

/** GET /sports/leagues: every league with the operator's switch and how many fixtures are upcoming or live. */
export interface OperatorLeague {
  leagueId: string;
  sport: string;
  names: SportNames;
  enabled: boolean;
  openFixtures: number;
}

/** GET /sports/fixtures/{fixtureId}: the fixture, its markets with their selection keys, and the result in force. */
export interface OperatorFixtureDetail {
  fixture: OperatorFixture;
  markets: {
    marketId: string;
    kind: string;
    period: string;
    line: number | null;
    live: boolean;
    feedStatus: MarketStatus;
    override: 'suspended' | 'closed' | null;
    voided: boolean;
    selections: { selectionId: string; key: string; oddsCents: number }[];
  }[];
  result: { rev: number; source: 'feed' | 'operator'; status: string; home: number; away: number; markets: Record<string, Record<string, SelectionOutcome>>; at: string } | null;
}
