/**
 * E-sports: maps are independent, the home side winning each with the model's probability, over a best of
 * 3 or 5: winner, handicap and total in maps, correct score in maps. In play the map under way is priced
 * as a fresh one (its rounds are not in the score). The simulation draws each map with the same probability.
 */
import type { FixtureModel } from '../../contract/oddsFeed';
import { createRng } from './random';
import { ScoreBook } from './scoreBook';
import { setMarkets, setScores } from './sets';
import type { FairMarket, MatchState, SimEvent } from './types';

export type MapsModel = Extract<FixtureModel, { kind: 'maps' }>;

export function mapsMarkets(model: MapsModel, state: MatchState | null): FairMarket[] {
  const p = model.homeMapPpm / 1_000_000;
  return setMarkets(setScores(model.bestOf, state?.score.home ?? 0, state?.score.away ?? 0, p, () => p));
}

export function simulateMaps(model: MapsModel, seed: string): SimEvent[] {
  const rng = createRng(seed);
  const need = (model.bestOf + 1) / 2;
  const book = new ScoreBook(true);
  for (let map = 0; ; map += 1) {
    book.startPeriod(map * model.mapSeconds);
    const at = (map + 1) * model.mapSeconds;
    book.event(at, 'map', rng.int(1_000_000) < model.homeMapPpm ? 'home' : 'away', 1, 1);
    if (book.current.home === need || book.current.away === need) return book.finish(at);
  }
}
