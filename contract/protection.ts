/**
 * Member protection (issue 23): what client and server agree on. Limits on deposits, losses and stakes per
 * period; breaks (time-out and self-exclusion); the reality check's intervals; the helpline. The server
 * enforces them where money moves (server/protection, README "Member protection"); the client shows
 * them on my page and on every refusal. Payload schemas are in protectionPayloads.ts (server only).
 */
import type { CallName } from './callPaths';
import type { PageInfo } from './wallet';

/** A limit's period: the Seoul day, the last 7 Seoul days, the last 30 Seoul days (today included). */
export const PROTECTION_PERIODS = ['day', 'week', 'month'] as const;
export type ProtectionPeriod = (typeof PROTECTION_PERIODS)[number];
/** How many Seoul days each period covers, ending with today: its boundary is Seoul midnight. */
export const PERIOD_DAYS: Record<ProtectionPeriod, number> = { day: 1, week: 7, month: 30 };

/**
 * What a limit caps in its period: deposits (cash that enters: deposits and money received from other
 * members and partners), stakes (every bet's stake), losses (stakes minus returns; at a bet the stake counts
 * as lost until it is settled, so a bet can never take the member past the limit).
 */
export const LIMIT_KINDS = ['deposit', 'loss', 'stake'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** Who set a limit: the member, or an operator (an operator's may be lower than the member's, never higher). */
export type LimitSource = 'member' | 'operator';

/** Raising or removing a member's limit waits this long (and may be cancelled meanwhile); lowering is at once. */
export const RAISE_DELAY_MS = 24 * 60 * 60 * 1000;
/** The largest limit a member may set (won). */
export const MAX_LIMIT = 1_000_000_000;

/** Breaks: a time-out or a self-exclusion, one way until it ends (nobody can lift it early). */
export const BREAK_LENGTHS = {
  timeout: ['24h', '7d', '30d'],
  exclusion: ['6m', '1y', '3y'],
} as const;
export type BreakKind = keyof typeof BREAK_LENGTHS;
export type BreakLength = (typeof BREAK_LENGTHS)[BreakKind][number];
export const BREAK_KINDS = Object.keys(BREAK_LENGTHS) as BreakKind[];

const HOUR_MS = 60 * 60 * 1000;
/** When a break of `length` started at `start` ends: hours and days exactly, months and years by the Seoul calendar. */
export function breakEnd(length: BreakLength, start: Date): Date {
  if (length === '24h') return new Date(start.getTime() + 24 * HOUR_MS);
  if (length === '7d') return new Date(start.getTime() + 7 * 24 * HOUR_MS);
  if (length === '30d') return new Date(start.getTime() + 30 * 24 * HOUR_MS);
  const months = length === '6m' ? 6 : length === '1y' ? 12 : 36;
  // Seoul has no daylight saving: move the Seoul wall time by calendar months.
  const seoul = new Date(start.getTime() + 9 * HOUR_MS);
  const day = seoul.getUTCDate();
  seoul.setUTCDate(1);
  seoul.setUTCMonth(seoul.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(seoul.getUTCFullYear(), seoul.getUTCMonth() + 1, 0)).getUTCDate();
  seoul.setUTCDate(Math.min(day, lastDay));
  return new Date(seoul.getTime() - 9 * HOUR_MS);
}

export function isBreakLength(kind: BreakKind, length: string): length is BreakLength {
  return (BREAK_LENGTHS[kind] as readonly string[]).includes(length);
}

/** The reality check's intervals in minutes of play (0: off). */
export const REALITY_INTERVALS = [0, 15, 30, 60] as const;
export type RealityInterval = (typeof REALITY_INTERVALS)[number];

/** The Korean problem-gambling helpline (한국도박문제예방치유원): phone and its online chat. */
export const HELPLINE = {
  phone: '1336',
  chatUrl: 'https://www.kcgp.or.kr/',
} as const;

/** A refusal of member protection: the client shows the helpline with it. PL004's data is {endsAt}. */
export const PROTECTION_CODES = ['PL001', 'PL002', 'PL003', 'PL004', 'PL005', 'PL006'] as const;
export type ProtectionCode = (typeof PROTECTION_CODES)[number];
export function isProtectionCode(code: unknown): code is ProtectionCode {
  return typeof code === 'string' && (PROTECTION_CODES as readonly string[]).includes(code);
}
/** The refusal of each limit kind when the limit would be passed. */
export const LIMIT_REFUSAL: Record<LimitKind, ProtectionCode> = { deposit: 'PL001', loss: 'PL002', stake: 'PL003' };
/** A call refused because the member is in a time-out or self-exclusion (data: {endsAt}). */
export const BREAK_REFUSAL: ProtectionCode = 'PL004';

/**
 * What a member in a break may still do once signed in: withdraw (won and USDT, the merge of game money),
 * read their messages, see their money and their protection page, and sign out. Every other member call
 * answers PL004 with the break's end.
 */
export const BREAK_ALLOWED_CALLS: readonly CallName[] = [
  'memberInfo', 'getToken', 'logout', 'balance',
  'walletInfo', 'cashOut', 'coinOut', 'cashList', 'cashDel', 'outGameMoney',
  'msgList', 'msgRead', 'msgUpdate',
  'protectionInfo', 'protectionHistory', 'realitySummary',
];

/** One limit as the member sees it: the one in force now, and a raise or removal waiting for its time. */
export interface LimitView {
  kind: LimitKind;
  period: ProtectionPeriod;
  source: LimitSource;
  /** In force now (null: none). */
  amount: number | null;
  /** A raise or removal waiting: the amount it will become (null: removal) and when (ISO). */
  pending: { amount: number | null; at: string } | null;
}

/** The member's use of each period, won: deposits, stakes, losses (settled stakes minus returns). */
export type PeriodUse = Record<ProtectionPeriod, { deposit: number; stake: number; loss: number }>;

export interface BreakView {
  kind: BreakKind;
  length: BreakLength;
  startsAt: string;
  endsAt: string;
}

/**
 * The history's events: a limit set, a raise or removal asked (`until`: when it takes effect), cancelled or come
 * into force (`limit.effective`, at the time it took effect), a break.
 */
export const HISTORY_EVENTS = ['limit.set', 'limit.pending', 'limit.cancelled', 'limit.effective', 'break'] as const;
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];

export interface HistoryEntry {
  at: string;
  event: HistoryEvent;
  source: LimitSource;
  kind: LimitKind | BreakKind;
  period: ProtectionPeriod | null;
  /** The limit's amount (null: removed or none), or null for a break. */
  amount: number | null;
  /** When a pending change or a break ends or takes effect (ISO), else null. */
  until: string | null;
  /** A break's length. */
  length: BreakLength | null;
}

export interface ProtectionInfo {
  limits: LimitView[];
  /** The running break, if any. */
  activeBreak: BreakView | null;
  realityMinutes: RealityInterval;
  use: PeriodUse;
  /** The history's first page, newest first; every page through protectionHistory (the operator: .../protection/history). */
  history: HistoryEntry[];
  historyPageInfo: PageInfo;
}

/** A page of the history of every limit change and break, newest first. */
export interface ProtectionHistoryPage {
  list: HistoryEntry[];
  pageInfo: PageInfo;
}

/** The reality check's facts: when the session began, minutes since, and the net result of bets since (won; negative is a loss). */
export interface RealitySummary {
  since: string;
  minutes: number;
  net: number;
  stakes: number;
}
