/**
 * The operator console's calls (plain JSON under /admin/api/console, like the rest of the operator API in
 * contract/admin.ts): operator sign-in with a second factor (TOTP, RFC 6238, or a recovery code), the
 * console session (an HTTP-only cookie, CONSOLE_COOKIE), operators and their roles, four-eyes approvals
 * and the hash-chained audit trail. Also which role may use which operator call (OPERATOR_CALLS): the
 * server refuses any other with 403 OP004 (and writes the refusal to the audit); the console hides what
 * the signed-in role may not do.
 *
 * Console calls accept only the console cookie, never the automation bearer token (ADMIN_TOKEN). The
 * other operator calls accept either: a console session checked against its role, or the bearer token
 * checked against its scopes (ADMIN_TOKEN_SCOPES, roles by the same names).
 * Refusals are {resultCode, resultMessage} with HTTP 4xx as in contract/admin.ts; 401 OP003 means "sign in".
 */
import { z } from 'zod';
import { MAX_FIELD_LENGTH } from './constants';

// ---- Roles and what each may call.

/**
 * owner: everything, manages operators and four-eyes thresholds. cashier: cash requests, account
 * inquiries, points and coupons. support: sign-ups, members' questions, messages, notices, FAQ, banners,
 * board moderation. risk: games, mini games, sportsbook, exposure, restrictions, protection.
 * partnerManager: partner tree, rates, settlements.
 */
