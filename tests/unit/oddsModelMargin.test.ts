/**
 * The house odds feed's prices (oddsFeed/model): the power method's margin, and every market of every
 * sport, before and in play, carrying exactly its family's margin (within the floor to 0.01), no price below
 * 1.01 and fair probabilities summing to 1,000,000 parts per million.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MARGINS_BP, LIVE_MARGIN_BP, MARKET_FAMILY, SPORTS } from '../../contract/sports';
import { applyMargin, modelFor, priceFixture, simulateMatch, type PricedMarket } from '../../oddsFeed/model';

const margins = { marginsBp: DEFAULT_MARGINS_BP, liveMarginBp: LIVE_MARGIN_BP };
const seedOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** Σ 1/odds - 1 of floored prices lies in [margin, margin + what flooring can add). */
function expectOverround(odds: number[], marginBp: number, label: string) {
  const realised = odds.reduce((s, o) => s + 100 / o, 0) - 1;
  const flooring = odds.reduce((s, o) => s + 100 / o - 100 / (o + 1), 0);
  expect(realised, label).toBeGreaterThanOrEqual(marginBp / 10_000 - 1e-9);
  expect(realised, label).toBeLessThan(marginBp / 10_000 + flooring + 1e-9);
}

describe('applyMargin (power method)', () => {
  it('realises the margin within the floor to 0.01, for two, three and many selections', () => {
    const cases = [[500_000, 500_000], [460_000, 272_000, 268_000], [900_000, 100_000], [50_000, 150_000, 300_000, 500_000],
      Array.from({ length: 20 }, (_, i) => (i + 1) * 1000 + 40_000)];
    for (const ppm of cases) for (const marginBp of [300, 600, 700, 1200, 1400]) expectOverround(applyMargin(ppm, marginBp), marginBp, `${ppm} ${marginBp}`);
  });

  it('puts proportionally less margin on favourites than on longshots', () => {
    const ppm = [620_000, 250_000, 100_000, 30_000];
    const odds = applyMargin(ppm, 700);
    const loading = ppm.map((p, i) => 100 / odds[i]! / (p / 1_000_000));
    for (let i = 1; i < loading.length; i += 1) expect(loading[i]!).toBeGreaterThan(loading[i - 1]!);
    expect(loading[0]!).toBeGreaterThan(1);
    // Not the additive or proportional method: those load every selection alike.
    expect(loading[3]! - loading[0]!).toBeGreaterThan(0.05);
  });

  it('holds a favourite at 1.01 and puts the rest of the margin on the others', () => {
    const odds = applyMargin([994_000, 5_000, 1_000], 900);
    expect(odds[0]).toBe(101);
    expect(Math.min(...odds)).toBeGreaterThanOrEqual(101);
    expectOverround(odds, 900, 'held');
  });

  it('refuses what cannot be priced', () => {
    expect(() => applyMargin([1_000_000], 700)).toThrow();
    expect(() => applyMargin([0, 1_000_000], 700)).toThrow();
    expect(() => applyMargin([500_000, 500_000], -5)).toThrow();
  });
});

function checkMarkets(markets: PricedMarket[], live: boolean, label: string) {
  expect(markets.length, label).toBeGreaterThan(0);
  for (const market of markets) {
    const tag = `${label} ${market.kind} ${market.period} ${market.line}`;
    expect(market.marginBp, tag).toBe(DEFAULT_MARGINS_BP[MARKET_FAMILY[market.kind]] + (live ? LIVE_MARGIN_BP : 0));
    expect(market.selections.reduce((s, x) => s + x.fairPpm, 0), tag).toBe(1_000_000);
    expect(new Set(market.selections.map((s) => s.key)).size, tag).toBe(market.selections.length);
    for (const s of market.selections) {
      expect(Number.isInteger(s.oddsCents) && s.oddsCents >= 101, tag).toBe(true);
      expect(s.fairPpm, tag).toBeGreaterThan(0);
    }
    expectOverround(market.selections.map((s) => s.oddsCents), market.marginBp, tag);
    expect(market.selections.map((s) => s.oddsCents), tag).toEqual(applyMargin(market.selections.map((s) => s.fairPpm), market.marginBp));
  }
}

describe('every market of every sport', () => {
  for (const sport of SPORTS) {
    it(`${sport}: before kick-off and at points of a played match`, () => {
      for (const [home, away] of [[1500, 1500], [1700, 1450], [1400, 1650]] as const) {
        const model = modelFor(sport, { home, away });
        checkMarkets(priceFixture(model, sport, null, margins), false, `${sport} ${home}-${away}`);
        const events = simulateMatch(model, sport, seedOf(`${sport}${home}${away}`));
        for (const at of [0.1, 0.4, 0.7, 0.9]) {
          const event = events[Math.floor(events.length * at)]!;
          const live = priceFixture(model, sport, { score: event.score, elapsedSeconds: event.atSeconds }, margins);
          if (live.length > 0) checkMarkets(live, true, `${sport} live ${event.atSeconds}`);
        }
      }
    });
  }
});
