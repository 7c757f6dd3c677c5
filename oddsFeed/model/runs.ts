/**
 * Baseball: each half-inning's runs are negative binomial (mean the side's rate over nine innings, shape 0.5:
 * about seven half-innings in ten score nothing, as in the major leagues), placed at uniform moments of the
 * half-inning. The away side bats first; the bottom of the ninth is not played when the home side leads;
 * a tie after nine goes to extra innings, each played in full, until one side leads. Every market is on the
 * final score (extra innings included) but the first five innings', which are on the runs after five. The
 * distribution is built forward half-inning by half-inning on the joint score grid, so the ninth's rule and
 * extra innings are exact; in play it starts from the score, the half-inning's runs so far thinned as goals
 * are (the half-inning's posterior given the runs seen after a fraction of it).
 */
import type { FixtureModel } from '../../contract/oddsFeed';
import { type IntDist, type Pmf, remainingAfter, trim } from './dist';
import { BASEBALL } from './formats';
import { handicapMarkets, totalMarkets } from './markets';
import { createRng, uniformTimes } from './random';
import { ScoreBook } from './scoreBook';
import type { FairMarket, MatchState, SimEvent } from './types';

export type RunsModel = Extract<FixtureModel, { kind: 'runs' }>;
type Grid = number[][];

const SHAPE = 0.5;
const MAX_RUNS = 30;

/** One half-inning's runs: negative binomial with the given mean and shape 0.5. */
export function halfInningPmf(mean: number): Pmf {
  const p = SHAPE / (SHAPE + mean);
  const out: Pmf = [p ** SHAPE];
  for (let x = 0; x < MAX_RUNS; x += 1) out.push((out[x]! * (x + SHAPE) * (1 - p)) / (x + 1));
  return trim(out, 1e-14);
}

const SIZE = 45;
const emptyGrid = (): Grid => Array.from({ length: SIZE }, () => new Array<number>(SIZE).fill(0));

/** One half-inning added to the grid: the batting side's runs, only in the cells `plays` allows. */
function addHalf(grid: Grid, side: 'home' | 'away', runs: Pmf, plays: (h: number, a: number) => boolean = () => true): Grid {
  const out = emptyGrid();
  grid.forEach((row, h) => row.forEach((p, a) => {
    if (p === 0) return;
    if (!plays(h, a)) {
      out[h]![a]! += p;
      return;
    }
    runs.forEach((q, x) => {
      const hh = Math.min(SIZE - 1, side === 'home' ? h + x : h);
      const aa = Math.min(SIZE - 1, side === 'away' ? a + x : a);
      out[hh]![aa]! += p * q;
    });
  }));
  return out;
}

/**
 * What extra innings add to a tie: increments[x][y] is the chance the home side adds x runs and the away
 * side y before one leads (innings played in full until the sides differ). The same for every tied score.
 */
function extraIncrements(home: Pmf, away: Pmf): Grid {
  let out = emptyGrid();
  let tied = emptyGrid();
  tied[0]![0] = 1;
  for (let round = 0; round < 60; round += 1) {
    const mass = tied.reduce((s, row) => s + row.reduce((t, p) => t + p, 0), 0);
    if (mass < 1e-14) break;
    const played = addHalf(addHalf(tied, 'away', away), 'home', home);
    out = out.map((row, h) => row.map((p, a) => (h === a ? p : p + played[h]![a]!)));
    tied = played.map((row, h) => row.map((p, a) => (h === a ? p : 0)));
  }
  return out;
}

const increments = new Map<string, Grid>();

/** Tied cells played on, an inning at a time, until one side leads. */
function extraInnings(grid: Grid, home: Pmf, away: Pmf, key: string): Grid {
  let extra = increments.get(key);
  if (!extra) {
    if (increments.size >= 256) increments.clear();
    extra = extraIncrements(home, away);
    increments.set(key, extra);
  }
  const out = grid.map((row, h) => row.map((p, a) => (h === a ? 0 : p)));
  for (let t = 0; t < SIZE; t += 1) {
    const p = grid[t]![t]!;
    if (p === 0) continue;
    extra.forEach((row, x) => row.forEach((q, y) => {
      if (q > 0) out[Math.min(SIZE - 1, t + x)]![Math.min(SIZE - 1, t + y)]! += p * q;
    }));
  }
  return out;
}

function marginAndTotal(grid: Grid): { margin: IntDist; total: IntDist } {
  const margin = new Array<number>(2 * SIZE - 1).fill(0);
  const total = new Array<number>(2 * SIZE - 1).fill(0);
  grid.forEach((row, h) => row.forEach((p, a) => {
    margin[h - a + SIZE - 1]! += p;
    total[h + a]! += p;
  }));
  return { margin: { min: -(SIZE - 1), p: margin }, total: { min: 0, p: total } };
}

