/**
 * The operator API's payloads (plain JSON under /admin/api): the schemas the server validates with,
 * for an operator console to share. A body or query that fails its schema is answered 400 R003.
 */
import { z } from 'zod';
import { MAX_FIELD_LENGTH } from './constants';
import { MINI_GAMES, MINI_INTERVALS } from './minigames';
import { VENDOR_STATES } from './games';
import { SEARCH_MAX } from './support';
import { CASH_TYPES, TRC20_ADDRESS_PATTERN } from './wallet';

export const MEMBER_STATUSES = ['pending', 'active', 'rejected', 'suspended'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

const safeInteger = z.number().int().refine(Number.isSafeInteger, { message: 'must be a safe integer' });
const isoInstant = z.iso.datetime({ offset: true });

/** An operator update naming any subset of `shape`'s fields, but at least one: `{}` changes nothing and is refused (R003). */
export function changeOf<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape).partial().strict().refine((change) => Object.keys(change).length > 0, { message: 'nothing to change' });
}

// Path parameters
export const memIdParam = z.object({ memId: z.string().min(1).max(MAX_FIELD_LENGTH) });
export const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

// Sign-ups and the site
/** GET /signups?status= */
export const signupsQuery = z.object({ status: z.enum(MEMBER_STATUSES).default('pending') });

/** PUT /site-check: the maintenance window, or both null to clear it. */
export const siteCheckBody = z.object({ startDate: isoInstant.nullable(), endDate: isoInstant.nullable() })
  .refine((w) => (w.startDate === null) === (w.endDate === null), { message: 'startDate and endDate are both set or both null' })
  .refine((w) => w.startDate === null || w.endDate === null || Date.parse(w.startDate) < Date.parse(w.endDate), {
    message: 'startDate must be before endDate',
  });

/** PUT /site-options: only the fields sent change; joinRecommanderId '' clears the default recommender. */
export const siteOptionsBody = changeOf({
  signupOpen: z.boolean(),
  joinRecommanderId: z.string().max(MAX_FIELD_LENGTH),
  sns2Link: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]),
  /** The partner area's host prefix, one host label ('partner' opens partner.<the site's domain>); '' for the site's own host. */
  partnerHostPrefix: z.union([z.literal(''), z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/)]),
});

const pushValue = z.union([z.string().max(MAX_FIELD_LENGTH), z.number(), z.null()]);
/** POST /members/{memId}/push: a socket command to every live session of the member. */
export const pushBody = z.object({ cmd: z.string().regex(/^[A-Z_]{1,32}$/), data1: pushValue, data2: pushValue });

// The wallet
/** GET /cash-requests?status=&type= */
export const cashListQuery = z.object({
  status: z.enum(['0', '2', '1', '-1']).transform((s) => Number(s) as 0 | 2 | 1 | -1).optional(),
  type: z.enum(CASH_TYPES).optional(),
});
/** POST /cash-requests/{id}/reject */
export const rejectBody = z.object({ reason: z.string().max(MAX_FIELD_LENGTH).default('') });

/** GET /account-inquiries?status= */
export const inquiriesQuery = z.object({ status: z.enum(['waiting', 'answered']).default('waiting') });
/** POST /account-inquiries/{id}/answer: the account to pay into. */
export const answerBody = z.object({ answer: z.string().trim().min(1).max(500) });

const won = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const cap = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const rate = z.number().int().min(0).max(100);
/** PUT /wallet-settings: any subset; a minimum above its maximum is refused too. */
export const walletSettingsBody = changeOf({
  depositMin: won, depositMax: won, depositUnit: won,
  withdrawMin: won, withdrawMax: won, withdrawUnit: won,
  withdrawalsOn: z.boolean(),
  rerequestWaitMinutes: z.number().int().min(0).max(10_080),
  firstDepositBonusRate: rate, firstDepositBonusCap: cap,
  dailyBonusRate: rate, dailyBonusCap: cap,
  usdtPriceKrw: z.number().int().positive().max(2_147_483_647),
  usdtDepositAddress: z.string().regex(TRC20_ADDRESS_PATTERN),
  pointConversionOn: z.boolean(),
  transfersOn: z.boolean(),
});
export type WalletSettingsChange = z.output<typeof walletSettingsBody>;

/** PUT /members/{memId}/restrictions */
export const restrictionsBody = changeOf({
  depositBanned: z.boolean(),
  withdrawBanned: z.boolean(),
  suspended: z.boolean(),
});
export type Restrictions = z.output<typeof restrictionsBody>;

/** POST /members/{memId}/points: a positive amount grants, a negative one recovers (P003 above held). */
export const pointsBody = z.object({
  amount: safeInteger.refine((n) => n !== 0, { message: 'must not be zero' }),
  reason: z.string().trim().min(1).max(MAX_FIELD_LENGTH),
}).strict();

/** POST /members/{memId}/coupons */
export const couponBody = z.object({
  name: z.string().trim().min(1).max(100),
  kind: z.enum(['cash', 'point']),
  amount: safeInteger.refine((n) => n > 0, { message: 'must be positive' }),
  expiresAt: isoInstant,
}).strict();

