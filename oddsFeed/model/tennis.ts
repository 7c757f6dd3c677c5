/**
 * Tennis: each side wins a point on its own serve with the model's probability (Newton & Keller 2005,
 * "Probability of winning at tennis I"; Barnett & Clarke 2005). A service game is won with
 *   g(s) = s⁴(1 + 4q + 10q²) + 20 s³q³ · s² / (1 - 2sq),
 * a tie-break (first to 7 by two, the serve changing after the first point and then every two) by a walk
 * over its points with the two-point closed form from 6-6, a set by a walk over its games with the serve
 * alternating (a tie-break at 6-6) and the match over sets (best of 3 or 5). The home side serves first, and
 * the serve alternates every game through the match (a tie-break counts as one game), so who serves next
 * follows from the games played. Markets: winner, handicap and total in games, correct score in sets. The
 * simulation plays game by game with the same game and tie-break probabilities.
 */
import type { FixtureModel } from '../../contract/oddsFeed';
import { handicapMarkets, totalMarkets } from './markets';
import { createRng } from './random';
import { ScoreBook } from './scoreBook';
import { setMarkets } from './sets';
import { TENNIS } from './formats';
import type { FairMarket, MatchState, SimEvent } from './types';

export type TennisModel = Extract<FixtureModel, { kind: 'tennis' }>;

/** The server's chance of holding serve, winning each point with s. */
export function holdProbability(s: number): number {
  const q = 1 - s;
  return s ** 4 * (1 + 4 * q + 10 * q * q) + (20 * s ** 3 * q ** 3 * s * s) / (1 - 2 * s * q);
}

/** The home side's chance of winning a tie-break, home serving its first point or not. */
export function tiebreakProbability(homeServe: number, awayServe: number, homeFirst: boolean): number {
  // Point n (0-based) is served by the first server when n = 0 or ⌊(n-1)/2⌋ is odd.
  const homeWinsPoint = (n: number) => {
    const firstServes = n === 0 || Math.floor((n - 1) / 2) % 2 === 1;
    return firstServes === homeFirst ? homeServe : 1 - awayServe;
  };
  const memo = new Map<number, number>();
  const go = (i: number, j: number): number => {
    if (i >= 7 && i - j >= 2) return 1;
    if (j >= 7 && j - i >= 2) return 0;
    if (i === j && i >= 6) {
      // Two points from an even count: one served by each side.
      const a = homeWinsPoint(i + j);
      const b = homeWinsPoint(i + j + 1);
      return (a * b) / (a * b + (1 - a) * (1 - b));
    }
    const key = i * 100 + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const p = homeWinsPoint(i + j);
    const value = p * go(i + 1, j) + (1 - p) * go(i, j + 1);
    memo.set(key, value);
    return value;
  };
  return go(0, 0);
}

interface Odds {
  homeHold: number;
  awayHold: number;
  /** Tie-break won by home when home serves its first point, and when away does. */
  tiebreak: [number, number];
}

function oddsOf(model: TennisModel): Odds {
  const sh = model.homeServePpm / 1_000_000;
  const sa = model.awayServePpm / 1_000_000;
  return { homeHold: holdProbability(sh), awayHold: holdProbability(sa), tiebreak: [tiebreakProbability(sh, sa, true), tiebreakProbability(sh, sa, false)] };
}

/** The home side's chance of winning the next game, by who serves it and whether it is a tie-break. */
const gameProbability = (odds: Odds, homeServes: boolean, tiebreak: boolean) =>
  tiebreak ? odds.tiebreak[homeServes ? 0 : 1] : homeServes ? odds.homeHold : 1 - odds.awayHold;

const setOver = (i: number, j: number) => (i >= 6 && i - j >= 2) || (j >= 6 && j - i >= 2) || i === 7 || j === 7;

/** A set's final games from i-j, the home side serving next or not: 'i-j' → probability. */
function setFinals(odds: Odds, i: number, j: number, homeServes: boolean): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (a: number, b: number, serve: boolean, p: number) => {
    if (setOver(a, b)) {
      out.set(`${a}-${b}`, (out.get(`${a}-${b}`) ?? 0) + p);
      return;
    }
    const w = gameProbability(odds, serve, a === 6 && b === 6);
    walk(a + 1, b, !serve, p * w);
    walk(a, b + 1, !serve, p * (1 - w));
  };
  walk(i, j, homeServes, 1);
  return out;
}

const parse = (key: string) => key.split('-').map(Number) as [number, number];

