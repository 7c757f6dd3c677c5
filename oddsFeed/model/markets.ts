/**
 * Markets from a model's distributions: the lines (around the median, so a main line is near even), the fair
 * probabilities of their selections (a push on a whole line is void, so it is taken out: the fair price is
 * the probability given no push), and the margin and rounding that make them priced markets.
 */
import { MARKET_FAMILY, type Period } from '../../contract/sports';
import type { IntDist } from './dist';
import { applyMargin, toPpm } from './margin';
import type { FairMarket, Margins, PricedMarket } from './types';

/** A market with a selection this likely is decided in practice: it is off the board. */
export const DECIDED_ABOVE = 0.995;

export interface LineOptions {
  /** Whole lines (a push is void) besides the half lines. */
  wholeLines: boolean;
  /** The distance between the main line and its alternatives, in units (goals, points, ...). */
  step: number;
  /** Alternative lines on each side of the main one. */
  alternatives: number;
}

/** P(X > x) and P(X = x) in constant time, from the distribution's cumulative sums. */
interface Tails {
  (x: number): { over: number; equal: number };
  /** The values with any weight: lines are chosen among them. */
  range: readonly [number, number];
}

function tails(dist: IntDist): Tails {
  // Cut the negligible ends first: the candidate lines run over the support left.
  let lo = 0;
  let hi = dist.p.length - 1;
  while (lo < hi && dist.p[lo]! < 1e-13) lo += 1;
  while (hi > lo && dist.p[hi]! < 1e-13) hi -= 1;
  const below: number[] = [0];
  for (let i = 0; i < dist.p.length; i += 1) below.push(below[i]! + dist.p[i]!);
  const total = below[dist.p.length]!;
  const at = (x: number) => {
    const i = Math.floor(x) - dist.min;
    return Math.min(dist.p.length, Math.max(0, i + 1));
  };
  const tail = (x: number) => ({
    over: total - below[at(x)]!,
    equal: Number.isInteger(x) && x - dist.min >= 0 && x - dist.min < dist.p.length ? dist.p[x - dist.min]! : 0,
  });
  return Object.assign(tail, { range: [dist.min + lo, dist.min + hi] as const });
}

function twoWay(over: number, equal: number): [number, number] | null {
  const rest = 1 - equal;
  if (rest <= 1e-12) return null;
  return [over / rest, Math.max(0, 1 - over / rest)];
}

/** The main line's neighbours: half lines stay half, whole lines whole. */
function linesAround(main: number, options: LineOptions): number[] {
  const lines = [main];
  for (let i = 1; i <= options.alternatives; i += 1) lines.push(main - i * options.step, main + i * options.step);
  return lines.sort((a, b) => a - b);
}

function mainLine(candidates: number[], probOf: (line: number) => number | null): number {
  let best = candidates[0]!;
  let bestGap = Infinity;
  for (const line of candidates) {
    const p = probOf(line);
    if (p === null) continue;
    const gap = Math.abs(p - 0.5);
    if (gap < bestGap - 1e-12) {
      best = line;
      bestGap = gap;
    }
  }
  return best;
}

function candidateLines(from: number, to: number, whole: boolean): number[] {
  const lines: number[] = [];
  for (let x = Math.floor(from) - 0.5; x <= to + 0.5; x += 0.5) if (whole || !Number.isInteger(x)) lines.push(x);
  return lines;
}

/** Handicap markets on the home side's margin d: home wins when d + line > 0, a push when it is 0. */
export function handicapMarkets(margin: IntDist, period: Period, options: LineOptions): FairMarket[] {
  const tail = tails(margin);
  const probOf = (line: number) => {
    const { over, equal } = tail(-line);
    return twoWay(over, equal)?.[0] ?? null;
  };
  const [lo, hi] = tail.range;
  const main = mainLine(candidateLines(-hi, -lo, options.wholeLines), probOf);
  return linesAround(main, options).flatMap((line) => {
    const { over, equal } = tail(-line);
    const pair = twoWay(over, equal);
    if (!pair) return [];
    return [{ kind: 'handicap', period, line: Math.round(line * 100), probs: [{ key: 'home', p: pair[0] }, { key: 'away', p: pair[1] }] }];
  });
}

/** Over/under markets on a total: over wins above the line, a push on it. */
export function totalMarkets(total: IntDist, period: Period, options: LineOptions): FairMarket[] {
  const tail = tails(total);
  const probOf = (line: number) => {
    const { over, equal } = tail(line);
    return twoWay(over, equal)?.[0] ?? null;
  };
  const main = mainLine(candidateLines(tail.range[0], tail.range[1], options.wholeLines), probOf);
  return linesAround(main, options).flatMap((line) => {
    if (line < 0) return [];
    const { over, equal } = tail(line);
    const pair = twoWay(over, equal);
    if (!pair) return [];
    return [{ kind: 'total', period, line: Math.round(line * 100), probs: [{ key: 'over', p: pair[0] }, { key: 'under', p: pair[1] }] }];
  });
}

/**
 * A correct-score market from score probabilities: the likeliest scores (at most `maxListed`, each at least
 * `listAbove` likely) by themselves, the rest together as 'other'.
 */
export function correctScoreMarket(period: Period, scores: { key: string; p: number }[], listAbove: number, maxListed = 25): FairMarket {
  const ranked = [...scores].sort((a, b) => b.p - a.p);
  const listedKeys = new Set(ranked.filter((s) => s.p >= listAbove).slice(0, maxListed).map((s) => s.key));
  const listed = scores.filter((s) => listedKeys.has(s.key));
  const other = scores.filter((s) => !listedKeys.has(s.key)).reduce((sum, s) => sum + s.p, 0);
  const probs = other >= 1e-4 ? [...listed, { key: 'other', p: other }] : listed;
  return { kind: 'correctScore', period, line: null, probs };
}

/** The margin, the rounding to parts per million and the checks that put a fair market on the board. */
export function priceMarkets(fair: FairMarket[], margins: Margins, live: boolean): PricedMarket[] {
  return fair.flatMap((market) => {
    const total = market.probs.reduce((s, x) => s + x.p, 0);
    const probs = market.probs.map((x) => ({ key: x.key, p: x.p / total })).filter((x) => x.p >= 1e-6);
    if (probs.length < 2 || probs.some((x) => x.p > DECIDED_ABOVE) || !(total > 0)) return [];
    const fairPpm = toPpm(probs.map((x) => x.p));
    const marginBp = margins.marginsBp[MARKET_FAMILY[market.kind]] + (live ? margins.liveMarginBp : 0);
    const odds = applyMargin(fairPpm, marginBp);
    return [{
      kind: market.kind,
      period: market.period,
      line: market.line,
      marginBp,
      selections: probs.map((x, i) => ({ key: x.key, fairPpm: fairPpm[i]!, oddsCents: odds[i]! })),
    }];
  });
}
