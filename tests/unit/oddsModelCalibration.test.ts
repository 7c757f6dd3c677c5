/**
 * Calibration of every model kind but goals (oddsModelGoals.test.ts has soccer's 100,000): for one sport of
 * each kind, every pre-match market's margin-free probabilities against the outcomes of matches simulated
 * from seeds and settled by settleMarket (a push taken out, as the fair price takes it out). The counts are
 * what runs in a few seconds each on one core; the tolerance is 4.5 binomial standard errors,
 * sqrt(p(1 - p) / n), plus 0.002 for the simulation's whole seconds (a combat finish on a line's second).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MARGINS_BP, LIVE_MARGIN_BP, type Sport } from '../../contract/sports';
import { firstPeriodScore, modelFor, priceFixture, settleMarket, simulateMatch } from '../../oddsFeed/model';

const margins = { marginsBp: DEFAULT_MARGINS_BP, liveMarginBp: LIVE_MARGIN_BP };
const seedOf = (text: string) => createHash('sha256').update(text).digest('hex');

function calibrate(sport: Sport, n: number, ratings: { home: number; away: number }) {
  const model = modelFor(sport, ratings);
  const markets = priceFixture(model, sport, null, margins);
  const tally = markets.map(() => ({ wins: new Map<string, number>(), settled: new Map<string, number>() }));
  for (let i = 0; i < n; i += 1) {
    const events = simulateMatch(model, sport, seedOf(`${sport} ${i}`));
    const final = events[events.length - 1]!.score;
    markets.forEach((market, j) => {
      const outcomes = settleMarket(market, sport, final, firstPeriodScore(sport, final), model);
      for (const [key, outcome] of Object.entries(outcomes)) {
        if (outcome === 'void') continue;
        tally[j]!.settled.set(key, (tally[j]!.settled.get(key) ?? 0) + 1);
        if (outcome === 'win') tally[j]!.wins.set(key, (tally[j]!.wins.get(key) ?? 0) + 1);
      }
    });
  }
  markets.forEach((market, j) => {
    for (const s of market.selections) {
      const settled = tally[j]!.settled.get(s.key) ?? 0;
      const p = s.fairPpm / 1_000_000;
      const observed = (tally[j]!.wins.get(s.key) ?? 0) / settled;
      const tolerance = 4.5 * Math.sqrt((p * (1 - p)) / settled) + 0.002;
      expect(Math.abs(observed - p), `${sport} ${market.kind} ${market.period} ${market.line} ${s.key}: ${observed} vs ${p}`).toBeLessThan(tolerance);
    }
  });
  return markets;
}

describe('simulated matches land on the fair prices', () => {
  it('points (basketball, overtime included): 6,000 matches', () => {
    calibrate('basketball', 6000, { home: 1560, away: 1500 });
  }, 120_000);
  it('runs (baseball, the ninth and extra innings): 10,000 matches', () => {
    calibrate('baseball', 10_000, { home: 1500, away: 1560 });
  }, 120_000);
  it('rally (volleyball, best of 5, fifth set to 15): 8,000 matches', () => {
    calibrate('volleyball', 8000, { home: 1560, away: 1500 });
  }, 120_000);
  it('tennis (best of 3, tie-breaks, games markets): 10,000 matches', () => {
    calibrate('tennis', 10_000, { home: 1580, away: 1500 });
  }, 120_000);
  it('combat (method and rounds): 20,000 fights', () => {
    calibrate('combat', 20_000, { home: 1600, away: 1500 });
  }, 120_000);
  it('maps (e-sports best of 3): 20,000 series', () => {
    calibrate('esport', 20_000, { home: 1450, away: 1500 });
  }, 120_000);
  it('goals with overtime (hockey winner2 and handball totals): 10,000 matches each', () => {
    calibrate('hockey', 10_000, { home: 1500, away: 1500 });
    calibrate('handball', 5000, { home: 1550, away: 1500 });
  }, 120_000);
});
