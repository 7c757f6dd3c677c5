/** Discrete distributions as plain arrays: `p[x]` is the probability of x = 0, 1, 2, ... */

export type Pmf = number[];

/** ln(n!) for the binomial and Poisson terms (exact sums below 256, Stirling's series above). */
const LOG_FACT: number[] = [0];
for (let n = 1; n < 256; n += 1) LOG_FACT[n] = LOG_FACT[n - 1]! + Math.log(n);
export function logFactorial(n: number): number {
  if (n < 256) return LOG_FACT[n]!;
  return n * Math.log(n) - n + 0.5 * Math.log(2 * Math.PI * n) + 1 / (12 * n) - 1 / (360 * n ** 3);
}

/** Poisson(rate) on 0..max. */
export function poisson(rate: number, max: number): Pmf {
  const p: Pmf = [];
  for (let x = 0; x <= max; x += 1) p.push(rate === 0 ? (x === 0 ? 1 : 0) : Math.exp(x * Math.log(rate) - rate - logFactorial(x)));
  return p;
}

/** Binomial(n, f) probability of k. */
export function binomial(k: number, n: number, f: number): number {
  if (k < 0 || k > n) return 0;
  if (f <= 0) return k === 0 ? 1 : 0;
  if (f >= 1) return k === n ? 1 : 0;
  return Math.exp(logFactorial(n) - logFactorial(k) - logFactorial(n - k) + k * Math.log(f) + (n - k) * Math.log(1 - f));
}

/** The distribution of the sum of two independent counts. */
export function convolve(a: Pmf, b: Pmf): Pmf {
  const out: Pmf = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] === 0) continue;
    for (let j = 0; j < b.length; j += 1) out[i + j]! += a[i]! * b[j]!;
  }
  return out;
}

/** Trailing probabilities below `epsilon` cut off (they are past any line a market prices). */
export function trim(p: Pmf, epsilon = 1e-13): Pmf {
  let end = p.length;
  while (end > 1 && p[end - 1]! < epsilon) end -= 1;
  return p.slice(0, end);
}

export const normalize = (p: Pmf): Pmf => {
  const total = p.reduce((s, x) => s + x, 0);
  return p.map((x) => x / total);
};

/** A count shifted by `by` (the part already scored plus what is still to come). */
export const shift = (p: Pmf, by: number): Pmf => [...new Array<number>(by).fill(0), ...p];

/**
 * Events placed uniformly in time: a total N of them, of which `seen` fell in the first fraction f. The
 * posterior of the ones still to come, N - seen, is ∝ P(N) · C(N, seen) f^seen (1-f)^(N-seen).
 */
export function remainingAfter(total: Pmf, seen: number, f: number): Pmf {
  const out: Pmf = [];
  for (let n = seen; n < total.length; n += 1) out.push(total[n]! * binomial(seen, n, f));
  return out.length === 0 || out.every((x) => x === 0) ? [1] : normalize(out);
}

/** Of N events placed uniformly, how many fall in a window of fraction g: Σ P(N) Binomial(·; N, g). */
export function thin(total: Pmf, g: number): Pmf {
  const out: Pmf = new Array<number>(total.length).fill(0);
  for (let n = 0; n < total.length; n += 1) {
    if (total[n] === 0) continue;
    for (let k = 0; k <= n; k += 1) out[k]! += total[n]! * binomial(k, n, g);
  }
  return out;
}

/** A score difference or total as a distribution over integers from `min`. */
export interface IntDist {
  min: number;
  p: number[];
}
