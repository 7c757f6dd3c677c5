/**
 * Each sport's format as the models play it: periods and their seconds of play, overtime, sets, innings,
 * rounds, maps. modelFor writes them into a fixture's model; settlement falls back on them when it is not
 * given the model.
 */
import type { Sport } from '../../contract/sports';

export const GOAL_SPORTS = { soccer: { periods: 2, periodSeconds: 2700 }, hockey: { periods: 3, periodSeconds: 1200 }, handball: { periods: 2, periodSeconds: 1800 } } as const;
/** Overtime of a tied hockey or handball match: sudden death within these seconds (a shootout's goal at its end). */
export const OVERTIME_SECONDS: Partial<Record<Sport, number>> = { hockey: 300, handball: 600, basketball: 300, football: 600 };
export const POINT_SPORTS = { basketball: { periods: 4, periodSeconds: 720 }, football: { periods: 4, periodSeconds: 900 } } as const;
export const BASEBALL = { innings: 9, halfInningSeconds: 600, firstInnings: 5 } as const;
export const RALLY_SPORTS = {
  volleyball: { setPoints: 25, finalSetPoints: 15, bestOf: 5, pointSeconds: 25 },
  badminton: { setPoints: 21, finalSetPoints: 21, bestOf: 3, pointSeconds: 15 },
} as const;
export const TENNIS = { bestOf: 3, gameSeconds: 240, tiebreakSeconds: 600 } as const;
export const COMBAT = { rounds: 3, roundSeconds: 300 } as const;
export const ESPORT = { bestOf: 3, mapSeconds: 2100 } as const;

/** How many of a sport's score periods make its 'first' period (two quarters are a first half, five innings...). */
export const FIRST_PERIODS: Record<Sport, number> = {
  soccer: 1, hockey: 1, handball: 1, basketball: 2, football: 2, baseball: BASEBALL.firstInnings,
  volleyball: 1, badminton: 1, tennis: 1, combat: 1, esport: 1,
};
