/**
 * Payload schemas of the sportsbook's member calls (contract/sports.ts has their types): the list of a view,
 * one fixture, the rules, the results, and the sports kind of betProc. Ids arrive as bounded plain text: an
 * unknown one is refused by the service with a code, not R003.
 */
import { z } from 'zod';
import { RESULT_TABS, SPORT_VIEWS, SPORTS } from './sports';
import { page } from './walletPayloads';

const id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_.:-]+$/);
const idempotencyKey = z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/);
const sportFilter = z.enum(['', ...SPORTS]).optional().default('');

export const sportListPayload = z.object({
  view: z.enum(SPORT_VIEWS),
  sport: sportFilter,
  leagueId: z.union([id, z.literal('')]).optional().default(''),
});

export const sportFixturePayload = z.object({ fixtureId: id });

export const sportResultsPayload = z.object({
  tab: z.enum(RESULT_TABS),
  sport: sportFilter,
  page,
  /** Only virtual matches (the virtual games screen) or only real ones; absent: both. */
  virtual: z.boolean().optional(),
});

/** One leg: the selection and the price and market version the member saw. */
export const sportLegPayload = z.object({
  selectionId: id,
  oddsCents: z.number().int().min(100).max(100_000_000),
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

/** The sports kind of betProc (the mini games' kind is contract/miniPayloads.ts; calls.ts joins them on `game`). */
export const sportBetPayload = z.object({
  idempotencyKey,
  game: z.literal('sport'),
  legs: z.array(sportLegPayload).min(1).max(10),
  /** A JSON number or digits; anything not a safe positive integer is refused by the service. */
  amount: z.union([z.number(), z.string().max(32)]).optional(),
  /** Take a leg whose price rose since the member saw it (never one that fell). */
  acceptBetterOdds: z.boolean().optional().default(false),
});
