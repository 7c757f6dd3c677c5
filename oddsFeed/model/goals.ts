/**
 * Soccer, hockey and handball: each side's goals over regulation time are Poisson (rates λ home, μ away),
 * with Dixon and Coles' low-score correction (Dixon & Coles 1997, "Modelling association football scores
 * and inefficiencies in the football betting market"; penaltyblog's dixon_coles_probability):
 *   P(h, a) = τ(h, a) · Pois(h; λ) · Pois(a; μ), τ(0,0) = 1 - λμρ, τ(0,1) = 1 + λρ, τ(1,0) = 1 + μρ,
 *   τ(1,1) = 1 - ρ, τ = 1 elsewhere (the four corrections cancel, so the grid still sums to 1).
 * One grid prices every market. The simulation draws the final score from the grid and places each goal at
 * a uniform moment of regulation time, so goals in any window are a binomial thinning of the grid: the first
 * period's grid is Bᵀ·P·B (B[n][k] = Binomial(k; n, f)), and in play the grid conditioned on the score seen
 * after a fraction f of the match is P(h, a) · Bin(h₀; h, f) · Bin(a₀; a, f), normalised (with ρ = 0 this
 * is exactly Poisson with the remaining time's rates). A tied hockey or handball match goes to sudden-death
 * overtime, won by the home side with probability λ / (λ + μ) (the next goal's); winner2 includes it, the
 * other markets are on regulation time.
 */
import type { FixtureModel } from '../../contract/oddsFeed';
import type { Period, Sport, SportScore } from '../../contract/sports';
import { binomial, type IntDist, poisson } from './dist';
import { OVERTIME_SECONDS } from './formats';
import { correctScoreMarket, handicapMarkets, totalMarkets } from './markets';
import { createRng, type Rng, uniformTimes } from './random';
import { ScoreBook } from './scoreBook';
import type { FairMarket, MatchState, SimEvent } from './types';

export type GoalsModel = Extract<FixtureModel, { kind: 'goals' }>;
type Grid = number[][];

/** The Dixon-Coles correction factor of a cell. */
export function tau(h: number, a: number, lambda: number, mu: number, rho: number): number {
  if (h === 0 && a === 0) return 1 - lambda * mu * rho;
  if (h === 0 && a === 1) return 1 + lambda * rho;
  if (h === 1 && a === 0) return 1 + mu * rho;
  if (h === 1 && a === 1) return 1 - rho;
  return 1;
}

/** The largest count a grid holds: past it a Poisson's tail is below 1e-13. */
const gridSize = (rate: number) => Math.ceil(rate + 10 * Math.sqrt(rate) + 12);

/** The regulation-time score grid, grid[h][a]. */
export function scoreGrid(model: GoalsModel): Grid {
  return cachedGrid(model).grid;
}

/** Grids of recent models (a feed prices and plays the same fixtures over and over). */
const grids = new Map<string, { grid: Grid; flat: number[] }>();
function cachedGrid(model: GoalsModel): { grid: Grid; flat: number[] } {
  const key = `${model.homeRate}:${model.awayRate}:${model.rho}`;
  let known = grids.get(key);
  if (!known) {
    if (grids.size >= 256) grids.clear();
    const grid = buildGrid(model);
    known = { grid, flat: grid.flat() };
    grids.set(key, known);
  }
  return known;
}

function buildGrid(model: GoalsModel): Grid {
  const n = gridSize(Math.max(model.homeRate, model.awayRate));
  const home = poisson(model.homeRate, n);
  const away = poisson(model.awayRate, n);
  return home.map((ph, h) => away.map((pa, a) => tau(h, a, model.homeRate, model.awayRate, model.rho) * ph * pa));
}

