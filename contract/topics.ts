/**
 * The real-time topics, declared once for both sides (SPEC §4, §7): each public topic's destination and
 * its payload's decoder, the member topic's destination, and its frames ({cmd, data1, data2}) with a
 * builder per command for the server and one decoder for the client. The server publishes only what
 * these build (server/push.ts takes nothing else); the client subscribes by a topic's name and receives
 * its payload decoded, or nothing when it does not decode (src/realtime). Adding a topic: README, Real-time edge.
 */
import type { CashFeedEntry } from './community';
import { MINI_GAMES, type MiniGame, type MiniRound, type MiniTopicBody, type RoundStatus } from './minigames';
import {
  type FixtureStatus, MARKET_KINDS, type MarketStatus, PERIODS, type SportFixtureTopicBody, type SportListTopicBody, type SportMarket, type SportScore,
} from './sports';
import type { SocketCmd, SocketMessage } from './types';
import { CASH_STATUS, type CashStatus } from './wallet';

declare const topicPayload: unique symbol;
/** A public topic's destination, carrying the type of what is published on it (made only here). */
export type TopicDestination<P> = string & { readonly [topicPayload]: P };

/** Every destination a client may subscribe to starts with this; the member topic is one of them. */
export const TOPIC_PREFIX = '/topic/';
/** The member topic: `/topic/member/<session token>`, which only that session may subscribe to. */
export const MEMBER_TOPIC_PREFIX = `${TOPIC_PREFIX}member/`;
export const memberTopic = (token: string): string => MEMBER_TOPIC_PREFIX + token;

// ---- Decoding helpers: a payload arrives as JSON of unknown shape.

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isAmount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isOneOf = <T>(values: readonly T[]) => (value: unknown): value is T => values.includes(value as T);

// ---- Public topics.

/** The cash feed (main page): an approved deposit or withdrawal, the member id masked ('de***1'). */
function decodeCashFeedEntry(payload: unknown): CashFeedEntry | null {
  if (!isFields(payload)) return null;
  const { kind, memId, amount, at } = payload;
  if ((kind !== 'in' && kind !== 'out') || !isText(memId) || !isAmount(amount) || !isText(at)) return null;
  return { kind, memId, amount, at };
}

const ROUND_STATUSES: readonly RoundStatus[] = ['open', 'drawn', 'settled', 'void'];
const SEOUL_DAY = /^\d{4}-\d{2}-\d{2}$/;

function decodeMiniTopicBody(payload: unknown): MiniTopicBody | null {
  if (!isFields(payload) || payload.kind !== 'round' || !isFields(payload.round)) return null;
  const round = payload.round;
  const valid = isId(round.roundId) && isOneOf(MINI_GAMES)(round.game) && isText(round.day) && SEOUL_DAY.test(round.day)
    && isAmount(round.roundNo) && isText(round.opensAt) && isText(round.closesAt) && isText(round.drawsAt)
    && isOneOf(ROUND_STATUSES)(round.status) && isText(round.seedHash) && (round.seed === null || isText(round.seed))
    && (round.draw === null || isFields(round.draw));
  return valid ? { kind: 'round', round: round as unknown as MiniRound } : null;
}

// The sportsbook's topics (contract/sports.ts SportFixtureTopicBody, SportListTopicBody).

const FIXTURE_STATUSES: readonly FixtureStatus[] = ['scheduled', 'live', 'ended', 'cancelled', 'postponed'];
const MARKET_STATUSES: readonly MarketStatus[] = ['open', 'suspended', 'closed'];
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);
const isNullable = <T>(check: (value: unknown) => value is T) => (value: unknown): value is T | null => value === null || check(value);
/** A sportsbook id as the feed makes them (fixtures, markets, selections). */
const SPORT_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const isSportId = (value: unknown): value is string => isText(value) && SPORT_ID.test(value);

function isSportScore(value: unknown): value is SportScore {
  if (!isFields(value)) return false;
  const { home, away, periods, scoreSeq, period, clockSeconds } = value;
  return isCount(home) && isCount(away) && Array.isArray(periods) && periods.every((p) => isFields(p) && isCount(p.home) && isCount(p.away))
    && isCount(scoreSeq) && isNullable(isCount)(period) && isNullable(isCount)(clockSeconds);
}

function isSportMarket(value: unknown): value is SportMarket {
  if (!isFields(value)) return false;
  const { marketId, kind, period, line, live, status, version, selections } = value;
  return isSportId(marketId) && isOneOf(MARKET_KINDS)(kind) && isOneOf(PERIODS)(period) && isNullable(isInteger)(line)
    && typeof live === 'boolean' && isOneOf(MARKET_STATUSES)(status) && isCount(version) && Array.isArray(selections)
    && selections.every((s) => isFields(s) && isSportId(s.selectionId) && isText(s.key) && isCount(s.oddsCents));
}

