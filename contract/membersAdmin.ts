/**
 * The operator API's member reads and the dashboard's figures (issue 22; plain JSON under /admin/api, roles in
 * contract/console.ts OPERATOR_CALLS): member search, a member's detail with balances, their ledger, their
 * sessions and the kick (every live session revoked at once, LOGOUT pushed to each), and the dashboard's
 * totals. Bad input answers 400 R003 and reads or writes nothing.
 */
import { z } from 'zod';
import type { BetGroup } from './betting';
import type { SportNames } from './sports';
import { MAX_FIELD_LENGTH } from './constants';
import { MEMBER_STATUSES, type MemberStatus } from './admin';

/** Rows per page of the member search. */
export const MEMBER_SEARCH_PAGE_SIZE = 20;
/** Rows per page of a member's ledger. */
export const MEMBER_LEDGER_PAGE_SIZE = 50;
/** The most sessions a member's session list shows (live first, then the most recent). */
export const MEMBER_SESSIONS_SHOWN = 20;
/** "Members online": members with a live session seen in the last this many minutes. */
export const MEMBERS_ONLINE_MINUTES = 5;
/** The dashboard shows this many of the largest open sportsbook exposures. */
export const DASHBOARD_EXPOSURES = 5;
/** The longest search fragment. */
export const MEMBER_SEARCH_MAX = 40;

/**
 * A search fragment: letters of any script, digits, spaces and `+ - _ . @ %` (an id, a nickname or a phone
 * number as typed); `%` and `_` match themselves. Anything else (quotes, semicolons, backslashes, control
 * characters) answers R003.
 */
export const MEMBER_SEARCH_PATTERN = /^[\p{L}\p{M}\p{N} +\-_.@%]*$/u;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const seoulDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'a date YYYY-MM-DD' });

/** GET /members?q=&status=&page= : newest first, a fragment of the id, nickname or phone number. */
export const memberSearchQuery = z.object({
  q: z.string().trim().max(MEMBER_SEARCH_MAX).regex(MEMBER_SEARCH_PATTERN, { message: 'letters, digits, spaces and + - _ . @ % only' }).default(''),
  status: z.enum(MEMBER_STATUSES).optional(),
  page,
}).strict();

/** GET /members/:memId/ledger?from=&to=&page= : Seoul dates, both ends inclusive, newest first. */
export const memberLedgerQuery = z.object({ from: seoulDate.optional(), to: seoulDate.optional(), page }).strict();

/** POST /members/:memId/sessions/revoke: why (written to the audit trail). */
export const sessionsRevokeBody = z.object({ reason: z.string().trim().min(1).max(MAX_FIELD_LENGTH) }).strict();

// ---- Answers.

export interface MemberSearchRow {
  memId: string;
  memNick: string;
  memPhone: string;
  memLevel: string;
  status: MemberStatus;
  recommenderId: string | null;
  createdAt: string;
  lastLoginAt: string | null;
}

/** A page: `total` rows in all, `pageSize` a page. */
export interface Paged<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number;
}

export type MemberSearch = Paged<MemberSearchRow>;

/** Money as the ledger holds it: cash (won), points, won held for open withdrawals, game money (won). */
export interface MemberBalancesView {
  cash: number;
  points: number;
  held: number;
  gameMoney: number;
}

/** GET /members/:memId */
export interface MemberDetail {
  memId: string;
  memNick: string;
  memName: string;
  memPhone: string;
  memLevel: string;
  status: MemberStatus;
  /** The member's own partner level (PTN_1..PTN_5) when a partner. */
  partnerLevel: string | null;
  recommender: { memId: string; partnerLevel: string | null } | null;
  createdAt: string;
  approvedAt: string | null;
  lastLoginAt: string | null;
  liveSessions: number;
  balances: MemberBalancesView;
  /** The restrictions of contract/admin.ts, the game lock (B1002) and the mini games' bet ban. */
  restrictions: { depositBanned: boolean; withdrawBanned: boolean; suspended: boolean; gameLocked: boolean; miniBetBanned: boolean };
  /** Member protection at a glance: limits in force (member's or operator's) and the running break's end. */
  protection: { limitsInForce: number; breakEndsAt: string | null };
}

/** A ledger entry of one of the member's accounts (KRW cash, POINT, GAME money, USDT). */
export interface MemberLedgerRow {
  entryId: number;
  transactionId: number;
  at: string;
  kind: string;
  currency: string;
  /** Signed: positive into the member's account. */
  amount: number;
  /** The account's balance right after this entry. */
  balanceAfter: number;
}

export type MemberLedger = Paged<MemberLedgerRow>;

export const SESSION_STATES = ['live', 'expired', 'logout', 'replaced', 'operator'] as const;
export type SessionState = (typeof SESSION_STATES)[number];

export interface MemberSessionRow {
  sessionId: string;
  createdAt: string;
  lastSeenAt: string;
  ip: string;
  userAgent: string;
  state: SessionState;
  revokedAt: string | null;
}

/** POST /members/:memId/sessions/revoke */
export interface SessionsRevoked {
  revoked: number;
}

/** GET /dashboard: today is the Seoul day of the server's (business) clock. */
export interface DashboardTotals {
  day: string;
  membersOnline: number;
  onlineMinutes: number;
  deposits: { count: number; sum: number };
  withdrawals: { count: number; sum: number };
  /** Per product: settled today, stakes less returns (won). */
  ggr: { group: BetGroup; bets: number; stakes: number; returns: number; ggr: number }[];
  /** The largest open sportsbook liabilities, by selection. */
  exposures: {
    fixtureId: string; home: SportNames | null; away: SportNames | null; marketId: string; selectionId: string; stakes: number; liability: number; bets: number;
  }[];
}
