/** The slot engine's maths and the fair random stream it draws from. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRng, hashServerSeed, rngFromWords } from '../../gameProvider/fair';
import { linePay, LINES, PAYLINES, rtp, SCATTER, spin, STRIPS, TARGET_RTP, WILD } from '../../gameProvider/slots/engine';

/** xorshift128: a fast word source for the simulation (the engine is under test, not the stream). */
function xorshift(seed: number) {
  let [a, b, c, d] = [seed >>> 0, 0x2545f491, 0x9e3779b9, 0x6a09e667];
  return rngFromWords(() => {
    const t = a ^ (a << 11);
    [a, b, c] = [b, c, d];
    d = (d ^ (d >>> 19) ^ (t ^ (t >>> 8))) >>> 0;
    return d;
  });
}

describe('slot maths', () => {
  it('has 20 distinct paylines over 5 reels of 3 rows', () => {
    expect(LINES).toBe(20);
    expect(new Set(PAYLINES.map((l) => l.join(''))).size).toBe(20);
    expect(PAYLINES.every((l) => l.length === 5 && l.every((r) => r >= 0 && r <= 2))).toBe(true);
  });

  it('never shows two scatters on one reel, and reel 1 has no wild', () => {
    for (const strip of STRIPS) {
      for (let stop = 0; stop < strip.length; stop += 1) {
        const window = [0, 1, 2].map((row) => strip[(stop + row) % strip.length]);
        expect(window.filter((s) => s === SCATTER).length).toBeLessThanOrEqual(1);
      }
    }
    expect(STRIPS[0]).not.toContain(WILD);
  });

  it('pays lines left to right with wilds standing in', () => {
    expect(linePay([0, 0, 0, 5, 5])).toMatchObject({ symbol: 0, count: 3 });
    expect(linePay([3, WILD, 3, WILD, 3])).toMatchObject({ symbol: 3, count: 5 });
    expect(linePay([4, WILD, WILD, 2, 2])).toMatchObject({ symbol: 4, count: 3 });
    expect(linePay([1, 1, 2, 1, 1]).pay).toBe(0);
    expect(linePay([2, 2, SCATTER, 2, 2]).pay).toBe(0);
    expect(linePay([5, 5, 5, 5, 5]).pay).toBeGreaterThan(linePay([5, 5, 5, 5, 1]).pay);
  });

  it('its exact return is the stated target RTP', () => {
    expect(Math.abs(rtp() - TARGET_RTP)).toBeLessThan(0.001);
  });

  it('a million spins return the target RTP within ±0.5%', () => {
    const rng = xorshift(20261123);
    let paid = 0;
    const spins = 1_000_000;
    for (let i = 0; i < spins; i += 1) paid += spin(rng).totalPay;
    const returned = paid / (spins * LINES);
    expect(Math.abs(returned - TARGET_RTP)).toBeLessThan(0.005);
  }, 120_000);
});

describe('fair randomness', () => {
  it('commits to a seed by its SHA-256 and draws the same stream from the same seeds', () => {
    expect(hashServerSeed('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
    const draws = (nonce: number) => { const rng = createRng('server-seed', 'client', nonce); return Array.from({ length: 50 }, () => rng.int(37)); };
    expect(draws(1)).toEqual(draws(1));
    expect(draws(1)).not.toEqual(draws(2));
    expect(draws(1).every((n) => n >= 0 && n < 37)).toBe(true);
    expect(spin(createRng('s', 'c', 0))).toEqual(spin(createRng('s', 'c', 0)));
  });

  it('rejects words that would bias the modulo', () => {
    // 2^32 mod 3 = 1, so the top word (2^32 - 1) is rejected and the next one decides.
    const words = [2 ** 32 - 1, 5];
    expect(rngFromWords(() => words.shift()!).int(3)).toBe(2);
    const weights = [1, 0, 3];
    const picks = [0, 1, 2, 3].map((w) => rngFromWords(() => w).weighted(weights));
    expect(picks).toEqual([0, 2, 2, 2]);
  });
});