/** Where play stands: the half-inning under way (0: top of the first) and how far into it. */
function position(state: MatchState): { half: number; fraction: number } {
  const t = Math.max(0, state.elapsedSeconds);
  return { half: Math.floor(t / BASEBALL.halfInningSeconds), fraction: (t % BASEBALL.halfInningSeconds) / BASEBALL.halfInningSeconds };
}

export function runsMarkets(model: RunsModel, state: MatchState | null): FairMarket[] {
  const innings = model.innings;
  const home = halfInningPmf(model.homeRate / innings);
  const away = halfInningPmf(model.awayRate / innings);
  let grid = emptyGrid();
  let from = 0;
  let inHalf: { runs: Pmf; half: number } | null = null;
  if (state) {
    const { half, fraction } = position(state);
    const inning = state.score.periods[Math.floor(half / 2)] ?? { home: 0, away: 0 };
    const side = half % 2 === 0 ? 'away' : 'home';
    inHalf = { half, runs: remainingAfter(side === 'home' ? home : away, inning[side], fraction) };
    from = half;
    grid[Math.min(SIZE - 1, state.score.home)]![Math.min(SIZE - 1, state.score.away)] = 1;
  } else grid[0]![0] = 1;
  const halfRuns = (half: number) => (inHalf?.half === half ? inHalf.runs : half % 2 === 0 ? away : home);
  const lastRegular = 2 * innings - 1;
  const markets: FairMarket[] = [];
  const firstEnd = 2 * BASEBALL.firstInnings;
  if (from >= 2 * innings) {
    // Extra innings: finish the inning under way, then play on while tied.
    const inningStart = from - (from % 2);
    for (let half = from; half < inningStart + 2; half += 1) grid = addHalf(grid, half % 2 === 0 ? 'away' : 'home', halfRuns(half));
  } else {
    for (let half = from; half <= lastRegular; half += 1) {
      const side = half % 2 === 0 ? 'away' : 'home';
      // The bottom of the ninth, not yet begun, is played only when the home side does not lead.
      grid = addHalf(grid, side, halfRuns(half), half === lastRegular && half !== from ? (h, a) => h <= a : undefined);
      if (half === firstEnd - 1) markets.push(...firstFive(grid));
    }
  }
  const { margin, total } = marginAndTotal(extraInnings(grid, home, away, `${model.homeRate}:${model.awayRate}`));
  const homeWins = margin.p.reduce((s, p, i) => (margin.min + i > 0 ? s + p : s), 0);
  markets.unshift(
    { kind: 'winner2', period: 'match', line: null, probs: [{ key: 'home', p: homeWins }, { key: 'away', p: 1 - homeWins }] },
    ...handicapMarkets(margin, 'match', { wholeLines: false, step: 1, alternatives: 1 }),
    ...totalMarkets(total, 'match', { wholeLines: true, step: 1, alternatives: 1 }),
  );
  return markets;
}

function firstFive(grid: Grid): FairMarket[] {
  const { margin, total } = marginAndTotal(grid);
  const home = margin.p.reduce((s, p, i) => (margin.min + i > 0 ? s + p : s), 0);
  const draw = margin.p[-margin.min]!;
  return [
    { kind: 'winner3', period: 'first', line: null, probs: [{ key: 'home', p: home }, { key: 'draw', p: draw }, { key: 'away', p: 1 - home - draw }] },
    ...totalMarkets(total, 'first', { wholeLines: false, step: 1, alternatives: 0 }),
  ];
}

export function simulateRuns(model: RunsModel, seed: string): SimEvent[] {
  const rng = createRng(seed);
  const home = halfInningPmf(model.homeRate / model.innings);
  const away = halfInningPmf(model.awayRate / model.innings);
  const seconds = BASEBALL.halfInningSeconds;
  const book = new ScoreBook(false);
  let end = 0;
  for (let inning = 1; inning <= 60; inning += 1) {
    const start = (inning - 1) * 2 * seconds;
    book.startPeriod(start);
    for (const side of ['away', 'home'] as const) {
      const { home: h, away: a } = book.current;
      if (side === 'home' && inning >= model.innings && h > a) break;
      const halfStart = start + (side === 'home' ? seconds : 0);
      for (const at of uniformTimes(rng, rng.pick(side === 'home' ? home : away), halfStart, halfStart + seconds)) book.event(at, 'run', side, 1);
      end = halfStart + seconds;
    }
    if (inning >= model.innings && book.current.home !== book.current.away) break;
  }
  return book.finish(end);
}
