/** The shapes the feed's models take and give (index.ts re-exports them). */
import type { FeedScore } from '../../contract/oddsFeed';
import type { MarketKind, Period, SportScore } from '../../contract/sports';

/** A match in play: its score and the seconds of play since kick-off (the simulation's clock). */
export interface MatchState {
  score: SportScore;
  elapsedSeconds: number;
}

export interface PricedSelection {
  key: string;
  /** Margin-free probability in parts per million; a market's sum to exactly 1,000,000. */
  fairPpm: number;
  /** The power method's price with the market's margin, floored to 0.01, at least 1.01. */
  oddsCents: number;
}

export interface PricedMarket {
  kind: MarketKind;
  period: Period;
  line: number | null;
  selections: PricedSelection[];
  /** The margin (basis points) its prices carry: the family's, plus the live margin in play. */
  marginBp: number;
}

/** One event of a simulated match, with the score after it. */
export interface SimEvent {
  /** Seconds of play from kick-off (breaks between periods are not play). */
  atSeconds: number;
  score: SportScore;
  event: NonNullable<FeedScore['event']>;
}

/** A market's fair probabilities before margin: floats summing to 1 (a push already taken out). */
export interface FairMarket {
  kind: MarketKind;
  period: Period;
  line: number | null;
  probs: { key: string; p: number }[];
}

export interface Margins {
  marginsBp: Record<'winloose' | 'handy' | 'underover' | 'special', number>;
  liveMarginBp: number;
}
