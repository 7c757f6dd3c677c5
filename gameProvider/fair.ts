/**
 * Provably fair randomness. Each round draws from a server seed whose SHA-256 hash is published before
 * the round and the seed itself after it, with the round's client seed and nonce:
 *   block k = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${k}`), k = 0, 1, 2...
 * read as big-endian unsigned 32-bit words, in order. A draw from 0..n-1 takes the next word w and
 * rejects it while w >= n * floor(2^32 / n) (rejection sampling: no modulo bias), then answers w mod n.
 * Anyone holding the revealed seed can recompute every draw, and the hash proves it was fixed before.
 *
 * Pure and synchronous (crypto-js, no node:crypto): the vendor draws with it and the site's verifier
 * recomputes a round with it in the member's browser, the same code.
 */
import CryptoJS from 'crypto-js/core.js';
import 'crypto-js/sha256.js';
import 'crypto-js/hmac.js';

const WORD_SPACE = 2 ** 32;

/** Hex SHA-256 of the seed's text: its commitment. */
export function hashServerSeed(serverSeed: string): string {
  return CryptoJS.SHA256(serverSeed).toString();
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
  const hmac = CryptoJS.algo.HMAC.create(CryptoJS.algo.SHA256, serverSeed);
  let block = 0;
  let words: number[] = [];
  return rngFromWords(() => {
    if (words.length === 0) {
      hmac.reset();
      words = hmac.finalize(`${clientSeed}:${nonce}:${block}`).words.map((word) => word >>> 0);
      block += 1;
    }
    return words.shift()!;
  });
}
