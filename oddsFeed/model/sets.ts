/** Matches of sets or maps, won by the first to win most of `bestOf`: the markets on the sets score. */
import { handicapMarkets, totalMarkets, correctScoreMarket } from './markets';
import type { FairMarket } from './types';

/**
 * The final sets score's distribution from the score now (`home`-`away` sets) and the chance the home side
 * wins the set under way (`current`) and each later one (`later(setNumber)`, 1-based).
 */
export function setScores(bestOf: number, home: number, away: number, current: number, later: (set: number) => number): Map<string, number> {
  const need = (bestOf + 1) / 2;
  const out = new Map<string, number>();
  const walk = (h: number, a: number, p: number, first: boolean) => {
    if (h === need || a === need) {
      out.set(`${h}-${a}`, (out.get(`${h}-${a}`) ?? 0) + p);
      return;
    }
    const win = first ? current : later(h + a + 1);
    walk(h + 1, a, p * win, false);
    walk(h, a + 1, p * (1 - win), false);
  };
  walk(home, away, 1, true);
  return out;
}

/** winner2, handicaps and totals in sets (half lines) and the correct sets score. */
export function setMarkets(scores: Map<string, number>): FairMarket[] {
  const entries = [...scores].map(([key, p]) => {
    const [h, a] = key.split('-').map(Number) as [number, number];
    return { key, p, h, a };
  });
  const n = Math.max(...entries.map((e) => Math.max(e.h, e.a)));
  const margin = new Array<number>(2 * n + 1).fill(0);
  const total = new Array<number>(2 * n + 1).fill(0);
  for (const e of entries) {
    margin[e.h - e.a + n]! += e.p;
    total[e.h + e.a]! += e.p;
  }
  const home = entries.filter((e) => e.h > e.a).reduce((s, e) => s + e.p, 0);
  return [
    { kind: 'winner2', period: 'match', line: null, probs: [{ key: 'home', p: home }, { key: 'away', p: 1 - home }] },
    // A sets margin is never 0, so ±0.5 would only repeat the winner market.
    ...handicapMarkets({ min: -n, p: margin }, 'match', { wholeLines: false, step: 1, alternatives: 2 }).filter((m) => Math.abs(m.line!) > 50),
    ...totalMarkets({ min: 0, p: total }, 'match', { wholeLines: false, step: 1, alternatives: 1 }),
    correctScoreMarket('match', entries.map(({ key, p }) => ({ key, p })).sort((x, y) => x.key.localeCompare(y.key)), 0),
  ];
}
