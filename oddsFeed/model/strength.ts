/**
 * Fixture models from team ratings, so the feed's service needs no maths. Ratings are Elo-like (1500 an
 * average team, 200 points a clear gap); the rating difference d, with the sport's home advantage added
 * unless the venue is neutral, sets each model's parameters on scales chosen to give real books' spreads:
 * FiveThirtyEight's 28 (NBA) and 25 (NFL) Elo points per point of spread, Elo's logistic for winner-only
 * sports, goal supremacy as a log ratio of the rates for the Poisson sports.
 */
import type { FixtureModel } from '../../contract/oddsFeed';
import type { Sport } from '../../contract/sports';
import { BASEBALL, COMBAT, ESPORT, GOAL_SPORTS, POINT_SPORTS, RALLY_SPORTS, TENNIS } from './formats';

export interface ModelOptions {
  /** No home advantage (a cup final, a tournament venue). */
  neutral?: boolean;
  /** Sets or maps to win the match out of (tennis 3 or 5, e-sports 3 or 5). */
  bestOf?: number;
}

const HOME_ADVANTAGE: Record<Sport, number> = {
  soccer: 60, hockey: 40, handball: 60, basketball: 100, football: 55, baseball: 24,
  volleyball: 30, badminton: 0, tennis: 0, combat: 0, esport: 0,
};

const logistic = (d: number) => 1 / (1 + 10 ** (-d / 400));
const ppm = (p: number) => Math.round(Math.min(0.98, Math.max(0.02, p)) * 1_000_000);
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits;

export function modelFor(sport: Sport, strengths: { home: number; away: number }, options: ModelOptions = {}): FixtureModel {
  if (!Number.isFinite(strengths.home) || !Number.isFinite(strengths.away)) throw new RangeError('ratings must be numbers');
  const d = clamp(strengths.home - strengths.away + (options.neutral ? 0 : HOME_ADVANTAGE[sport]), -800, 800);
  switch (sport) {
    case 'soccer':
    case 'hockey':
    case 'handball': {
      const [total, scale, rho] = sport === 'soccer' ? [2.65, 700, -0.08] : sport === 'hockey' ? [5.8, 700, -0.04] : [56, 2500, 0];
      const x = d / scale;
      return { kind: 'goals', homeRate: round((total / 2) * Math.exp(x)), awayRate: round((total / 2) * Math.exp(-x)), rho, ...GOAL_SPORTS[sport] };
    }
    case 'basketball':
    case 'football': {
      const [total, eloPerPoint, sd] = sport === 'basketball' ? [222, 28, 12] : [44, 25, 10];
      const spread = d / eloPerPoint;
      return { kind: 'points', homeMean: round((total + spread) / 2, 2), awayMean: round((total - spread) / 2, 2), sd, ...POINT_SPORTS[sport] };
    }
    case 'baseball': {
      const x = d / 1000;
      return { kind: 'runs', homeRate: round(4.4 * Math.exp(x)), awayRate: round(4.4 * Math.exp(-x)), innings: BASEBALL.innings };
    }
    case 'volleyball':
    case 'badminton': {
      const format = RALLY_SPORTS[sport];
      return { kind: 'rally', homePointPpm: ppm(clamp(0.5 + d / 8000, 0.38, 0.62)), setPoints: format.setPoints, finalSetPoints: format.finalSetPoints, bestOf: format.bestOf };
    }
    case 'tennis':
      return { kind: 'tennis', homeServePpm: ppm(clamp(0.63 + d / 8000, 0.45, 0.8)), awayServePpm: ppm(clamp(0.63 - d / 8000, 0.45, 0.8)), bestOf: options.bestOf === 5 ? 5 : TENNIS.bestOf };
    case 'combat':
      return { kind: 'combat', homeWinPpm: ppm(logistic(d)), finishPpm: 550_000, rounds: COMBAT.rounds, roundSeconds: COMBAT.roundSeconds };
    case 'esport':
      return { kind: 'maps', homeMapPpm: ppm(logistic(d * 0.7)), bestOf: options.bestOf === 5 ? 5 : ESPORT.bestOf, mapSeconds: ESPORT.mapSeconds };
  }
}
