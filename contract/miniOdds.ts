/**
 * Exact probabilities of every mini-game selection, and the odds they give with a margin. Each game's
 * outcome space is a list of weighted atoms (the facts a draw decides and how many equally likely
 * draws give them):
 * - powerball: the normal-ball sum over all C(28,5) = 98,280 sets, times the ten powerballs;
 * - power ladder: its four ladders, equally likely;
 * - speed keno: the sum over all C(70,22) sets (counted by dynamic programming, in BigInt);
 * - keno ladder: the first speed keno number, 1-70, equally likely.
 */
import {
  deriveOddsCents, type FactsOf, KENO, kenoLadder, ladderOf, type Market, MARKETS, type MiniGame, type OddsTable, POWERBALL,
} from './minigames';

export interface Atom<F> {
  facts: F;
  weight: bigint;
}

/** How many sets of `k` different numbers from 1..max have each sum: index = sum. */
export function subsetSumCounts(max: number, k: number): bigint[] {
  const top = (k * (2 * max - k + 1)) / 2;
  // ways[j][s]: sets of j numbers (from those seen so far) summing to s
  const ways = Array.from({ length: k + 1 }, () => new Array<bigint>(top + 1).fill(0n));
  ways[0]![0] = 1n;
  for (let n = 1; n <= max; n += 1) {
    for (let j = Math.min(k, n); j >= 1; j -= 1) {
      const into = ways[j]!;
      const from = ways[j - 1]!;
      for (let s = top; s >= n; s -= 1) if (from[s - n]! !== 0n) into[s] = into[s]! + from[s - n]!;
    }
  }
  return ways[k]!;
}

const cache = new Map<MiniGame, Atom<unknown>[]>();

export function atomsOf<G extends MiniGame>(game: G): Atom<FactsOf[G]>[] {
  const known = cache.get(game);
  if (known) return known as Atom<FactsOf[G]>[];
  let atoms: Atom<unknown>[];
  if (game === 'powerball') {
    const sums = subsetSumCounts(POWERBALL.normalMax, POWERBALL.normals);
    atoms = [];
    sums.forEach((weight, sum) => {
      if (weight === 0n) return;
      for (let pb = 0; pb <= POWERBALL.powerballMax; pb += 1) atoms.push({ facts: { sum, pb }, weight });
    });
  } else if (game === 'speedkino') {
    atoms = subsetSumCounts(KENO.max, KENO.count).flatMap((weight, sum) => (weight === 0n ? [] : [{ facts: { sum }, weight }]));
  } else if (game === 'powerladder') {
    atoms = (['left', 'right'] as const).flatMap((start) => ([3, 4] as const).map((rungs) => ({ facts: ladderOf(start, rungs), weight: 1n })));
  } else {
    atoms = Array.from({ length: KENO.max }, (_, i) => ({ facts: kenoLadder(i + 1), weight: 1n }));
  }
  cache.set(game, atoms);
  return atoms as Atom<FactsOf[G]>[];
}

export interface Probability {
  num: bigint;
  den: bigint;
}

/** market id -> selection id -> exact probability. */
export function probabilities(game: MiniGame): Record<string, Record<string, Probability>> {
  const atoms = atomsOf(game) as Atom<unknown>[];
  const den = atoms.reduce((s, a) => s + a.weight, 0n);
  const table: Record<string, Record<string, Probability>> = {};
  for (const market of MARKETS[game] as readonly Market<unknown>[]) {
    table[market.id] = {};
    for (const selection of market.selections) {
      const num = atoms.reduce((s, a) => (selection.wins(a.facts) ? s + a.weight : s), 0n);
      table[market.id]![selection.id] = { num, den };
    }
  }
  return table;
}

const probabilityCache = new Map<MiniGame, Record<string, Record<string, Probability>>>();

/** The margin (basis points) a market's odds are computed from: its own, else `fallbackBp`. */
export const marketMarginBp = (margins: Record<string, number>, fallbackBp: number, market: string): number => margins[market] ?? fallbackBp;

/** The odds of every selection with the margins (basis points) per market; `fallbackBp` for unset markets. */
export function oddsTable(game: MiniGame, margins: Record<string, number>, fallbackBp: number): OddsTable {
  let probs = probabilityCache.get(game);
  if (!probs) {
    probs = probabilities(game);
    probabilityCache.set(game, probs);
  }
  const odds: OddsTable = {};
  for (const [market, selections] of Object.entries(probs)) {
    odds[market] = {};
    for (const [selection, p] of Object.entries(selections)) {
      odds[market]![selection] = deriveOddsCents(p.num, p.den, marketMarginBp(margins, fallbackBp, market));
    }
  }
  return odds;
}