function decodeSportFixtureBody(payload: unknown): SportFixtureTopicBody | null {
  if (!isFields(payload)) return null;
  const { fixtureId, seq, status, score, markets } = payload;
  const valid = isSportId(fixtureId) && isId(seq) && isOneOf(FIXTURE_STATUSES)(status) && isNullable(isSportScore)(score)
    && Array.isArray(markets) && markets.every(isSportMarket);
  return valid ? { fixtureId, seq, status, score, markets } : null;
}

function decodeSportListBody(payload: unknown): SportListTopicBody | null {
  if (!isFields(payload) || !isId(payload.seq) || !Array.isArray(payload.fixtures)) return null;
  const fixtures: SportListTopicBody['fixtures'] = [];
  for (const entry of payload.fixtures as unknown[]) {
    if (!isFields(entry)) return null;
    const { fixtureId, status, score, markets } = entry;
    if (!isSportId(fixtureId) || !isOneOf(FIXTURE_STATUSES)(status) || !isNullable(isSportScore)(score) || !Array.isArray(markets) || !markets.every(isSportMarket)) return null;
    fixtures.push({ fixtureId, status, score, markets });
  }
  return { seq: payload.seq, fixtures };
}

/**
 * A public topic: its destination from its arguments, every argument list it is published with (empty for a
 * topic of open-ended ids, which names its destinations by `matches`), its payload's decoder.
 */
interface PublicTopic<Args extends unknown[], P> {
  destination(...args: Args): TopicDestination<P>;
  every: readonly Args[];
  /** Whether a destination is one of this topic's. */
  matches(destination: string): boolean;
  decode(payload: unknown): P | null;
}

function topic<Args extends unknown[], P>(path: (...args: Args) => string, every: readonly Args[], decode: (payload: unknown) => P | null): PublicTopic<Args, P> {
  const destination = (...args: Args) => path(...args) as TopicDestination<P>;
  return { destination, every, matches: (candidate) => every.some((args) => destination(...args) === candidate), decode };
}

/** A topic per id (a fixture's): its destinations are the prefix and one id. */
function topicPerId<P>(prefix: string, id: RegExp, decode: (payload: unknown) => P | null): PublicTopic<[string], P> {
  return {
    destination: (key: string) => `${prefix}${key}` as TopicDestination<P>,
    every: [],
    matches: (candidate) => candidate.startsWith(prefix) && id.test(candidate.slice(prefix.length)),
    decode,
  };
}

/**
 * The public topics by name: where each is published (its destination, from its arguments) and how its
 * payload is read. Anyone may subscribe to these, signed in or not.
 */
export const PUBLIC_TOPICS = {
  /** `/topic/cash`: approved deposits and withdrawals as they happen. */
  cashFeed: topic(() => `${TOPIC_PREFIX}cash`, [[]], decodeCashFeedEntry),
  /** `/topic/<game>/` (SPEC §7 `/topic/powerball/` and its siblings): each game's rounds. */
  miniRounds: topic((game: MiniGame) => `${TOPIC_PREFIX}${game}/`, MINI_GAMES.map((game): [MiniGame] => [game]), decodeMiniTopicBody),
  /** `/topic/sport/fixture/<fixtureId>`: one fixture's changes (its status, score and changed markets) with the fixture's seq. */
  sportFixture: topicPerId(`${TOPIC_PREFIX}sport/fixture/`, SPORT_ID, decodeSportFixtureBody),
  /** `/topic/sport/list`: the changed main markets of every fixture, with the list's seq. */
  sportList: topic(() => `${TOPIC_PREFIX}sport/list`, [[]], decodeSportListBody),
};

export type PublicTopicName = keyof typeof PUBLIC_TOPICS;
/** What names one destination of a topic (the game of `miniRounds`; nothing for `cashFeed`). */
export type TopicArgs<K extends PublicTopicName> = Parameters<(typeof PUBLIC_TOPICS)[K]['destination']>;
export type TopicPayload<K extends PublicTopicName> = NonNullable<ReturnType<(typeof PUBLIC_TOPICS)[K]['decode']>>;

/** One public topic by name, typed by it (its destination's arguments and its payload). */
export function publicTopic<K extends PublicTopicName>(name: K): PublicTopic<TopicArgs<K>, TopicPayload<K>> {
  return PUBLIC_TOPICS[name] as never;
}

/** Decodes a payload published on `destination` with its topic's decoder; null for a destination of no topic or a payload that does not decode. */
export function decodeTopicPayload(destination: string, payload: unknown): TopicPayload<PublicTopicName> | null {
  const topics: PublicTopic<unknown[], TopicPayload<PublicTopicName>>[] = Object.values(PUBLIC_TOPICS);
  const published = topics.find((candidate) => candidate.matches(destination));
  return published ? published.decode(payload) : null;
}