/** Each side's goals thinned to a window of fraction g: Bᵀ·P·B. */
export function thinGrid(grid: Grid, g: number): Grid {
  const n = grid.length;
  const b = Array.from({ length: n }, (_, total) => Float64Array.from({ length: total + 1 }, (_, k) => binomial(k, total, g)));
  // (P·B)[h][k] = Σ_a P[h][a] B[a][k], then (Bᵀ·PB)[j][k] = Σ_h B[h][j] PB[h][k].
  const pb = grid.map((row) => {
    const out = new Float64Array(n);
    for (let a = 0; a < row.length; a += 1) {
      const p = row[a]!;
      if (p < 1e-16) continue;
      const ba = b[a]!;
      for (let k = 0; k <= a; k += 1) out[k]! += p * ba[k]!;
    }
    return out;
  });
  const out = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let h = 0; h < n; h += 1) {
    const bh = b[h]!;
    const row = pb[h]!;
    for (let j = 0; j <= h; j += 1) {
      const w = bh[j]!;
      if (w < 1e-16) continue;
      const target = out[j]!;
      for (let k = 0; k < n; k += 1) target[k]! += w * row[k]!;
    }
  }
  return out;
}

/** The grid of final scores given h0-a0 after a fraction f of regulation time. */
export function conditionGrid(grid: Grid, h0: number, a0: number, f: number): Grid {
  const out = grid.map((row, h) => row.map((p, a) => (h < h0 || a < a0 ? 0 : p * binomial(h0, h, f) * binomial(a0, a, f))));
  const total = out.reduce((s, row) => s + row.reduce((t, p) => t + p, 0), 0);
  return total > 0 ? out.map((row) => row.map((p) => p / total)) : out;
}

/** The grid of what is still to come (goals after the current score), in the window's share g of it. */
function remainingThinned(conditioned: Grid, h0: number, a0: number, g: number): Grid {
  const rest = conditioned.slice(h0).map((row) => row.slice(a0));
  const n = Math.max(rest.length, rest[0]?.length ?? 0);
  const square = Array.from({ length: n }, (_, h) => Array.from({ length: n }, (_, a) => rest[h]?.[a] ?? 0));
  const thinned = thinGrid(square, g);
  // Back to absolute scores.
  const size = n + Math.max(h0, a0);
  return Array.from({ length: size }, (_, h) => Array.from({ length: size }, (_, a) => (h < h0 || a < a0 ? 0 : thinned[h - h0]?.[a - a0] ?? 0)));
}

export function marginOf(grid: Grid): IntDist {
  const n = grid.length;
  const p = new Array<number>(2 * n - 1).fill(0);
  grid.forEach((row, h) => row.forEach((x, a) => { p[h - a + n - 1]! += x; }));
  return { min: -(n - 1), p };
}

export function totalOf(grid: Grid): IntDist {
  const p = new Array<number>(2 * grid.length - 1).fill(0);
  grid.forEach((row, h) => row.forEach((x, a) => { p[h + a]! += x; }));
  return { min: 0, p };
}

function sumWhere(grid: Grid, test: (h: number, a: number) => boolean): number {
  return grid.reduce((s, row, h) => s + row.reduce((t, x, a) => (test(h, a) ? t + x : t), 0), 0);
}

const otShare = (model: GoalsModel) => model.homeRate / (model.homeRate + model.awayRate);
const hasOvertime = (sport: Sport) => sport === 'hockey' || sport === 'handball';

function lineStep(grid: Grid): number {
  const mean = totalOf(grid).p.reduce((s, p, x) => s + p * x, 0);
  return Math.max(1, Math.round(Math.sqrt(mean) / 3));
}

function gridMarkets(grid: Grid, period: Period, sport: Sport, model: GoalsModel, full: boolean): FairMarket[] {
  const home = sumWhere(grid, (h, a) => h > a);
  const draw = sumWhere(grid, (h, a) => h === a);
  const away = 1 - home - draw;
  const markets: FairMarket[] = [{ kind: 'winner3', period, line: null, probs: [{ key: 'home', p: home }, { key: 'draw', p: draw }, { key: 'away', p: away }] }];
  const step = lineStep(grid);
  if (!full) return [...markets, ...totalMarkets(totalOf(grid), period, { wholeLines: false, step, alternatives: 0 })];
  if (hasOvertime(sport)) {
    const w = otShare(model);
    markets.push({ kind: 'winner2', period, line: null, probs: [{ key: 'home', p: home + draw * w }, { key: 'away', p: away + draw * (1 - w) }] });
  }
  markets.push(...handicapMarkets(marginOf(grid), period, { wholeLines: true, step, alternatives: 1 }));
  markets.push(...totalMarkets(totalOf(grid), period, { wholeLines: false, step, alternatives: 1 }));
  const both = sumWhere(grid, (h, a) => h > 0 && a > 0);
  markets.push({ kind: 'bothScore', period, line: null, probs: [{ key: 'yes', p: both }, { key: 'no', p: 1 - both }] });
  const odd = sumWhere(grid, (h, a) => (h + a) % 2 === 1);
  markets.push({ kind: 'oddEven', period, line: null, probs: [{ key: 'odd', p: odd }, { key: 'even', p: 1 - odd }] });
  if (sport !== 'handball') {
    const scores = grid.flatMap((row, h) => row.map((p, a) => ({ key: `${h}-${a}`, p }))).filter((s) => s.p > 0);
    markets.push(correctScoreMarket(period, scores, 0.003));
  }
  return markets;
}

