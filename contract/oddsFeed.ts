/**
 * The house odds feed's API (oddsFeed/, first-party), as an outside feed provider would publish it: what the
 * feed serves and what the site's adapter (server/sports/) calls. Like contract/gameProvider.ts it lives in
 * contract/ because both sides build on it; the feed imports nothing of the site but contract/, and the site
 * nothing of the feed but its mount, its settings and its browser verifier.
 *
 * Every call is a POST of a JSON body under `${FEED_URL}/api/v1`, signed by the operator as the game
 * provider's are (contract/gameProviderSigning.ts, with the FEED_HEADERS names):
 *   X-Feed-Operator, X-Feed-Timestamp (ms, within FEED_CLOCK_SKEW_MS), X-Feed-Signature
 *   (hex HMAC-SHA256 over `${timestamp}\n${path}\n${body}` with the operator's secret).
 * Answers are JSON: `{ ok: true, ...answer }` (HTTP 200) or `{ ok: false, code, message }` (4xx/5xx).
 *
 * The feed is a log of messages numbered by `seq` (the cursor), strictly increasing, never reused. The site
 * keeps the last seq it applied and resumes after it:
 * - POST /snapshot {}: the whole current state and the cursor it is as of (first start, or after
 *   CURSOR_EXPIRED);
 * - POST /messages {after, limit?, waitMs?}: the messages after the cursor in order (at most `limit`, 1000 by
 *   default), waiting up to `waitMs` (≤ 25,000) for the first one when there is none yet (a long poll);
 *   CURSOR_EXPIRED when `after` is older than the feed keeps;
 * - the push channel, a WebSocket at GET /api/v1/stream?after=N&operator=..&timestamp=..&signature=..
 *   (signed over `${timestamp}\n/api/v1/stream\nafter=N`): every message after N, then each new one as it
 *   happens, one JSON FeedMessage per text frame. A consumer that sees a gap in seq fetches /messages.
 * Every message is the whole new state of its subject (a fixture, a market, a score, a result), so applying
 * one twice, or an older one after a newer (by the subject's version, scoreSeq or revision), changes nothing.
 */
import type {
  MarketKind, MarketStatus, Period, SelectionKey, SelectionOutcome, SportFixture, SportScore,
} from './sports';

export const FEED_API_PREFIX = '/api/v1';
export const FEED_CLOCK_SKEW_MS = 30_000;
export const FEED_HEADERS = {
  operator: 'x-feed-operator',
  timestamp: 'x-feed-timestamp',
  signature: 'x-feed-signature',
} as const;

export const FEED_CODES = [
  'SIGNATURE', // unknown operator, bad or missing signature
  'CLOCK_SKEW',
  'BAD_REQUEST',
  'UNKNOWN_FIXTURE',
  'CURSOR_EXPIRED', // `after` is older than the log the feed keeps: take a snapshot
  'UNAVAILABLE', // the fault switch (tests only) or the feed is down
] as const;
export type FeedCode = (typeof FEED_CODES)[number];

/**
 * The model a fixture's prices and events come from, published with the fixture so that anyone can
 * recompute its events from the revealed seed (oddsFeed/verify.ts, in the browser too). Rates are per
 * match (90 minutes, 48 or 60 minutes, 9 innings); probabilities in parts per million.
 */
export type FixtureModel =
  | { kind: 'goals'; homeRate: number; awayRate: number; rho: number; periods: number; periodSeconds: number }
  | { kind: 'points'; homeMean: number; awayMean: number; sd: number; periods: number; periodSeconds: number }
  | { kind: 'runs'; homeRate: number; awayRate: number; innings: number }
  | { kind: 'rally'; homePointPpm: number; setPoints: number; finalSetPoints: number; bestOf: number }
  | { kind: 'tennis'; homeServePpm: number; awayServePpm: number; bestOf: number }
  | { kind: 'combat'; homeWinPpm: number; finishPpm: number; rounds: number; roundSeconds: number }
  | { kind: 'maps'; homeMapPpm: number; bestOf: number; mapSeconds: number };

/** A fixture as the feed publishes it: the site's fixture without its live score and seed, with the model. */
export interface FeedFixture extends Omit<SportFixture, 'score' | 'seed'> {
  model: FixtureModel;
  /** Increases with every change of the fixture itself (status, start time). */
  version: number;
}

export interface FeedSelection {
  selectionId: string;
  key: SelectionKey;
  /** The price with the margin (power method), floored to 0.01. */
  oddsCents: number;
  /** The model's margin-free probability, in parts per million. */
  fairPpm: number;
}

export interface FeedMarket {
  fixtureId: string;
  marketId: string;
  kind: MarketKind;
  period: Period;
  line: number | null;
  live: boolean;
  status: MarketStatus;
  version: number;
  /** The score's sequence these prices were made for (0 before kick-off). */
  scoreSeq: number;
  selections: FeedSelection[];
}

