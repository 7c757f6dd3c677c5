/**
 * The seeded draws of a simulated match, pure and synchronous (sha256.ts; no node: and no Web Crypto, so the
 * browser's verifier runs the same code). The seed is 64 lowercase hex digits
 * (32 bytes) and its commitment sha256 of those bytes, as hex: the same as contract/fairness.ts hashSeed.
 * The stream is HMAC-SHA256 keyed with the seed's bytes over `oddsFeed:<block>` for block 0, 1, ...,
 * each block eight big-endian uint32 words, read in order (the hash-chained draws of contract/fairness.ts).
 * A uniform number takes two words (53 bits); an integer below n takes one by rejection (no modulo bias).
 */
import { bytesToHex, hexToBytes, hmacSha256, sha256 } from './sha256';

export const isSeed = (text: string): boolean => /^[0-9a-f]{64}$/.test(text);

/** sha256 of the seed's bytes as hex: the commitment published before kick-off. */
export function hashSeed(seed: string): string {
  if (!isSeed(seed)) throw new RangeError('a seed is 64 lowercase hex digits');
  return bytesToHex(sha256(hexToBytes(seed)));
}

export interface Rng {
  /** Uniform in [0, 1), 53 bits. */
  uniform(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** An index drawn from probabilities summing to 1 (inverse distribution function). */
  pick(probs: readonly number[]): number;
}

export function createRng(seed: string): Rng {
  if (!isSeed(seed)) throw new RangeError('a seed is 64 lowercase hex digits');
  const mac = hmacSha256(hexToBytes(seed));
  const encoder = new TextEncoder();
  let block = 0;
  let words: Int32Array = new Int32Array(0);
  let next = 0;
  const word = (): number => {
    if (next === words.length) {
      words = mac(encoder.encode(`oddsFeed:${block}`));
      block += 1;
      next = 0;
    }
    const w = words[next]! >>> 0;
    next += 1;
    return w;
  };
  const uniform = () => ((word() >>> 5) * 67108864 + (word() >>> 6)) / 9007199254740992;
  return {
    uniform,
    int(n) {
      if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`bad range ${n}`);
      const limit = 2 ** 32 - (2 ** 32 % n);
      for (;;) {
        const w = word();
        if (w < limit) return w % n;
      }
    },
    pick(probs) {
      let u = uniform();
      for (let i = 0; i < probs.length; i += 1) {
        u -= probs[i]!;
        if (u < 0) return i;
      }
      // The tail lost to rounding goes to the last index with any weight.
      for (let i = probs.length - 1; i >= 0; i -= 1) if (probs[i]! > 0) return i;
      throw new RangeError('no weight to draw from');
    },
  };
}

/** `count` uniform times in [from, to), sorted: the moments of events placed uniformly in a window. */
export function uniformTimes(rng: Rng, count: number, from: number, to: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) times.push(from + Math.floor(rng.uniform() * (to - from)));
  return times.sort((a, b) => a - b);
}
