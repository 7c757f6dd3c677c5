/** Keeps a simulated match's score and writes its events, each with a copy of the score after it. */
import type { SportScore } from '../../contract/sports';
import type { SimEvent } from './types';

type EventType = SimEvent['event']['type'];
type Team = 'home' | 'away';

export class ScoreBook {
  readonly events: SimEvent[] = [];
  private readonly score: SportScore = { home: 0, away: 0, periods: [], scoreSeq: 0, period: null, clockSeconds: null };
  private periodStart = 0;

  /** `clocked`: the sport shows a clock (seconds into the period); sets, innings and maps do not. */
  constructor(private readonly clocked: boolean | number) {}

  private write(at: number, type: EventType, team: Team | null): void {
    this.score.scoreSeq += 1;
    this.score.clockSeconds = this.clocked === false ? null : at - this.periodStart;
    this.events.push({
      atSeconds: at,
      event: { type, team },
      score: { ...this.score, periods: this.score.periods.map((p) => ({ ...p })) },
    });
  }

  startPeriod(at: number): void {
    this.score.periods.push({ home: 0, away: 0 });
    this.score.period = this.score.periods.length;
    this.periodStart = at;
    this.write(at, 'period', null);
  }

  /** A scoring (or booking) event: `periodPoints` to the current period's score, `mainPoints` to the match's. */
  event(at: number, type: EventType, team: Team, periodPoints: number, mainPoints = periodPoints): void {
    const current = this.score.periods[this.score.periods.length - 1]!;
    current[team] += periodPoints;
    this.score[team] += mainPoints;
    this.write(at, type, team);
  }

  get current(): SportScore {
    return this.score;
  }

  finish(at: number): SimEvent[] {
    const { home, away } = this.score;
    this.write(at, 'finish', home > away ? 'home' : away > home ? 'away' : null);
    return this.events;
  }
}
