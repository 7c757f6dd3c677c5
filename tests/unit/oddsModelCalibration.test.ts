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
  it('rally (volleyball, best of 5, fifth set to 15): 8,000 matches, and the winner in play after the first set', () => {
    calibrate('volleyball', 8000, { home: 1560, away: 1500 });
    // In play: the match winner given the first set's winner, priced from the score at the second set's start.
    const model = modelFor('volleyball', { home: 1560, away: 1500 });
    const tally = { '1-0': { wins: 0, n: 0 }, '0-1': { wins: 0, n: 0 } };
    for (let i = 0; i < 8000; i += 1) {
      const events = simulateMatch(model, 'volleyball', seedOf(`volleyball ${i}`));
      const afterFirst = events.find((e) => e.event.type === 'set')!.score;
      const t = tally[`${afterFirst.home}-${afterFirst.away}` as '1-0' | '0-1'];
      t.n += 1;
      if (events.at(-1)!.score.home > events.at(-1)!.score.away) t.wins += 1;
    }
    for (const [key, t] of Object.entries(tally)) {
      const [home, away] = key.split('-').map(Number) as [number, number];
      const score = { home, away, periods: [{ home: home * 25, away: away * 25 }, { home: 0, away: 0 }], scoreSeq: 60, period: 2, clockSeconds: null };
      const winner = priceFixture(model, 'volleyball', { score, elapsedSeconds: 1500 }, margins).find((m) => m.kind === 'winner2')!;
      const p = winner.selections.find((s) => s.key === 'home')!.fairPpm / 1_000_000;
      expect(Math.abs(t.wins / t.n - p), `after the first set ${key}`).toBeLessThan(4.5 * Math.sqrt((p * (1 - p)) / t.n) + 0.002);
    }
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