export function tennisMarkets(model: TennisModel, state: MatchState | null): FairMarket[] {
  const odds = oddsOf(model);
  const sets = { home: state?.score.home ?? 0, away: state?.score.away ?? 0 };
  const periods = state?.score.periods ?? [];
  const setNo = sets.home + sets.away;
  const current = periods[setNo] ?? { home: 0, away: 0 };
  const played = periods.slice(0, setNo);
  const gamesSoFar = periods.slice(0, setNo + 1).reduce((s, p) => s + p.home + p.away, 0);
  const need = (model.bestOf + 1) / 2;
  if (sets.home >= need || sets.away >= need) return [];

  // The games grid walked set by set: state `sh-sa-homeServesFirst` → games grid (home games, away games).
  const size = 7 * model.bestOf + 1;
  type State = { sh: number; sa: number; serve: boolean; grid: number[][] };
  const start: number[][] = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  start[played.reduce((s, p) => s + p.home, 0)]![played.reduce((s, p) => s + p.away, 0)] = 1;
  let frontier: State[] = [{ sh: sets.home, sa: sets.away, serve: gamesSoFar % 2 === 0, grid: start }];
  const done = new Map<string, number[][]>();
  let first = true;
  while (frontier.length > 0) {
    const next = new Map<string, State>();
    for (const s of frontier) {
      const from = first ? current : { home: 0, away: 0 };
      for (const [key, p] of setFinals(odds, from.home, from.away, s.serve)) {
        const [gh, ga] = parse(key);
        const sh = s.sh + (gh > ga ? 1 : 0);
        const sa = s.sa + (ga > gh ? 1 : 0);
        // The next set's first server: the serve alternates every game.
        const serve = s.serve === ((gh + ga - from.home - from.away) % 2 === 0);
        const target = sh === need || sa === need ? done : null;
        const id = `${sh}-${sa}-${serve}`;
        let grid: number[][];
        if (target) {
          if (!target.has(`${sh}-${sa}`)) target.set(`${sh}-${sa}`, Array.from({ length: size }, () => new Array<number>(size).fill(0)));
          grid = target.get(`${sh}-${sa}`)!;
        } else {
          if (!next.has(id)) next.set(id, { sh, sa, serve, grid: Array.from({ length: size }, () => new Array<number>(size).fill(0)) });
          grid = next.get(id)!.grid;
        }
        s.grid.forEach((row, h) => row.forEach((q, a) => {
          if (q > 0) grid[Math.min(size - 1, h + gh)]![Math.min(size - 1, a + ga)]! += q * p;
        }));
      }
    }
    frontier = [...next.values()];
    first = false;
  }
  const scores = new Map<string, number>();
  const margin = new Array<number>(2 * size + 1).fill(0);
  const total = new Array<number>(2 * size + 1).fill(0);
  for (const [key, grid] of done) {
    grid.forEach((row, h) => row.forEach((q, a) => {
      scores.set(key, (scores.get(key) ?? 0) + q);
      margin[h - a + size]! += q;
      total[h + a]! += q;
    }));
  }
  const bySets = setMarkets(scores).filter((m) => m.kind === 'winner2' || m.kind === 'correctScore');
  return [
    ...bySets,
    ...handicapMarkets({ min: -size, p: margin }, 'match', { wholeLines: false, step: 2, alternatives: 1 }),
    ...totalMarkets({ min: 0, p: total }, 'match', { wholeLines: false, step: 2, alternatives: 1 }),
  ];
}

export function simulateTennis(model: TennisModel, seed: string): SimEvent[] {
  const rng = createRng(seed);
  const odds = oddsOf(model);
  const need = (model.bestOf + 1) / 2;
  const book = new ScoreBook(false);
  let at = 0;
  let games = 0;
  book.startPeriod(at);
  for (;;) {
    const set = book.current.periods[book.current.periods.length - 1]!;
    const tiebreak = set.home === 6 && set.away === 6;
    const w = gameProbability(odds, games % 2 === 0, tiebreak);
    at += tiebreak ? TENNIS.tiebreakSeconds : TENNIS.gameSeconds;
    games += 1;
    const winner = rng.uniform() < w ? 'home' : 'away';
    book.event(at, 'point', winner, 1, 0);
    if (!setOver(set.home, set.away)) continue;
    book.event(at, 'set', set.home > set.away ? 'home' : 'away', 0, 1);
    if (book.current.home === need || book.current.away === need) return book.finish(at);
    book.startPeriod(at);
  }
}

