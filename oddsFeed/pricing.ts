/**
 * Between the models (oddsFeed/model: prices, simulated events, settlement) and the wire: market and
 * selection ids, FeedMarkets from priced markets, the opening score, each fixture's simulation (kept in
 * memory, it is pure in the seed), and a fixture's results from its final score.
 */
import type { FeedMarket, FeedResult, FixtureModel } from '../contract/oddsFeed';
import type { SelectionOutcome, Sport, SportScore } from '../contract/sports';
import { firstPeriodScore, priceFixture, settleMarket, simulateMatch, type Margins, type MatchState, type PricedMarket, type SimEvent } from './model';
import type { FeedSettings } from '../contract/oddsFeed';

export function marketIdOf(fixtureId: string, live: boolean, market: Pick<PricedMarket, 'kind' | 'period' | 'line'>): string {
  return `${fixtureId}.${live ? 'l' : 'p'}.${market.kind}.${market.period}${market.line === null ? '' : `.${market.line}`}`;
}

export function toFeedMarket(fixtureId: string, live: boolean, priced: PricedMarket, version: number, scoreSeq: number): FeedMarket {
  const marketId = marketIdOf(fixtureId, live, priced);
  return {
    fixtureId, marketId, kind: priced.kind, period: priced.period, line: priced.line, live, status: 'open', version, scoreSeq,
    selections: priced.selections.map((s) => ({ selectionId: `${marketId}.${s.key}`, key: s.key, oddsCents: s.oddsCents, fairPpm: s.fairPpm })),
  };
}

export const marginsOf = (settings: FeedSettings): Margins => ({ marginsBp: settings.marginsBp, liveMarginBp: settings.liveMarginBp });

export function price(model: FixtureModel, sport: Sport, state: MatchState | null, settings: FeedSettings): PricedMarket[] {
  return priceFixture(model, sport, state, marginsOf(settings));
}

/** Whether the sport's score runs on a clock (seconds of play in the period) or on points, innings and maps. */
const CLOCKED: ReadonlySet<FixtureModel['kind']> = new Set(['goals', 'points', 'combat']);

/** The score at kick-off: nothing scored, the first period begun. */
export function openingScore(model: FixtureModel): SportScore {
  return { home: 0, away: 0, periods: [{ home: 0, away: 0 }], scoreSeq: 0, period: 1, clockSeconds: CLOCKED.has(model.kind) ? 0 : null };
}

/** Each fixture's simulated match, by fixture and seed (the simulation is pure in model and seed, so a cache is safe). */
export function createSimulations(max = 2000) {
  const cache = new Map<string, SimEvent[]>();
  return (fixtureId: string, model: FixtureModel, sport: Sport, seed: string): SimEvent[] => {
    const key = `${fixtureId}:${seed}`;
    let events = cache.get(key);
    if (!events) {
      events = simulateMatch(model, sport, seed);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      cache.set(key, events);
    }
    return events;
  };
}

/** Every market's outcomes from the final score. */
export function settleAll(markets: FeedMarket[], sport: Sport, model: FixtureModel, final: SportScore): FeedResult['markets'] {
  const first = firstPeriodScore(sport, final);
  return markets.map((m) => ({ marketId: m.marketId, outcomes: settleMarket(m, sport, final, first, model) }));
}

/** Every selection void (a cancelled or postponed match). */
export function voidAll(markets: FeedMarket[]): FeedResult['markets'] {
  return markets.map((m) => ({
    marketId: m.marketId,
    outcomes: Object.fromEntries(m.selections.map((s) => [s.key, 'void' as SelectionOutcome])),
  }));
}
