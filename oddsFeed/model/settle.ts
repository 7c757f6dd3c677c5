/**
 * Settlement from the final score: win, lose, or void (a whole handicap or total line hit exactly: 적특; a
 * combat winner market on a draw). Which score a market is on:
 * - soccer, hockey, handball: winner2 on the final score (overtime included), the rest on regulation time
 *   (the sum of the regulation periods);
 * - basketball, football, baseball: the final score, overtime and extra innings included;
 * - volleyball, badminton, e-sports: sets or maps; tennis: sets for the winner and correct score, games
 *   (the sum over the sets) for the handicap and total;
 * - combat: the winner scores 1 (a draw 0-0); the method is a finish when the fight ended before the last
 *   round's bell; total rounds counts the time fought in rounds (2.5 is halfway through the third).
 * 'first' markets are on `firstPeriod` (firstPeriodScore gives it from a score).
 */
import type { FixtureModel } from '../../contract/oddsFeed';
import type { MarketKind, Period, SelectionOutcome, Sport, SportScore } from '../../contract/sports';
import { COMBAT, FIRST_PERIODS, GOAL_SPORTS } from './formats';

export interface SettleableMarket {
  kind: MarketKind;
  period: Period;
  line: number | null;
  selections: { key: string }[];
}

type Pair = { home: number; away: number };

/** The score a sport's 'first' markets settle on: its first period, or the first two quarters, or five innings. */
export function firstPeriodScore(sport: Sport, score: SportScore): Pair {
  return score.periods.slice(0, FIRST_PERIODS[sport]).reduce((s, p) => ({ home: s.home + p.home, away: s.away + p.away }), { home: 0, away: 0 });
}

const sumPeriods = (score: SportScore, count = score.periods.length): Pair =>
  score.periods.slice(0, count).reduce((s, p) => ({ home: s.home + p.home, away: s.away + p.away }), { home: 0, away: 0 });

const winLose = (win: boolean): SelectionOutcome => (win ? 'win' : 'lose');
/** Above the line wins, on it is void, below loses (hundredths). */
const versus = (value100: number): SelectionOutcome => (value100 > 0 ? 'win' : value100 === 0 ? 'void' : 'lose');

function combatOutcome(market: SettleableMarket, final: SportScore, model: FixtureModel | undefined): Record<string, SelectionOutcome> {
  const rounds = model?.kind === 'combat' ? model.rounds : COMBAT.rounds;
  const roundSeconds = model?.kind === 'combat' ? model.roundSeconds : COMBAT.roundSeconds;
  const round = final.period ?? rounds;
  const clock = final.clockSeconds ?? roundSeconds;
  const fought = (round - 1) * roundSeconds + clock;
  const finished = fought < rounds * roundSeconds;
  const winner = final.home > final.away ? 'home' : final.away > final.home ? 'away' : null;
  const out: Record<string, SelectionOutcome> = {};
  for (const { key } of market.selections) {
    if (market.kind === 'winner2') out[key] = winner === null ? 'void' : winLose(key === winner);
    else if (market.kind === 'method') out[key] = winLose(winner === null ? key === 'draw' : key === `${winner}_${finished ? 'ko' : 'points'}`);
    else if (market.kind === 'total') {
      // The line in rounds as seconds of the fight: 1.5 rounds is 450 s of 300 s rounds.
      const diff = fought * 100 - (market.line ?? 0) * roundSeconds;
      out[key] = versus(key === 'over' ? diff : -diff);
    } else out[key] = 'void';
  }
  return out;
}

function unitScore(sport: Sport, kind: MarketKind, final: SportScore, model: FixtureModel | undefined): Pair {
  if (sport === 'soccer' || sport === 'hockey' || sport === 'handball') {
    if (kind === 'winner2') return { home: final.home, away: final.away };
    return sumPeriods(final, model?.kind === 'goals' ? model.periods : GOAL_SPORTS[sport].periods);
  }
  if (sport === 'tennis' && (kind === 'handicap' || kind === 'total')) return sumPeriods(final);
  return { home: final.home, away: final.away };
}

export function settleMarket(
  market: SettleableMarket, sport: Sport, final: SportScore, firstPeriod: Pair, model?: FixtureModel,
): Record<string, SelectionOutcome> {
  if (sport === 'combat') return combatOutcome(market, final, model);
  const { home, away } = market.period === 'first' ? firstPeriod : unitScore(sport, market.kind, final, model);
  const line = market.line ?? 0;
  const keys = new Set(market.selections.map((s) => s.key));
  const out: Record<string, SelectionOutcome> = {};
  for (const { key } of market.selections) {
    switch (market.kind) {
      case 'winner3':
        out[key] = winLose(key === (home > away ? 'home' : away > home ? 'away' : 'draw'));
        break;
      case 'winner2':
        out[key] = home === away ? 'void' : winLose(key === (home > away ? 'home' : 'away'));
        break;
      case 'handicap': {
        const diff = (home - away) * 100 + line;
        out[key] = versus(key === 'home' ? diff : -diff);
        break;
      }
      case 'total': {
        const diff = (home + away) * 100 - line;
        out[key] = versus(key === 'over' ? diff : -diff);
        break;
      }
      case 'bothScore':
        out[key] = winLose((key === 'yes') === (home > 0 && away > 0));
        break;
      case 'oddEven':
        out[key] = winLose((key === 'odd') === ((home + away) % 2 === 1));
        break;
      case 'correctScore': {
        const actual = `${home}-${away}`;
        out[key] = winLose(key === actual || (key === 'other' && !keys.has(actual)));
        break;
      }
      default:
        out[key] = 'void';
    }
  }
  return out;
}
