/**
 * Volleyball and badminton: rally scoring, the home side winning each rally with the model's probability p.
 * A set goes to `setPoints` (volleyball's fifth set to 15) by two clear points; badminton stops at 30 (30-29
 * wins). From a tie at or past the last point but one, the set is won two rallies ahead: p² / (p² + q²).
 * Sets are independent, so the match is the sets' walk to the first to win most of `bestOf`. The simulation
 * plays the rallies one by one with the same p.
 */
import type { FixtureModel } from '../../contract/oddsFeed';
import type { Sport } from '../../contract/sports';
import { createRng } from './random';
import { ScoreBook } from './scoreBook';
import { setMarkets, setScores } from './sets';
import type { FairMarket, MatchState, SimEvent } from './types';

export type RallyModel = Extract<FixtureModel, { kind: 'rally' }>;

const capOf = (sport: Sport) => (sport === 'badminton' ? 30 : null);
const pointSecondsOf = (sport: Sport) => (sport === 'badminton' ? 15 : 25);

/** Whether a set at i-j (home-away) to `target` points is over, and who won it. */
function setOver(i: number, j: number, target: number, cap: number | null): 'home' | 'away' | null {
  if (cap !== null && (i === cap || j === cap)) return i > j ? 'home' : 'away';
  if (i >= target && i - j >= 2) return 'home';
  if (j >= target && j - i >= 2) return 'away';
  return null;
}

/** The home side's chance of winning a set from i-j. */
export function setWinProbability(p: number, target: number, cap: number | null, i = 0, j = 0): number {
  const memo = new Map<number, number>();
  const q = 1 - p;
  const go = (a: number, b: number): number => {
    const over = setOver(a, b, target, cap);
    if (over) return over === 'home' ? 1 : 0;
    if (cap === null && a === b && a >= target - 1) return (p * p) / (p * p + q * q);
    if (cap === null && a >= target - 1 && b >= target - 1) return a > b ? p + q * ((p * p) / (p * p + q * q)) : p * ((p * p) / (p * p + q * q));
    const key = a * 1000 + b;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const value = p * go(a + 1, b) + q * go(a, b + 1);
    memo.set(key, value);
    return value;
  };
  return go(i, j);
}

const targetOf = (model: RallyModel, set: number) => (set === model.bestOf ? model.finalSetPoints : model.setPoints);

export function rallyMarkets(model: RallyModel, sport: Sport, state: MatchState | null): FairMarket[] {
  const p = model.homePointPpm / 1_000_000;
  const cap = capOf(sport);
  const later = (set: number) => setWinProbability(p, targetOf(model, set), cap);
  const home = state?.score.home ?? 0;
  const away = state?.score.away ?? 0;
  const set = home + away + 1;
  const points = state?.score.periods[set - 1] ?? { home: 0, away: 0 };
  const current = setWinProbability(p, targetOf(model, set), cap, points.home, points.away);
  return setMarkets(setScores(model.bestOf, home, away, current, later));
}

export function simulateRally(model: RallyModel, sport: Sport, seed: string): SimEvent[] {
  const rng = createRng(seed);
  const cap = capOf(sport);
  const seconds = pointSecondsOf(sport);
  const need = (model.bestOf + 1) / 2;
  const book = new ScoreBook(false);
  let at = 0;
  book.startPeriod(at);
  for (;;) {
    const score = book.current;
    const set = score.periods[score.periods.length - 1]!;
    const winner = rng.int(1_000_000) < model.homePointPpm ? 'home' : 'away';
    at += seconds;
    book.event(at, 'point', winner, 1, 0);
    const over = setOver(set.home, set.away, targetOf(model, score.periods.length), cap);
    if (!over) continue;
    book.event(at, 'set', over, 0, 1);
    if (book.current.home === need || book.current.away === need) return book.finish(at);
    book.startPeriod(at);
  }
}
