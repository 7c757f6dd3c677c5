/**
 * The goals model (soccer, hockey, handball): the Dixon-Coles grid as the paper defines it, the calibration
 * of its margin-free 1X2 against 100,000 simulated matches, and in-play prices conditioned on score and time.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MARGINS_BP, LIVE_MARGIN_BP, type SportScore } from '../../contract/sports';
import { conditionGrid, scoreGrid, tau, thinGrid, type GoalsModel } from '../../oddsFeed/model/goals';
import { poisson } from '../../oddsFeed/model/dist';
import { firstPeriodScore, modelFor, priceFixture, simulateMatch } from '../../oddsFeed/model';

const margins = { marginsBp: DEFAULT_MARGINS_BP, liveMarginBp: LIVE_MARGIN_BP };
const seedOf = (text: string) => createHash('sha256').update(text).digest('hex');
const soccer = (homeRate: number, awayRate: number, rho: number): GoalsModel => ({ kind: 'goals', homeRate, awayRate, rho, periods: 2, periodSeconds: 2700 });
const sum = (grid: number[][]) => grid.reduce((s, row) => s + row.reduce((t, p) => t + p, 0), 0);

describe('Dixon-Coles score grid', () => {
  it('rho changes only 0-0, 1-0, 0-1 and 1-1, by the paper\'s tau, and the grid sums to 1', () => {
    const [lambda, mu, rho] = [1.6, 1.1, -0.13];
    const plain = scoreGrid(soccer(lambda, mu, 0));
    const corrected = scoreGrid(soccer(lambda, mu, rho));
    const ph = poisson(lambda, 3);
    const pa = poisson(mu, 3);
    expect(corrected[0]![0]).toBeCloseTo(ph[0]! * pa[0]! * (1 - lambda * mu * rho), 14);
    expect(corrected[0]![1]).toBeCloseTo(ph[0]! * pa[1]! * (1 + lambda * rho), 14);
    expect(corrected[1]![0]).toBeCloseTo(ph[1]! * pa[0]! * (1 + mu * rho), 14);
    expect(corrected[1]![1]).toBeCloseTo(ph[1]! * pa[1]! * (1 - rho), 14);
    plain.forEach((row, h) => row.forEach((p, a) => {
      if (h <= 1 && a <= 1) expect(corrected[h]![a]).not.toBeCloseTo(p, 6);
      else expect(corrected[h]![a]).toBe(p);
    }));
    expect(tau(2, 0, lambda, mu, rho)).toBe(1);
    expect(Math.abs(sum(corrected) - 1)).toBeLessThan(1e-9);
    expect(Math.abs(sum(plain) - 1)).toBeLessThan(1e-9);
    // A negative rho makes draws at 0-0 and 1-1 likelier, as the paper found.
    expect(corrected[0]![0]! + corrected[1]![1]!).toBeGreaterThan(plain[0]![0]! + plain[1]![1]!);
  });

  it('thinning and conditioning are Poisson with the window\'s rates when rho is 0', () => {
    const grid = scoreGrid(soccer(1.5, 1.2, 0));
    const half = thinGrid(grid, 0.5);
    const [ph, pa] = [poisson(0.75, 5), poisson(0.6, 5)];
    for (let h = 0; h < 5; h += 1) for (let a = 0; a < 5; a += 1) expect(half[h]![a]).toBeCloseTo(ph[h]! * pa[a]!, 12);
    // 1-0 after 60 of 90 minutes: what is left is Poisson with a third of each rate.
    const live = conditionGrid(grid, 1, 0, 2 / 3);
    const [rh, ra] = [poisson(0.5, 5), poisson(0.4, 5)];
    for (let h = 0; h < 5; h += 1) for (let a = 0; a < 5; a += 1) expect(live[1 + h]![a]).toBeCloseTo(rh[h]! * ra[a]!, 12);
    expect(sum(live)).toBeCloseTo(1, 12);
  });
});

describe('calibration', () => {
  it('100,000 simulated soccer matches land on the margin-free 1X2 within one point', () => {
    // 100,000 runs in about ten seconds on one core. The standard error of a frequency near 0.46 is 0.16
    // points, so one point is six of them: a model that priced one thing and drew another fails.
    const model = modelFor('soccer', { home: 1560, away: 1500 });
    const markets = priceFixture(model, 'soccer', null, margins);
    const fair = (period: 'match' | 'first') => {
      const market = markets.find((m) => m.kind === 'winner3' && m.period === period)!;
      return Object.fromEntries(market.selections.map((s) => [s.key, s.fairPpm / 1_000_000]));
    };
    const counts = { match: { home: 0, draw: 0, away: 0 }, first: { home: 0, draw: 0, away: 0 } };
    const goals: number[] = [];
    // In play: the final 1X2 by the half-time score, to check the grid conditioned on score and time.
    const byHalfTime = new Map<string, { home: number; draw: number; away: number; n: number }>();
    const n = 100_000;
    const outcome = (s: { home: number; away: number }) => (s.home > s.away ? 'home' : s.home < s.away ? 'away' : 'draw');
    for (let i = 0; i < n; i += 1) {
      const events = simulateMatch(model, 'soccer', seedOf(`calibration ${i}`));
      const final = events[events.length - 1]!.score;
      counts.match[outcome(final)] += 1;
      counts.first[outcome(firstPeriodScore('soccer', final))] += 1;
      goals.push(final.home + final.away);
      const half = firstPeriodScore('soccer', final);
      const key = `${half.home}-${half.away}`;
      const tally = byHalfTime.get(key) ?? { home: 0, draw: 0, away: 0, n: 0 };
      tally[outcome(final)] += 1;
      tally.n += 1;
      byHalfTime.set(key, tally);
    }
    for (const period of ['match', 'first'] as const) {
      const p = fair(period);
      for (const key of ['home', 'draw', 'away'] as const) expect(Math.abs(counts[period][key] / n - p[key]!), `${period} ${key}`).toBeLessThan(0.01);
    }
    const total = markets.find((m) => m.kind === 'total' && m.period === 'match' && m.line === 250)!;
    const over = goals.filter((g) => g > 2.5).length / n;
    expect(Math.abs(over - total.selections.find((s) => s.key === 'over')!.fairPpm / 1_000_000)).toBeLessThan(0.01);
    // Half-time scores seen often enough: 4.5 standard errors of each group's frequency.
    for (const key of ['0-0', '1-0', '0-1', '1-1', '2-0']) {
      const tally = byHalfTime.get(key)!;
      const [home, away] = key.split('-').map(Number) as [number, number];
      const state = { score: { home, away, periods: [{ home, away }, { home: 0, away: 0 }], scoreSeq: 2, period: 2, clockSeconds: 0 }, elapsedSeconds: 2700 };
      const live = priceFixture(model, 'soccer', state, margins).find((m) => m.kind === 'winner3' && m.period === 'match')!;
      for (const s of live.selections) {
        const p = s.fairPpm / 1_000_000;
        const observed = tally[s.key as 'home' | 'draw' | 'away'] / tally.n;
        expect(Math.abs(observed - p), `half time ${key} ${s.key}: ${observed} vs ${p}`).toBeLessThan(4.5 * Math.sqrt((p * (1 - p)) / tally.n) + 0.001);
      }
    }
  }, 120_000);
});

describe('in play', () => {
  const model = modelFor('soccer', { home: 1500, away: 1500 });
  const score = (home: number, away: number, period: number, clock: number): SportScore => ({
    home, away, periods: period === 1 ? [{ home, away }] : [{ home: 0, away: 0 }, { home, away }], scoreSeq: 5, period, clockSeconds: clock,
  });

  it('2-0 up at minute 80 prices the leader far shorter, and a total already passed is gone', () => {
    const before = priceFixture(model, 'soccer', null, margins);
    const live = priceFixture(model, 'soccer', { score: score(2, 0, 2, 2100), elapsedSeconds: 4800 }, margins);
    const home = (markets: typeof live) => markets.find((m) => m.kind === 'winner3' && m.period === 'match')!.selections.find((s) => s.key === 'home')!;
    expect(home(before).oddsCents).toBeGreaterThan(180);
    expect(home(live).oddsCents).toBeLessThanOrEqual(105);
    expect(home(live).fairPpm).toBeGreaterThan(950_000);
    const totals = live.filter((m) => m.kind === 'total' && m.period === 'match').map((m) => m.line!);
    expect(totals.length).toBeGreaterThan(0);
    expect(totals.every((line) => line > 200)).toBe(true);
    expect(before.some((m) => m.kind === 'total' && m.line === 150)).toBe(true);
    // The first half is over: its markets are gone.
    expect(live.some((m) => m.period === 'first')).toBe(false);
    // Each price carries the live margin.
    expect(live.every((m) => m.marginBp >= 200 + 600)).toBe(true);
  });

  it('time without goals lengthens the over and shortens the draw', () => {
    const early = priceFixture(model, 'soccer', { score: score(0, 0, 1, 600), elapsedSeconds: 600 }, margins);
    const late = priceFixture(model, 'soccer', { score: score(0, 0, 2, 1800), elapsedSeconds: 4500 }, margins);
    const fairOf = (markets: typeof early, kind: string, key: string, line: number | null) =>
      markets.find((m) => m.kind === kind && m.period === 'match' && m.line === line)!.selections.find((s) => s.key === key)!.fairPpm;
    expect(fairOf(late, 'winner3', 'draw', null)).toBeGreaterThan(fairOf(early, 'winner3', 'draw', null) + 200_000);
    expect(fairOf(late, 'correctScore', '0-0', null)).toBeGreaterThan(fairOf(early, 'correctScore', '0-0', null));
  });

  it('hockey overtime leaves only the match winner, split by the goal rates', () => {
    const hockey = modelFor('hockey', { home: 1600, away: 1500 });
    if (hockey.kind !== 'goals') throw new Error('goals model expected');
    const tied: SportScore = { home: 2, away: 2, periods: [{ home: 1, away: 0 }, { home: 0, away: 1 }, { home: 1, away: 1 }, { home: 0, away: 0 }], scoreSeq: 9, period: 4, clockSeconds: 60 };
    const live = priceFixture(hockey, 'hockey', { score: tied, elapsedSeconds: 3660 }, margins);
    expect(live.map((m) => m.kind)).toEqual(['winner2']);
    expect(live[0]!.selections[0]!.fairPpm).toBe(Math.round((hockey.homeRate / (hockey.homeRate + hockey.awayRate)) * 1_000_000));
  });
});
