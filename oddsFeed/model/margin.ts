/**
 * The margin, by the power method: a market's implied probabilities are q_i = p_i^k with k in (0, 1] chosen
 * (by bisection) so that Σ q_i = 1 + margin, and its prices 1/q_i floored to 0.01. Raising to a power below
 * one lifts small probabilities relatively more than large ones (q_i/p_i = p_i^(k-1)), so longshots carry
 * more of the margin than favourites, the favourite-longshot bias books show (Clarke, Kovalchik and Ingram
 * 2017, "Adjusting bookmaker's odds to allow for overround"; penaltyblog's implied-odds methods).
 */

/**
 * The power k in (0, 1] with Σ p_i^k = target. Σ p_i^k falls from the number of selections at k = 0 to Σ p_i
 * at k = 1, so bisection finds it whenever the target lies between.
 */
export function powerExponent(probs: readonly number[], target: number): number {
  const sum = (k: number) => probs.reduce((s, p) => s + p ** k, 0);
  if (target <= sum(1)) return 1;
  if (target >= probs.length) throw new RangeError('a margin that large cannot be priced');
  let low = 0;
  let high = 1;
  for (let i = 0; i < 200 && high - low > 1e-15; i += 1) {
    const mid = (low + high) / 2;
    if (sum(mid) > target) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

export const MIN_ODDS_CENTS = 101;

/**
 * Prices (integer hundredths, floored) of a market's fair probabilities with the margin. A price the power
 * method would put below 1.01 is held at 1.01 (the lowest a book quotes) and the rest of the margin goes on
 * the other selections by the same method, so the market's overround stays the margin set.
 */
export function applyMargin(fairPpm: number[], marginBp: number): number[] {
  if (fairPpm.length < 2) throw new RangeError('a market has at least two selections');
  if (fairPpm.some((p) => !(p > 0) || !Number.isFinite(p))) throw new RangeError('every probability must be positive');
  if (!Number.isFinite(marginBp) || marginBp < 0) throw new RangeError('the margin must be at least 0');
  const total = fairPpm.reduce((s, p) => s + p, 0);
  const probs = fairPpm.map((p) => p / total);
  const held = new Set<number>();
  for (;;) {
    const free = probs.map((p, i) => ({ p, i })).filter(({ i }) => !held.has(i));
    const target = 1 + marginBp / 10_000 - (held.size * 100) / MIN_ODDS_CENTS;
    const k = powerExponent(free.map(({ p }) => p), target);
    // 1e-9 keeps a price that is a whole hundredth in exact arithmetic from flooring a cent below it.
    const odds = probs.map((p, i) => (held.has(i) ? MIN_ODDS_CENTS : Math.floor(100 / p ** k + 1e-9)));
    const low = free.filter(({ i }) => odds[i]! < MIN_ODDS_CENTS);
    if (low.length === 0 || free.length - low.length < 1) return odds.map((o) => Math.max(MIN_ODDS_CENTS, o));
    for (const { i } of low) held.add(i);
  }
}
/** Probabilities as parts per million summing to exactly 1,000,000 (largest remainder), each at least 1. */
export function toPpm(probs: readonly number[]): number[] {
  const total = probs.reduce((s, p) => s + p, 0);
  const exact = probs.map((p) => (p / total) * 1_000_000);
  const ppm = exact.map((x) => Math.max(1, Math.floor(x)));
  let rest = 1_000_000 - ppm.reduce((s, p) => s + p, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let j = 0; rest > 0; j = (j + 1) % order.length, rest -= 1) ppm[order[j]!.i]! += 1;
  const bySize = exact.map((x, i) => ({ i, x })).sort((a, b) => b.x - a.x || a.i - b.i);
  for (let j = 0; rest < 0; j = (j + 1) % bySize.length) {
    if (ppm[bySize[j]!.i]! > 1) {
      ppm[bySize[j]!.i]! -= 1;
      rest += 1;
    }
  }
  return ppm;
}
