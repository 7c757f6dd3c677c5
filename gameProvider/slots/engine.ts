/**
 * The slot engine: 5 reels × 3 rows, 20 paylines paid left to right, a wild that stands for every
 * symbol but the scatter, and scatters paid anywhere. Pure: a spin is a function of an Rng, so the
 * round's seed decides it and a simulation can run it a million times.
 *
 * Maths (every title uses the same): each reel is a fixed strip; a spin draws one uniform stop per reel
 * and shows three consecutive symbols. Line pays are multiples of the line bet, scatter pays of the
 * total bet (20 line bets). Scatters on a strip are at least three apart, so a reel shows at most one.
 * rtp() computes the exact return from the strips: on any payline the five symbols are independent,
 * each distributed as its strip, so the expected line pay is a sum over symbol combinations, and the
 * scatter count is a sum of independent per-reel Bernoulli draws. TARGET_RTP states the result.
 */
import type { Rng } from '../fair';

export const REELS = 5;
export const ROWS = 3;
export const WILD = 8;
export const SCATTER = 9;
/** Symbols 0-3 high, 4-7 low, 8 wild (reels 2-5), 9 scatter. */
export const SYMBOL_COUNT = 10;
/** Each symbol's short name in outcomes and the verifier (whatever a title's art draws). */
export const SYMBOL_CODES: readonly string[] = ['H1', 'H2', 'H3', 'H4', 'A', 'K', 'Q', 'J', 'W', 'S'];

export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2], [2, 2, 1, 0, 0], [1, 0, 0, 0, 1], [1, 2, 2, 2, 1], [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2], [1, 0, 1, 2, 1], [1, 2, 1, 0, 1], [0, 1, 0, 1, 0], [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1], [1, 1, 2, 1, 1], [0, 2, 0, 2, 0], [2, 0, 2, 0, 2], [0, 2, 2, 2, 0],
];
export const LINES = PAYLINES.length;

/** Pays in line bets for 3, 4 and 5 of a kind, by symbol 0-7 (the wild pays as what it stands for). */
export const PAYTABLE: readonly (readonly [number, number, number])[] = [
  [15, 50, 95], [12, 40, 80], [10, 30, 60], [8, 25, 50],
  [6, 15, 40], [5, 12, 30], [5, 10, 25], [4, 8, 20],
];
/** Pays in total bets for 3, 4 and 5 scatters anywhere. */
export const SCATTER_PAYS: readonly [number, number, number] = [2, 10, 50];

/** How many of each symbol (0-9) each reel's strip holds. */
const REEL_COUNTS: readonly (readonly number[])[] = [
  [1, 2, 2, 3, 3, 4, 4, 5, 0, 1],
  [1, 2, 2, 3, 3, 4, 4, 5, 6, 1],
  [1, 2, 2, 3, 3, 4, 4, 5, 6, 1],
  [1, 2, 2, 3, 3, 4, 4, 5, 5, 1],
  [1, 2, 2, 3, 3, 4, 4, 5, 5, 1],
];

/** Lays a strip out from its counts: scatters evenly spaced, the rest in a fixed shuffled order. */
function layStrip(counts: readonly number[], salt: number): number[] {
  const others: number[] = [];
  counts.forEach((n, symbol) => { if (symbol !== SCATTER) for (let i = 0; i < n; i += 1) others.push(symbol); });
  let state = 0x9e3779b9 ^ salt;
  for (let i = others.length - 1; i > 0; i -= 1) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    const j = state % (i + 1);
    [others[i], others[j]] = [others[j]!, others[i]!];
  }
  const length = others.length + counts[SCATTER]!;
  const strip: number[] = [];
  const scatters = counts[SCATTER]!;
  const gap = Math.floor(length / Math.max(scatters, 1));
  for (let pos = 0, placed = 0; pos < length; pos += 1) {
    if (placed < scatters && pos === placed * gap) {
      strip.push(SCATTER);
      placed += 1;
    } else {
      strip.push(others.pop()!);
    }
  }
  return strip;
}

export const STRIPS: readonly (readonly number[])[] = REEL_COUNTS.map((counts, reel) => layStrip(counts, reel + 1));

export interface LineWin {
  line: number;
  symbol: number;
  count: number;
  /** In line bets. */
  pay: number;
}

export interface SpinResult {
  /** grid[reel][row] */
  grid: number[][];
  stops: number[];
  lineWins: LineWin[];
  scatters: number;
  /** Scatter pay in total bets. */
  scatterPay: number;
  /** Everything won, in line bets. */
  totalPay: number;
}

/**
 * The pay (in line bets) of five symbols on a line: the first symbol that is not a wild, with the wilds
 * before and after it, from the leftmost reel (leading wilds before a scatter, or five wilds, pay as
 * the top symbol; reel 1 holds no wild, so neither happens with these strips).
 */
export function linePay(symbols: readonly number[]): { symbol: number; count: number; pay: number } {
  const first = symbols.find((s) => s !== WILD);
  const symbol = first === undefined || first === SCATTER ? 0 : first;
  let count = 0;
  while (count < REELS && (symbols[count] === symbol || symbols[count] === WILD)) count += 1;
  return { symbol, count, pay: count >= 3 ? PAYTABLE[symbol]![count - 3]! : 0 };
}

export function spin(rng: Rng): SpinResult {
  const stops = STRIPS.map((strip) => rng.int(strip.length));
  const grid = STRIPS.map((strip, reel) => Array.from({ length: ROWS }, (_, row) => strip[(stops[reel]! + row) % strip.length]!));
  const lineWins: LineWin[] = [];
  let totalPay = 0;
  PAYLINES.forEach((rows, line) => {
    const win = linePay(rows.map((row, reel) => grid[reel]![row]!));
    if (win.pay > 0) {
      lineWins.push({ line, ...win });
      totalPay += win.pay;
    }
  });
  const scatters = grid.reduce((n, column) => n + column.filter((s) => s === SCATTER).length, 0);
  const scatterPay = scatters >= 3 ? SCATTER_PAYS[Math.min(scatters, 5) - 3]! : 0;
  totalPay += scatterPay * LINES;
  return { grid, stops, lineWins, scatters, scatterPay, totalPay };
}

/** The exact return to player (won back per won bet) of the strips and pays above. */
export function rtp(): number {
  const freq = STRIPS.map((strip) => {
    const f = new Array<number>(SYMBOL_COUNT).fill(0);
    for (const s of strip) f[s]! += 1;
    return f.map((n) => n / strip.length);
  });
  // Expected pay of one line, in line bets.
  let line = 0;
  const symbols = [0, 0, 0, 0, 0];
  const walk = (reel: number, p: number): void => {
    if (p === 0) return;
    if (reel === REELS) {
      line += p * linePay(symbols).pay;
      return;
    }
    for (let s = 0; s < SYMBOL_COUNT; s += 1) {
      symbols[reel] = s;
      walk(reel + 1, p * freq[reel]![s]!);
    }
  };
  walk(0, 1);
  // Scatter count: each reel shows one with probability 3 × (its scatters) / (its length).
  let dist = [1];
  for (const strip of STRIPS) {
    const p = (ROWS * strip.filter((s) => s === SCATTER).length) / strip.length;
    dist = [...dist, 0].map((q, k) => q * (1 - p) + (k > 0 ? dist[k - 1]! * p : 0));
  }
  const scatter = dist.reduce((sum, q, k) => sum + (k >= 3 ? q * SCATTER_PAYS[Math.min(k, 5) - 3]! : 0), 0);
  return line + scatter;
}

/** The stated return to player (the exact rtp() to two decimals, checked by tests). */
export const TARGET_RTP = 0.96;