export interface FeedScore extends SportScore {
  fixtureId: string;
  /** The event that made this score, null for the clock's own steps. */
  event: { type: 'goal' | 'point' | 'run' | 'card' | 'period' | 'set' | 'map' | 'finish'; team: 'home' | 'away' | null } | null;
}

export interface FeedResult {
  fixtureId: string;
  /** 1 for the first result; a correction is the next revision and replaces the one before. */
  revision: number;
  status: 'final' | 'cancelled' | 'postponed';
  score: SportScore;
  /** Every market's selections' results (a cancelled or postponed match: every selection void). */
  markets: { marketId: string; outcomes: Record<string, SelectionOutcome> }[];
  /** The fixture's seed, revealed (null on a cancelled match that never started). */
  seed: string | null;
}

export type FeedMessage = { seq: number; at: string } & (
  | { type: 'fixture'; fixture: FeedFixture }
  | { type: 'market'; market: FeedMarket }
  | { type: 'score'; score: FeedScore }
  | { type: 'result'; result: FeedResult }
);

export interface FeedSnapshot {
  cursor: number;
  fixtures: FeedFixture[];
  markets: FeedMarket[];
  scores: FeedScore[];
  results: FeedResult[];
}

export interface FeedMessages {
  cursor: number;
  messages: FeedMessage[];
}

/**
 * The feed's settings an operator may change (POST /settings, partial): margins per market family in basis
 * points, and a speed factor per league for live play (tests and demos: 60 plays a minute in a second).
 */
export interface FeedSettings {
  marginsBp: Record<'winloose' | 'handy' | 'underover' | 'special', number>;
  liveMarginBp: number;
  speed: Record<string, number>;
}

/** The fault switch (tests only, FEED_FAULTS=1): what the feed does to the messages it serves. */
export interface FeedFaults {
  delayMs: number;
  dropRate: number;
  duplicateRate: number;
  reorderRate: number;
}

/** What POST /settings changes: any margin, the live margin, any league's speed (the rest stays). */
export interface FeedSettingsChange {
  marginsBp?: Partial<FeedSettings['marginsBp']>;
  liveMarginBp?: number;
  speed?: Record<string, number>;
}

/** A fixture's whole current state (POST /fixture {fixtureId}), as of `cursor`. */
export interface FeedFixtureState {
  cursor: number;
  fixture: FeedFixture;
  markets: FeedMarket[];
  score: FeedScore | null;
  result: FeedResult | null;
}

/** Operator calls on the feed's own fixtures (audited by the caller): a corrected final score, a cancelled or postponed match. */
export interface FeedCorrection {
  fixtureId: string;
  score: { home: number; away: number; periods: { home: number; away: number }[] };
}
export interface FeedCancellation {
  fixtureId: string;
  status: 'cancelled' | 'postponed';
}

/** The calls, each a signed POST of `body` to `${FEED_API_PREFIX}${path}`, answered `{ ok: true, ...answer }`. */
export interface FeedCalls {
  '/snapshot': { body: Record<string, never>; answer: FeedSnapshot };
  '/messages': { body: { after: number; limit?: number; waitMs?: number }; answer: FeedMessages };
  '/fixture': { body: { fixtureId: string }; answer: FeedFixtureState };
  /** A change of some settings (an empty body reads them); answers the whole settings after the change. */
  '/settings': { body: FeedSettingsChange; answer: { settings: FeedSettings } };
  '/admin/correct': { body: FeedCorrection; answer: { result: FeedResult } };
  '/admin/cancel': { body: FeedCancellation; answer: { result: FeedResult } };
  /** Only with FEED_FAULTS=1 (tests): sets the fault switch (partial), answers it whole. */
  '/test/faults': { body: Partial<FeedFaults>; answer: { faults: FeedFaults } };
}
export type FeedPath = keyof FeedCalls;
export type FeedAnswer<P extends FeedPath> = ({ ok: true } & FeedCalls[P]['answer']) | { ok: false; code: FeedCode; message: string };

export const FEED_MAX_LIMIT = 1000;
export const FEED_MAX_WAIT_MS = 25_000;
export const FEED_STREAM_PATH = '/api/v1/stream';
/** The text a stream URL is signed over (with the path FEED_STREAM_PATH). */
export const feedStreamSignedBody = (after: number): string => `after=${after}`;
/**
 * How the stream refuses: before the upgrade with the HTTP status and `{ ok: false, code }` body of a call
 * (401 SIGNATURE or CLOCK_SKEW, 400 BAD_REQUEST, 410 CURSOR_EXPIRED); once open, by closing with 4000 + the
 * HTTP status and the code as the reason (4410 CURSOR_EXPIRED when the consumer fell behind the log kept,
 * 4503 UNAVAILABLE when the feed closes).
 */
export const FEED_STREAM_CLOSE = { cursorExpired: 4410, unavailable: 4503 } as const;
