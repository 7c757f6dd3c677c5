/**
 * Combat sports: a fight ends in a finish (knockout, stoppage, submission) with the model's probability F,
 * at a uniform moment of the scheduled time, or goes to the judges, who call a draw with probability 3% and
 * otherwise give it to the same side that would win a finish (home with the model's probability). So the
 * method market's selections are products, the winner market voids a draw, and in play, with no finish yet
 * after a fraction f of the fight, a finish is still to come with F(1 - f) / (F(1 - f) + 1 - F). Total
 * rounds is the time fought in rounds (2.5 is halfway through the third).
 */
import type { FixtureModel } from '../../contract/oddsFeed';
import { createRng } from './random';
import { ScoreBook } from './scoreBook';
import type { FairMarket, MatchState, SimEvent } from './types';

export type CombatModel = Extract<FixtureModel, { kind: 'combat' }>;

export const DECISION_DRAW = 0.03;

export function combatMarkets(model: CombatModel, state: MatchState | null): FairMarket[] {
  const duration = model.rounds * model.roundSeconds;
  const t = Math.min(duration, Math.max(0, state?.elapsedSeconds ?? 0));
  if (state && (state.score.home > 0 || state.score.away > 0)) return [];
  const w = model.homeWinPpm / 1_000_000;
  const f0 = model.finishPpm / 1_000_000;
  const alive = f0 * (1 - t / duration) + (1 - f0);
  const finish = (f0 * (1 - t / duration)) / alive;
  const decision = 1 - finish;
  const markets: FairMarket[] = [
    { kind: 'winner2', period: 'match', line: null, probs: [{ key: 'home', p: w }, { key: 'away', p: 1 - w }] },
    {
      kind: 'method', period: 'match', line: null, probs: [
        { key: 'home_ko', p: finish * w }, { key: 'home_points', p: decision * (1 - DECISION_DRAW) * w },
        { key: 'away_ko', p: finish * (1 - w) }, { key: 'away_points', p: decision * (1 - DECISION_DRAW) * (1 - w) },
        { key: 'draw', p: decision * DECISION_DRAW },
      ],
    },
  ];
  for (let line = 0.5; line < model.rounds; line += 1) {
    const at = line * model.roundSeconds;
    if (at <= t) continue;
    const under = (f0 * (at - t)) / duration / alive;
    markets.push({ kind: 'total', period: 'match', line: line * 100, probs: [{ key: 'over', p: 1 - under }, { key: 'under', p: under }] });
  }
  return markets;
}

export function simulateCombat(model: CombatModel, seed: string): SimEvent[] {
  const rng = createRng(seed);
  const duration = model.rounds * model.roundSeconds;
  const finished = rng.uniform() < model.finishPpm / 1_000_000;
  const end = finished ? Math.floor(rng.uniform() * duration) : duration;
  const draw = !finished && rng.uniform() < DECISION_DRAW;
  const winner = rng.uniform() < model.homeWinPpm / 1_000_000 ? 'home' : 'away';
  const book = new ScoreBook(true);
  for (let round = 0; round < model.rounds && round * model.roundSeconds <= end; round += 1) {
    if (round * model.roundSeconds === end && !finished) break;
    book.startPeriod(round * model.roundSeconds);
  }
  if (!draw) book.event(end, 'point', winner, 1, 1);
  return book.finish(end);
}