/** PUT /test/clock (TEST_CLOCK=1 only): set the server's time, or null to follow real time again. */
export const testClockBody = z.object({ now: isoInstant.nullable() });

// Messages and the support centre. Titles and contents are bounded here; their rules (required, size,
// no markup) answer BD001-BD005 from the service.
const postText = z.string().max(10_000);
/** POST /messages: to one member (memId), to every member of a level, or to everyone. */
export const messageBody = z.discriminatedUnion('target', [
  z.object({ target: z.literal('member'), memId: z.string().min(1).max(MAX_FIELD_LENGTH), title: postText, content: postText }).strict(),
  z.object({ target: z.literal('level'), level: z.string().regex(/^\d{1,3}$/), title: postText, content: postText }).strict(),
  z.object({ target: z.literal('all'), title: postText, content: postText }).strict(),
]);
/** POST /notices, /faq and PUT /notices/{id}, /faq/{id} */
export const postBody = z.object({ title: postText, content: postText }).strict();
/** GET /notices, /faq?q=: the operator's list, newest first (at most SUPPORT_POSTS_MAX), titles containing q. */
export const supportPostsQuery = z.object({ q: z.string().trim().max(SEARCH_MAX).optional() });
export const SUPPORT_POSTS_MAX = 500;
/** GET /questions?status= */
export const questionsQuery = z.object({ status: z.enum(['waiting', 'answered']).default('waiting') });
/** POST /questions/{id}/answer (also sent to the member as a message) */
export const questionAnswerBody = z.object({ answer: postText }).strict();
/** PUT /message-retention (SPEC §9: messages are kept for at most this many days and items) */
export const messageRetentionBody = z.object({
  maxDays: z.number().int().min(1).max(3_650),
  maxItems: z.number().int().min(1).max(10_000),
}).strict();
// Mini games
/** GET/PUT /minigames/{game}/... */
export const miniGameParam = z.object({ game: z.enum(MINI_GAMES) });
const marginBp = z.number().int().min(5_000).max(10_000);
const stake = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/**
 * PUT /minigames/{game}/settings: any subset. The interval divides a day (see MINI_INTERVALS) and takes
 * effect from the next round; the cutoff must stay below the interval; margins are the return to
 * player in basis points (9750 = 97.5%, never above 100%) per market id, or the default for the rest.
 */
export const miniSettingsBody = changeOf({
  intervalSec: z.number().int().refine((n) => (MINI_INTERVALS as readonly number[]).includes(n), { message: `one of ${MINI_INTERVALS.join(', ')}` }),
  cutoffSec: z.number().int().min(0).max(3_599),
  paused: z.boolean(),
  defaultMarginBp: marginBp,
  margins: z.record(z.string().regex(/^[A-Za-z]{1,32}$/), marginBp),
  levelLimits: z.record(z.string().regex(/^[0-9]{1,3}$/), z.object({ min: stake, max: stake }).strict().refine((l) => l.min <= l.max, { message: 'min above max' })),
  hitLimit: stake,
  oneBetPerMarket: z.boolean(),
});
export type MiniSettingsChange = z.output<typeof miniSettingsBody>;

/** GET /minigames/rounds?game=&status=: a game's latest rounds (newest first, MINI_ROUNDS_SHOWN), to pick one for its exposure or void. */
export const miniRoundsQuery = z.object({ game: z.enum(MINI_GAMES), status: z.enum(['open', 'drawn', 'settled', 'void']).optional() });
export const MINI_ROUNDS_SHOWN = 50;
export interface OperatorMiniRound {
  id: number;
  game: string;
  day: string;
  roundNo: number;
  status: string;
  closesAt: string;
  drawsAt: string;
  bets: number;
  stakes: number;
}

/** PUT /minigames/members/{memId}/bet-permission */
export const betPermissionBody = z.object({ allowed: z.boolean() }).strict();
// Games (server/admin/gamesRoutes.ts)
/** A vendor by its game code, a game by its key. */
export const gameCodeParam = z.object({ code: z.string().regex(/^\d{1,6}$/) });
export const gameKeyParam = z.object({ gameKey: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/) });
/** A game transfer by its id (POST /games/held/{transferId}/credit). */
export const transferIdParam = z.object({ transferId: z.string().regex(/^g(in|out)-[0-9a-f]{32}$/) });
/** GET /games/catalog?brand= */
export const gameCatalogQuery = z.object({ brand: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/) });
/** PUT /games/vendors/{code}: shown, maintenance (B0093) or hidden. */
export const gameVendorStateBody = z.object({ state: z.enum(VENDOR_STATES) }).strict();
/** PUT /games/catalog/{gameKey}: the operator's switch of one game. */
export const gameSwitchBody = z.object({ enabled: z.boolean() }).strict();
/** PUT /games/members/{memId}/lock: a locked member cannot launch games (B1002). */
export const gameLockBody = z.object({ locked: z.boolean() }).strict();
/** PUT /games/settings: whether an unfinished deposit or withdrawal blocks a launch (F001). */
export const gameSettingsBody = z.object({ blockWhileCashOpen: z.boolean() }).strict();