export const OPERATOR_ROLES = ['owner', 'cashier', 'support', 'risk', 'partnerManager'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Roles besides the owner (who may call everything). */
type Staff = Exclude<OperatorRole, 'owner'>;

/**
 * Every operator call outside the console's own, by `METHOD path` as the server registers it under
 * /admin/api, with the roles besides the owner that may use it (the owner may use every call). The
 * server refuses to start with an operator route missing here.
 */
export const OPERATOR_CALLS = {
  // Sign-ups, the site, pushes to a member
  'GET /signups': ['support'],
  'POST /signups/:memId/approve': ['support'],
  'POST /signups/:memId/reject': ['support'],
  'PUT /site-check': [],
  'PUT /site-options': [],
  'POST /members/:memId/push': ['support'],
  // Cash
  'GET /cash-requests': ['cashier'],
  'POST /cash-requests/:id/wait': ['cashier'],
  'POST /cash-requests/:id/approve': ['cashier'],
  'POST /cash-requests/:id/reject': ['cashier'],
  'GET /account-inquiries': ['cashier'],
  'POST /account-inquiries/:id/answer': ['cashier'],
  'GET /wallet-settings': ['cashier'],
  'PUT /wallet-settings': [],
  'PUT /members/:memId/restrictions': ['risk'],
  'POST /members/:memId/points': ['cashier'],
  'POST /members/:memId/coupons': ['cashier'],
  'PUT /test/clock': [],
  // Messages and the support centre
  'POST /messages': ['support'],
  'POST /notices': ['support'],
  'PUT /notices/:id': ['support'],
  'DELETE /notices/:id': ['support'],
  'POST /faq': ['support'],
  'PUT /faq/:id': ['support'],
  'DELETE /faq/:id': ['support'],
  'GET /questions': ['support'],
  'POST /questions/:id/answer': ['support'],
  'GET /message-retention': ['support'],
  'PUT /message-retention': [],
  // Community: board moderation, banners, attendance, the wheel
  'GET /board/posts': ['support'],
  'POST /board/posts': ['support'],
  'POST /board/posts/:id/hide': ['support'],
  'POST /board/posts/:id/delete': ['support'],
  'POST /board/comments/:id/delete': ['support'],
  'GET /banners': ['support'],
  'POST /banners': ['support'],
  'PUT /banners/:id': ['support'],
  'POST /banners/:id/delete': ['support'],
  'GET /attendance-settings': ['support'],
  'PUT /attendance-settings': [],
  'GET /rotary': ['support'],
  'PUT /rotary': [],
  // Mini games
  'GET /minigames/settings': ['risk'],
  'PUT /minigames/:game/settings': ['risk'],
  'GET /minigames/rounds/:id/exposure': ['risk'],
  'POST /minigames/rounds/:id/void': ['risk'],
  'PUT /minigames/members/:memId/bet-permission': ['risk'],
  'POST /minigames/tick': [],
  // Games
  'GET /games/vendors': ['risk'],
  'PUT /games/vendors/:code': ['risk'],
  'GET /games/catalog': ['risk'],
  'PUT /games/catalog/:gameKey': ['risk'],
  'POST /games/sync': ['risk'],
  'GET /games/members/:memId': ['risk', 'cashier'],
  'PUT /games/members/:memId/lock': ['risk'],
  'POST /games/members/:memId/merge': ['risk', 'cashier'],
  'PUT /games/settings': ['risk'],
  'GET /games/reconciliation': ['risk'],
  'POST /games/reconciliation': ['risk'],
  'POST /games/held/:transferId/credit': ['risk'],
  // Sportsbook
  'PUT /sports/leagues/:leagueId': ['risk'],
  'PUT /sports/fixtures/:fixtureId': ['risk'],
  'POST /sports/markets/:marketId/status': ['risk'],
  'POST /sports/markets/:marketId/void': ['risk'],
  'POST /sports/fixtures/:fixtureId/result': ['risk'],
  'GET /sports/fixtures/:fixtureId/exposure': ['risk'],
  'POST /sports/bets/:betId/void': ['risk'],
  'GET /sports/settings': ['risk'],
  'PUT /sports/settings': ['risk'],
  'PUT /sports/margins': ['risk'],
  // Partners
  'POST /partners/settlements/close': ['partnerManager'],
  'POST /partners/settlements/:id/reverse': ['partnerManager'],
  'GET /partners/accruals/:betId': ['partnerManager'],
  'POST /partners/:memId/make': ['partnerManager'],
  'POST /partners/:memId/move': ['partnerManager'],
  'PUT /partners/:memId/rates': ['partnerManager'],
  'PUT /partners/:memId/permissions': ['partnerManager'],
  'GET /partners/:memId/line': ['partnerManager'],
  // Member protection
  'GET /members/:memId/protection': ['risk', 'support'],
  'GET /members/:memId/protection/history': ['risk', 'support'],
  'PUT /members/:memId/protection/limits': ['risk'],
  'GET /protection/hits': ['risk'],
  // The console's forms (reads for editing in place): notices and FAQ, fixtures for results
  'GET /notices': ['support'],
  'GET /faq': ['support'],
  'GET /sports/fixtures': ['risk'],
  'GET /sports/fixtures/:fixtureId': ['risk'],
  // Members: search, detail, ledger, sessions and the kick; the dashboard (contract/membersAdmin.ts)
  'GET /members': ['support', 'cashier', 'risk'],
  'GET /members/:memId': ['support', 'cashier', 'risk'],
  'GET /members/:memId/ledger': ['support', 'cashier', 'risk'],
  'GET /members/:memId/sessions': ['support', 'cashier', 'risk'],
  'POST /members/:memId/sessions/revoke': ['support', 'risk'],
  'GET /dashboard': ['cashier', 'support', 'risk', 'partnerManager'],
  // The console's screens (reads): leagues, a post's comments, mini-game rounds, top partners, settlement lines
  'GET /sports/leagues': ['risk'],
  'GET /board/posts/:id/comments': ['support'],
  'GET /minigames/rounds': ['risk'],
  'GET /partners': ['partnerManager'],
  'GET /partners/settlements': ['partnerManager'],
} as const satisfies Record<string, readonly Staff[]>;
export type OperatorCall = keyof typeof OPERATOR_CALLS;

/** Whether `role` may use `call` (the owner may use every call; an unknown call nobody). */
export function roleMayCall(role: OperatorRole, call: string): boolean {
  if (!Object.hasOwn(OPERATOR_CALLS, call)) return false;
  return role === 'owner' || (OPERATOR_CALLS[call as OperatorCall] as readonly string[]).includes(role);
}

// ---- Four-eyes.

/**
 * The actions that wait for a second operator, each with the operator call it runs once approved:
 * withdrawal: approving a withdrawal of at least `withdrawalMin` won (POST /cash-requests/:id/approve);
 * balanceAdjustment: a cash coupon above `adjustmentMax` won (POST /members/:memId/coupons);
 * pointGrant: a point grant or recovery above `pointGrantMax` points (POST /members/:memId/points), or a point coupon
 *   above it (POST /members/:memId/coupons);
 * partnerTopRate: the rates of a top partner (PUT /partners/:memId/rates);
 * resultCorrection: a result entered for a fixture already settled (POST /sports/fixtures/:fixtureId/result);
 * settlementReversal: a partner settlement's reversal (POST /partners/settlements/:id/reverse), voiding a settled sports bet
 *   (POST /sports/bets/:betId/void) or a market of a fixture with a result (POST /sports/markets/:marketId/void);
 * oddsOverride: the sportsbook's margins (PUT /sports/margins);
 * restrictionLift: a restriction set to false (PUT /members/:memId/restrictions), the game lock taken off
 *   (PUT /games/members/:memId/lock {locked: false}) or mini-game betting allowed again (PUT /minigames/members/:memId/bet-permission {allowed: true}).
 */
export const FOUR_EYES_ACTIONS = [
  'withdrawal', 'balanceAdjustment', 'pointGrant', 'partnerTopRate', 'resultCorrection', 'settlementReversal', 'oddsOverride', 'restrictionLift',
] as const;
export type FourEyesAction = (typeof FOUR_EYES_ACTIONS)[number];

export const APPROVAL_STATUSES = ['pending', 'executed', 'failed', 'rejected', 'expired'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * A request waiting for (or decided by) a second operator. `payload` is exactly what runs: the operator
 * call, its path parameters and its body; `payloadHash` is its sha256 (hex, of canonicalJson(payload)),
 * which the checker sends back to approve. The checker is never the maker and must be allowed the call.
 */
export interface Approval {
  id: number;
  action: FourEyesAction;
  payload: ApprovalPayload;
  payloadHash: string;
  makerId: string;
  makerRole: OperatorRole | 'token';
  status: ApprovalStatus;
  createdAt: string;
  expiresAt: string;
  checkerId: string | null;
  decidedAt: string | null;
  /** Why it was rejected, or the result code of a failed execution. */
  reason: string | null;
  /** What the call answered when it ran (executed), else null. */
  result: unknown;
}

export interface ApprovalPayload {
  call: OperatorCall;
  params: Record<string, string>;
  body: unknown;
}

/** The one serialisation hashed for an approval: JSON with object keys sorted, no spaces. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * A call that needs a second operator is answered 202 with resultCode OP010 and {approval}; nothing ran.
 * The four-eyes settings (owner): thresholds in won or points, and how long a request waits.
 */
export interface FourEyesSettings {
  withdrawalMin: number;
  adjustmentMax: number;
  pointGrantMax: number;
  expiryMinutes: number;
}

// ---- Payloads.

const operatorId = z.string().regex(/^[a-z][a-z0-9_.-]{2,31}$/, { message: '3-32 lower-case letters, digits, _ . -' });
const totpCode = z.string().regex(/^\d{6}$/);
/** A recovery code as shown: two groups of five letters or digits ('7KQ2M-X9PRA'), case and dash ignored. */
export const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;
const recoveryCode = z.string().regex(RECOVERY_CODE_PATTERN);
/** Operator passwords: 12-128 characters. */
export const OPERATOR_PASSWORD_MIN = 12;
const password = z.string().min(1).max(128);
const newPassword = z.string().min(OPERATOR_PASSWORD_MIN).max(128);

/**
 * POST /console/sign-in. Before the operator has enrolled TOTP, `code` is left out and the session may only
 * enrol (me.mustEnrol); afterwards `code` is required: the current TOTP code or an unused recovery code.
 * Every attempt is audited; too many failures per operator id or per address answer 429 OP002.
 */
export const signInBody = z.object({
  operatorId: z.string().min(1).max(64),
  password,
  code: z.union([totpCode, recoveryCode]).optional(),
}).strict();

/** POST /console/totp/confirm: the first code from the authenticator app, which turns the second factor on. */
export const totpConfirmBody = z.object({ code: totpCode }).strict();

/** POST /console/password: the signed-in operator's own password. */
export const passwordChangeBody = z.object({ current: password, next: newPassword }).strict();

/** POST /console/operators (owner): the new operator's sign-in password is answered once, never stored in clear. */
export const operatorCreateBody = z.object({
  operatorId,
  name: z.string().trim().min(1).max(MAX_FIELD_LENGTH),
  role: z.enum(OPERATOR_ROLES),
}).strict();
export const operatorIdParam = z.object({ operatorId: z.string().min(1).max(64) });

/** POST /console/operators/{operatorId}/role (owner, not oneself): the operator's new role, in force at their next call. */
export const operatorRoleBody = z.object({ role: z.enum(OPERATOR_ROLES) }).strict();

/** GET /console/approvals?status= */
export const approvalsQuery = z.object({ status: z.enum(APPROVAL_STATUSES).default('pending') });
export const approvalIdParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** POST /console/approvals/{id}/approve: the hash of the payload the checker saw. */
export const approveBody = z.object({ payloadHash: z.string().regex(/^[0-9a-f]{64}$/) }).strict();
/** POST /console/approvals/{id}/reject */
export const approvalRejectBody = z.object({ reason: z.string().trim().min(1).max(MAX_FIELD_LENGTH) }).strict();

const won = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** PUT /console/four-eyes (owner): any subset. */
export const fourEyesSettingsBody = z.object({
  withdrawalMin: won, adjustmentMax: won, pointGrantMax: won, expiryMinutes: z.number().int().min(5).max(10_080),
}).partial().strict().refine((change) => Object.keys(change).length > 0, { message: 'nothing to change' });

/** GET /console/audit: newest first, `before` a seq for the next page. */
export const auditQuery = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  actor: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  target: z.string().max(MAX_FIELD_LENGTH).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

// ---- Answers.

export interface OperatorInfo {
  operatorId: string;
  name: string;
  role: OperatorRole;
  status: 'active' | 'disabled';
  totpEnrolled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

/** GET /console/me and the sign-in's answer. */
export interface ConsoleMe {
  operator: OperatorInfo;
  /** True until TOTP is enrolled: only totp/start, totp/confirm, me, password and sign-out answer. */
  mustEnrol: boolean;
  /** The session ends at idleExpiresAt without a call, and at absoluteExpiresAt regardless. */
  idleExpiresAt: string;
  absoluteExpiresAt: string;
}

/** POST /console/totp/start: the secret (base32) and the otpauth:// URL to show as a QR code. */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
}

/** An audit row. `hash` covers the row and `prevHash` (the row before it by seq). */
export interface AuditRow {
  seq: number;
  at: string;
  actor: string;
  role: string;
  ip: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  reason: string;
  requestId: string;
  approvalId: number | null;
  detail: unknown;
  prevHash: string;
  hash: string;
}

/** GET /console/audit/verify: the chain walked from the first row; `broken` names the first row that fails. */
export interface AuditVerify {
  rows: number;
  headHash: string;
  broken: { seq: number; problem: 'hash' | 'link' | 'gap' } | null;
}

/**
 * The console's calls (paths under /admin/api). `owner` marks the owner-only ones; the others answer any
 * signed-in operator (approvals: only those they may check or made).
 */
export const CONSOLE_CALLS = {
  signIn: { method: 'POST', path: '/console/sign-in', owner: false },
  signOut: { method: 'POST', path: '/console/sign-out', owner: false },
  me: { method: 'GET', path: '/console/me', owner: false },
  totpStart: { method: 'POST', path: '/console/totp/start', owner: false },
  totpConfirm: { method: 'POST', path: '/console/totp/confirm', owner: false },
  password: { method: 'POST', path: '/console/password', owner: false },
  operators: { method: 'GET', path: '/console/operators', owner: true },
  operatorCreate: { method: 'POST', path: '/console/operators', owner: true },
  operatorDisable: { method: 'POST', path: '/console/operators/:operatorId/disable', owner: true },
  operatorEnable: { method: 'POST', path: '/console/operators/:operatorId/enable', owner: true },
  operatorRole: { method: 'POST', path: '/console/operators/:operatorId/role', owner: true },
  approvals: { method: 'GET', path: '/console/approvals', owner: false },
  approve: { method: 'POST', path: '/console/approvals/:id/approve', owner: false },
  reject: { method: 'POST', path: '/console/approvals/:id/reject', owner: false },
  fourEyes: { method: 'GET', path: '/console/four-eyes', owner: false },
  fourEyesChange: { method: 'PUT', path: '/console/four-eyes', owner: true },
  audit: { method: 'GET', path: '/console/audit', owner: true },
  auditVerify: { method: 'GET', path: '/console/audit/verify', owner: true },
} as const;

/** Answers of the console calls, by name. */
export interface ConsoleAnswers {
  signIn: ConsoleMe;
  signOut: { ok: true };
  me: ConsoleMe;
  totpStart: TotpEnrolment;
  totpConfirm: { recoveryCodes: string[] };
  password: { ok: true };
  operators: { list: OperatorInfo[] };
  operatorCreate: { operator: OperatorInfo; password: string };
  operatorDisable: { operator: OperatorInfo };
  operatorEnable: { operator: OperatorInfo };
  operatorRole: { operator: OperatorInfo };
  approvals: { list: Approval[] };
  approve: { approval: Approval };
  reject: { approval: Approval };
  fourEyes: { settings: FourEyesSettings };
  fourEyesChange: { settings: FourEyesSettings };
  audit: { list: AuditRow[]; nextBefore: number | null };
  auditVerify: AuditVerify;
}

/** The console session cookie: HTTP-only, SameSite=Strict, Path=/ (the WebSocket at /ws reads it for the operator topic), Secure behind HTTPS. */
export const CONSOLE_COOKIE = 'console_session';
/** A console session ends after this long without a call, and after the absolute time-out in any case. */
export const CONSOLE_IDLE_MS = 15 * 60_000;
export const CONSOLE_ABSOLUTE_MS = 8 * 60 * 60_000;

// ---- The operator topic (real-time, console sessions only).

/** Subscribed over the real-time channel's STOMP connection made with the console cookie; member sessions are refused. */
export const OPERATOR_TOPIC = '/topic/operator';
export const OPERATOR_EVENT_KINDS = ['signup', 'cash', 'question', 'approval'] as const;
export type OperatorEventKind = (typeof OPERATOR_EVENT_KINDS)[number];
/** A new sign-up (memId), cash request (id), question (id) or approval (id): the console refreshes that list. */
export interface OperatorEvent {
  kind: OperatorEventKind;
  id: string;
  at: string;
}

export function decodeOperatorEvent(payload: unknown): OperatorEvent | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { kind, id, at } = payload as Record<string, unknown>;
  if (!(OPERATOR_EVENT_KINDS as readonly unknown[]).includes(kind) || typeof id !== 'string' || typeof at !== 'string') return null;
  return { kind: kind as OperatorEventKind, id, at };
}
