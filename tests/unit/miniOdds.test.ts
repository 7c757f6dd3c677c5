/**
 * Odds come from exact probabilities: every powerball normal-ball set (C(28,5) = 98,280) is enumerated
 * here independently of the module's counting, and every selection's payout returns at most 100% and
 * equals the margin within the hundredth's rounding.
 */
import { describe, expect, it } from 'vitest';
import { deriveOddsCents, type FactsOf, MARKETS, type Market, MINI_GAMES } from '../../contract/minigames';
import { oddsTable, probabilities, subsetSumCounts } from '../../contract/miniOdds';

function enumeratePowerballSums(): Map<number, number> {
  const sums = new Map<number, number>();
  let sets = 0;
  for (let a = 1; a <= 28; a += 1) for (let b = a + 1; b <= 28; b += 1) for (let c = b + 1; c <= 28; c += 1)
    for (let d = c + 1; d <= 28; d += 1) for (let e = d + 1; e <= 28; e += 1) {
      sets += 1;
      const s = a + b + c + d + e;
      sums.set(s, (sums.get(s) ?? 0) + 1);
    }
  expect(sets).toBe(98_280);
  return sums;
}

describe('exact probabilities', () => {
  it('powerball: every selection, counted over all 98,280 normal-ball sets and ten powerballs', () => {
    const sums = enumeratePowerballSums();
    const counted = subsetSumCounts(28, 5);
    for (const [s, n] of sums) expect(counted[s]).toBe(BigInt(n));
    const probs = probabilities('powerball');
    for (const market of MARKETS.powerball as readonly Market<FactsOf['powerball']>[]) {
      for (const selection of market.selections) {
        let wins = 0;
        for (const [sum, n] of sums) for (let pb = 0; pb <= 9; pb += 1) if (selection.wins({ sum, pb })) wins += n;
        const p = probs[market.id]![selection.id]!;
        expect(p.num * 982_800n, `${market.id}.${selection.id}`).toBe(BigInt(wins) * p.den);
      }
    }
    expect(probs.pbOddEven!.odd).toEqual({ num: 491_400n, den: 982_800n });
  });

  it('speed keno sums count all C(70,22) sets', () => {
    const counts = subsetSumCounts(70, 22);
    let choose = 1n;
    for (let i = 0n; i < 22n; i += 1n) choose = (choose * (70n - i)) / (i + 1n);
    expect(counts.reduce((s, n) => s + n, 0n)).toBe(choose);
    // The sum is symmetric around 22 * 35.5 = 781.
    expect(counts[700]).toBe(counts[1562 - 700]);
  });

  it('each market\'s selections cover every draw exactly once', () => {
    for (const game of MINI_GAMES) {
      for (const [market, selections] of Object.entries(probabilities(game))) {
        const values = Object.values(selections);
        expect(values.reduce((s, p) => s + p.num, 0n), `${game}.${market}`).toBe(values[0]!.den);
      }
    }
  });
});

describe('odds from probabilities and margin', () => {
  for (const marginBp of [9_750, 9_500, 10_000]) {
    it(`return to player is at most ${marginBp / 100}% and within rounding of it, for every selection of every game`, () => {
      for (const game of MINI_GAMES) {
        const probs = probabilities(game);
        const odds = oddsTable(game, {}, marginBp);
        for (const [market, selections] of Object.entries(probs)) {
          for (const [selection, p] of Object.entries(selections)) {
            const cents = odds[market]![selection]!;
            // RTP = p * odds, in basis points: p.num/p.den * cents/100 * 10_000
            const rtpTimesDen = p.num * BigInt(cents) * 100n;
            expect(rtpTimesDen <= BigInt(marginBp) * p.den, `${game}.${market}.${selection}`).toBe(true);
            expect(rtpTimesDen <= 10_000n * p.den).toBe(true);
            // Below the margin by less than one hundredth of the odds: p * 0.01.
            expect(BigInt(marginBp) * p.den - rtpTimesDen < p.num * 100n, `${game}.${market}.${selection}`).toBe(true);
          }
        }
      }
    });
  }

  it('pays 1.95 on an even two-way market at 97.5%', () => {
    expect(deriveOddsCents(1n, 2n, 9_750)).toBe(195);
    expect(oddsTable('powerladder', {}, 9_750).line).toEqual({ left3even: 390, left4odd: 390, right3odd: 390, right4even: 390 });
  });
});
