/**
 * Provably fair randomness. Each round draws from a server seed whose SHA-256 hash is published before
 * the round and the seed itself after it, with the round's client seed and nonce:
 *   block k = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${k}`), k = 0, 1, 2...
 * read as big-endian unsigned 32-bit words, in order. A draw from 0..n-1 takes the next word w and
 * rejects it while w >= n * floor(2^32 / n) (rejection sampling: no modulo bias), then answers w mod n.
 * Anyone holding the revealed seed can recompute every draw, and the hash proves it was fixed before.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

const WORD_SPACE = 2 ** 32;

export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

export interface Rng {
  /** A uniform integer from 0 to n-1 (1 <= n <= 2^32). */
  int(n: number): number;
  /** An index drawn with the given integer weights (each >= 0, sum >= 1). */
  weighted(weights: readonly number[]): number;
}

/** Any source of unsigned 32-bit words as an Rng (the engines take an Rng, so tests can pass a fast one). */
export function rngFromWords(nextWord: () => number): Rng {
  const int = (n: number): number => {
    if (!Number.isInteger(n) || n < 1 || n > WORD_SPACE) throw new RangeError(`bad range ${n}`);
    const limit = WORD_SPACE - (WORD_SPACE % n);
    for (;;) {
      const word = nextWord();
      if (word < limit) return word % n;
    }
  };
  return {
    int,
    weighted(weights) {
      const total = weights.reduce((sum, w) => sum + w, 0);
      let draw = int(total);
      for (let i = 0; i < weights.length; i += 1) {
        draw -= weights[i]!;
        if (draw < 0) return i;
      }
      throw new RangeError('weights must sum to at least 1');
    },
  };
}

/** The round's random stream from its (server seed, client seed, nonce). */
export function createRng(serverSeed: string, clientSeed: string, nonce: number): Rng {
  let block = 0;
  let words: number[] = [];
  return rngFromWords(() => {
    if (words.length === 0) {
      const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${block}`).digest();
      block += 1;
      words = Array.from({ length: 8 }, (_, i) => digest.readUInt32BE(i * 4));
    }
    return words.shift()!;
  });
}
