/**
 * The house odds feed's models: prices and simulated matches from one model per fixture, pure TypeScript
 * (no I/O, no node:), so the feed's service prices and plays matches with it and the member's browser
 * verifies a played match with the same code.
 *
 * The models (each module's head comment gives its maths):
 * - goals.ts (soccer, hockey, handball): Poisson goal rates with the Dixon-Coles low-score correction
 *   (Dixon & Coles 1997; penaltyblog's dixon_coles_probability): one score grid prices 1X2, the winner with
 *   overtime, handicaps, totals, both teams to score, correct score, odd/even and first-period markets; in
 *   play the grid is conditioned on the score and the time played.
 * - points.ts (basketball, American football): scoring plays placed uniformly over the match, their number
 *   fitted to the model's mean and standard deviation and their values the sport's (2s and 3s; touchdowns and
 *   field goals): a discretised, near-normal distribution of each side's points (Stern 1994's Brownian
 *   motion is its limit), priced for spread, total and first half.
 * - runs.ts (baseball): each half-inning's runs negative binomial, nine innings, the bottom of the ninth
 *   skipped when the home side leads, extra innings until one side leads.
 * - rally.ts (volleyball, badminton): rally-point win probability → set (deuce: two clear, badminton capped
 *   at 30) → match.
 * - tennis.ts: each side's serve-point probability → game → set (tie-break at 6-6) → match, with the serve
 *   alternating (Newton & Keller 2005, "Probability of winning at tennis I").
 * - combat.ts: the winner, the method (finish or points, a small draw) and the time a finish comes.
 * - maps.ts (e-sports): independent maps over a best of 3 or 5.
 * margin.ts adds each family's margin by the power method (Clarke, Kovalchik & Ingram 2017), prices floored
 * to 0.01. random.ts draws from a committed seed (HMAC-SHA256 blocks, as contract/fairness.ts): a match's
 * events are drawn from the very distributions that price it, so the fair prices are its real odds (the
 * calibration tests check it). settle.ts settles a market from the final score.
 *
 * A draw compares a uniform number with probabilities computed in floating point (Math.exp, Math.log), which
 * engines may round differently in the last bit; a draw could only come out differently in another browser
 * if its uniform number fell within about 1e-16 of a boundary, so the verifier's answer is the feed's.
 */
import type { FixtureModel } from '../../contract/oddsFeed';
import type { Sport, SportScore } from '../../contract/sports';
import { combatMarkets, simulateCombat } from './combat';
import { goalsMarkets, simulateGoals } from './goals';
import { mapsMarkets, simulateMaps } from './maps';
import { priceMarkets } from './markets';
import { pointsMarkets, simulatePoints } from './points';
import { rallyMarkets, simulateRally } from './rally';
import { hashSeed, isSeed } from './random';
import { runsMarkets, simulateRuns } from './runs';
import { simulateTennis, tennisMarkets } from './tennis';
import type { FairMarket, Margins, MatchState, PricedMarket, SimEvent } from './types';

export { applyMargin, toPpm } from './margin';
export { hashSeed, isSeed } from './random';
export { settleMarket, firstPeriodScore, type SettleableMarket } from './settle';
export { modelFor, type ModelOptions } from './strength';
export type { MatchState, PricedMarket, PricedSelection, SimEvent, Margins } from './types';

/** The margin-free markets of a fixture, before or in play. */
export function fairMarkets(model: FixtureModel, sport: Sport, state: MatchState | null): FairMarket[] {
  switch (model.kind) {
    case 'goals':
      return goalsMarkets(model, sport, state);
    case 'points':
      return pointsMarkets(model, sport, state);
    case 'runs':
      return runsMarkets(model, state);
    case 'rally':
      return rallyMarkets(model, sport, state);
    case 'tennis':
      return tennisMarkets(model, state);
    case 'combat':
      return combatMarkets(model, state);
    case 'maps':
      return mapsMarkets(model, state);
  }
}

/**
 * A fixture's markets with prices: pre-match (state null) or in play (the state of a match not yet finished),
 * the live margin added. Markets already decided, or a selection of which is more than 99.5% likely, are
 * left out.
 */
export function priceFixture(model: FixtureModel, sport: Sport, state: MatchState | null, margins: Margins): PricedMarket[] {
  return priceMarkets(fairMarkets(model, sport, state), margins, state !== null);
}

/** The whole match from its seed: every event with its play time and the score after it, a 'finish' last. */
export function simulateMatch(model: FixtureModel, sport: Sport, seed: string): SimEvent[] {
  switch (model.kind) {
    case 'goals':
      return simulateGoals(model, sport, seed);
    case 'points':
      return simulatePoints(model, sport, seed);
    case 'runs':
      return simulateRuns(model, seed);
    case 'rally':
      return simulateRally(model, sport, seed);
    case 'tennis':
      return simulateTennis(model, seed);
    case 'combat':
      return simulateCombat(model, seed);
    case 'maps':
      return simulateMaps(model, seed);
  }
}

/**
 * The browser's check of a played match: the seed matches its commitment, and the final score it plays to
 * (a string that is no seed at all is not ok, with an empty score).
 */
export function verifyFixture(model: FixtureModel, sport: Sport, seed: string, seedHash: string): { ok: boolean; final: SportScore } {
  if (!isSeed(seed)) return { ok: false, final: { home: 0, away: 0, periods: [], scoreSeq: 0, period: null, clockSeconds: null } };
  const events = simulateMatch(model, sport, seed);
  return { ok: hashSeed(seed) === seedHash.toLowerCase(), final: events[events.length - 1]!.score };
}