/** The regulation score so far: the sum of the regulation periods played. */
export function regulationScore(score: SportScore, periods: number): { home: number; away: number } {
  return score.periods.slice(0, periods).reduce((s, p) => ({ home: s.home + p.home, away: s.away + p.away }), { home: 0, away: 0 });
}

export function goalsMarkets(model: GoalsModel, sport: Sport, state: MatchState | null): FairMarket[] {
  const grid = scoreGrid(model);
  const regulation = model.periods * model.periodSeconds;
  const firstShare = 1 / model.periods;
  if (!state) return [...gridMarkets(grid, 'match', sport, model, true), ...gridMarkets(thinGrid(grid, firstShare), 'first', sport, model, false)];
  const t = Math.max(0, state.elapsedSeconds);
  const { home: h0, away: a0 } = regulationScore(state.score, model.periods);
  if (t >= regulation || state.score.periods.length > model.periods) {
    // Overtime: only the match winner is still open, and only while the regulation score is level.
    if (!hasOvertime(sport) || h0 !== a0 || state.score.home !== state.score.away) return [];
    const w = otShare(model);
    return [{ kind: 'winner2', period: 'match', line: null, probs: [{ key: 'home', p: w }, { key: 'away', p: 1 - w }] }];
  }
  const f = t / regulation;
  const conditioned = conditionGrid(grid, h0, a0, f);
  const markets = gridMarkets(conditioned, 'match', sport, model, true);
  const firstEnd = model.periodSeconds;
  if (t < firstEnd) markets.push(...gridMarkets(remainingThinned(conditioned, h0, a0, (firstEnd - t) / (regulation - t)), 'first', sport, model, false));
  return markets;
}

/** Soccer's bookings: cosmetic events (they move the score's sequence, not the prices). */
const CARDS = poisson(1.9, 15);

export function simulateGoals(model: GoalsModel, sport: Sport, seed: string): SimEvent[] {
  const rng: Rng = createRng(seed);
  const { grid, flat } = cachedGrid(model);
  const n = grid.length;
  const cell = rng.pick(flat);
  const home = Math.floor(cell / n);
  const away = cell % n;
  const regulation = model.periods * model.periodSeconds;
  const items: { at: number; type: 'goal' | 'card'; team: 'home' | 'away' }[] = [
    ...uniformTimes(rng, home, 0, regulation).map((at) => ({ at, type: 'goal' as const, team: 'home' as const })),
    ...uniformTimes(rng, away, 0, regulation).map((at) => ({ at, type: 'goal' as const, team: 'away' as const })),
  ];
  if (sport === 'soccer') {
    for (const team of ['home', 'away'] as const) items.push(...uniformTimes(rng, rng.pick(CARDS), 0, regulation).map((at) => ({ at, type: 'card' as const, team })));
  }
  items.sort((x, y) => x.at - y.at);
  const book = new ScoreBook(model.periodSeconds);
  for (let period = 0; period < model.periods; period += 1) {
    book.startPeriod(period * model.periodSeconds);
    for (const item of items) if (item.at >= period * model.periodSeconds && item.at < (period + 1) * model.periodSeconds) {
      book.event(item.at, item.type, item.team, item.type === 'goal' ? 1 : 0);
    }
  }
  if (home === away && hasOvertime(sport)) {
    book.startPeriod(regulation);
    const winner = rng.uniform() < otShare(model) ? 'home' : 'away';
    const at = regulation + Math.floor(rng.uniform() * OVERTIME_SECONDS[sport]!);
    book.event(at, 'goal', winner, 1);
    return book.finish(at);
  }
  return book.finish(regulation);
}