// ---- The member topic's frames (SPEC §4, plus CASHREQ).

/** data2 of MSG when a message has just arrived (the new-message popup); otherwise only the count changed. */
const MSG_ARRIVED = 'NEW';

declare const memberFrame: unique symbol;
/** A frame for the member topic, made only by MEMBER_FRAMES. */
export type MemberMessage = SocketMessage & { readonly [memberFrame]: true };

const frame = (cmd: SocketMessage['cmd'], data1: SocketMessage['data1'] = null, data2: SocketMessage['data2'] = null) =>
  ({ cmd, data1, data2 }) as MemberMessage;

/** The server's builders, one per command. */
export const MEMBER_FRAMES = {
  /** The member's cash (data1) and points (data2) after a money change. */
  cash: (cashAmt: number, pointAmt: number) => frame('CASH', cashAmt, pointAmt),
  /** The unread message count (data1); `arrived` when a new message came rather than one was read. */
  messages: (unread: number, arrived: boolean) => frame('MSG', unread, arrived ? MSG_ARRIVED : null),
  /** The site went into maintenance. */
  inspect: () => frame('INSPECT', 'Y'),
  /** Another login replaced this session. */
  logout: () => frame('LOGOUT'),
  /** One of the member's cash requests moved to a new status: data1 the request id, data2 the status (CASH_STATUS). */
  cashRequest: (requestId: number, status: CashStatus) => frame('CASHREQ', requestId, status),
  /** An operator's command as they typed it (the operator API's push; contract/admin pushBody checked its shape). */
  operator: (message: SocketMessage) => frame(message.cmd, message.data1, message.data2),
} as const;

/** A member frame as the client reads it; numbers that do not read are null (the old value then stays). */
export type MemberFrame =
  | { cmd: 'CASH'; cashAmt: number | null; pointAmt: number | null }
  | { cmd: 'MSG'; unread: number | null; arrived: boolean }
  /** LOCK_BET_YN: a game-down event unless it says "not locked" (data1 N, data2 Y). */
  | { cmd: 'LOCK_BET_YN'; down: boolean }
  | { cmd: 'INSPECT'; on: boolean }
  | { cmd: 'LOGOUT' }
  | { cmd: 'CASHREQ'; requestId: number; status: CashStatus };

type Data = string | number | null;

/** A pushed amount or count as an integer; null for anything unreadable. */
function toCount(value: Data): number | null {
  if (value === null || value === '') return null;
  const count = Number(value);
  return Number.isFinite(count) ? Math.trunc(count) : null;
}

/** An id or status: an integer exactly, or null. */
function toInteger(value: Data): number | null {
  const number = value === null || value === '' ? Number.NaN : Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

const isCashStatus = (value: number | null): value is CashStatus => value !== null && (Object.values(CASH_STATUS) as number[]).includes(value);

// Every command of SPEC §4 (and CASHREQ) has its decoder; a command not listed here is ignored.
const FRAME_DECODERS: Record<SocketCmd, (data1: Data, data2: Data) => MemberFrame | null> = {
  CASH: (data1, data2) => ({ cmd: 'CASH', cashAmt: toCount(data1), pointAmt: toCount(data2) }),
  MSG: (data1, data2) => ({ cmd: 'MSG', unread: toCount(data1), arrived: data2 === MSG_ARRIVED }),
  LOCK_BET_YN: (data1, data2) => ({ cmd: 'LOCK_BET_YN', down: !(String(data1) === 'N' && String(data2) === 'Y') }),
  INSPECT: (data1) => ({ cmd: 'INSPECT', on: data1 === 'Y' }),
  LOGOUT: () => ({ cmd: 'LOGOUT' }),
  CASHREQ: (data1, data2) => {
    const requestId = toInteger(data1);
    const status = toInteger(data2);
    return requestId !== null && requestId > 0 && isCashStatus(status) ? { cmd: 'CASHREQ', requestId, status } : null;
  },
};

const asData = (value: unknown): Data | undefined =>
  value === undefined || value === null ? null : typeof value === 'string' || typeof value === 'number' ? value : undefined;

/** The client's decoder of a member topic payload; null for an unknown command or a malformed frame. */
export function decodeMemberFrame(payload: unknown): MemberFrame | null {
  if (!isFields(payload) || !isText(payload.cmd) || !Object.hasOwn(FRAME_DECODERS, payload.cmd)) return null;
  const data1 = asData(payload.data1);
  const data2 = asData(payload.data2);
  if (data1 === undefined || data2 === undefined) return null;
  return FRAME_DECODERS[payload.cmd as SocketCmd](data1, data2);
}
