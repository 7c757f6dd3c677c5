/**
 * The member board, the main page's operator content and cash boards, attendance and the prize wheel:
 * the types and limits client and server share (no schema library; contract/communityPayloads.ts holds
 * the server's zod schemas).
 */
import { looksLikeMarkup } from './rules';
import type { PageInfo } from './wallet';

/** SPEC §4 board categories; members post `normal` only, the operator posts notices and events. */
export const BOARD_CATEGORIES = ['normal', 'event', 'notice'] as const;
export type BoardCategory = (typeof BOARD_CATEGORIES)[number];
export const MEMBER_BOARD_CATEGORIES: readonly BoardCategory[] = ['normal'];

export const BOARD_SEARCH_TYPES = ['title', 'content', 'writer'] as const;
export type BoardSearchType = (typeof BOARD_SEARCH_TYPES)[number];

export const BOARD_TITLE_MAX = 100;
export const BOARD_CONTENT_MAX = 5_000;
export const BOARD_COMMENT_MAX = 500;
export const BOARD_SEARCH_MAX = 50;
/** Images per post, and bytes per image (checked on the bytes, not the name). */
export const BOARD_IMAGES_MAX = 3;
export const BOARD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Uploads one member may make per window (BD013): four posts' worth an hour. */
export const BOARD_UPLOADS_PER_WINDOW = 12;
export const BOARD_UPLOAD_WINDOW_MS = 60 * 60 * 1000;
/** Bytes of a member's images not yet in a post (BD014): two posts' worth. */
export const BOARD_PENDING_IMAGE_BYTES = 2 * BOARD_IMAGES_MAX * BOARD_IMAGE_MAX_BYTES;
/** An uploaded image not in a post this long after its upload is removed. */
export const BOARD_IMAGE_ORPHAN_MS = 6 * 60 * 60 * 1000;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Images go up on their own (raw bytes, not the envelope), then a post names them by id. */
export const BOARD_UPLOAD_PATH = '/api/board/upload';
/** Where stored images are served from: `/files/<id>`. */
export const FILES_PATH = '/files';

/** The first thing wrong with a board draft as a message id, or null (the server checks the same). */
export function boardDraftProblem(draft: { title: string; content: string }): string | null {
  const title = draft.title.trim();
  const content = draft.content.trim();
  if (!title) return 'api.BD001';
  if (!content) return 'api.BD002';
  if (title.length > BOARD_TITLE_MAX || content.length > BOARD_CONTENT_MAX) return 'api.BD004';
  if (looksLikeMarkup(title) || looksLikeMarkup(content)) return 'api.BD005';
  return null;
}

export interface BoardPostSummary {
  boardIdx: number;
  category: BoardCategory;
  title: string;
  /** The writer's nickname; empty for the operator's posts. */
  memNick: string;
  createdAt: string;
  commentCount: number;
  imageCount: number;
  /** The reader wrote it (may delete it). */
  mine: boolean;
}

export interface BoardComment {
  cmtIdx: number;
  memNick: string;
  content: string;
  createdAt: string;
  mine: boolean;
}

export interface BoardPost extends BoardPostSummary {
  content: string;
  /** Paths under FILES_PATH. */
  images: string[];
  comments: BoardComment[];
}

export interface BoardList {
  list: BoardPostSummary[];
  pageInfo: PageInfo;
}

/** An operator banner or popup (SPEC §3: bannerIdx). */
export interface Banner {
  bannerIdx: number;
  title: string;
  /** A path under FILES_PATH, or null for a text-only banner. */
  imageUrl: string | null;
  /** A screen id ('attendance', contract/links.ts: each tree opens its own path) or an https address; '' for none. */
  link: string;
}

export interface CashBoardEntry {
  /** Masked ('de***1'). */
  memId: string;
  amount: number;
}

export interface CashFeedEntry extends CashBoardEntry {
  kind: 'in' | 'out';
  at: string;
}

/** /api/main/cashList: the best withdrawals of the Seoul day and week, and the latest approved movements. */
export interface MainCashList {
  todayBest: CashBoardEntry[];
  weekBest: CashBoardEntry[];
  feed: CashFeedEntry[];
}

export interface NoticeSummary {
  boardIdx: number;
  title: string;
  createdAt: string;
}

export interface AttendanceInfo {
  enabled: boolean;
  checkedToday: boolean;
  /** Consecutive Seoul days up to today (or yesterday when not checked yet today). */
  streak: number;
  /** The Seoul days of this month the member checked in, 'yyyy-MM-dd'. */
  days: string[];
  /** Today's Seoul day on the server's clock, 'yyyy-MM-dd' (the calendar shows its month). */
  today: string;
  /** The next check-in if the streak goes on: today when not checked yet, else tomorrow. */
  next: AttendanceDay;
  /** The next day that carries the bonus if the streak goes on (null when there is no bonus). */
  nextBonus: AttendanceDay | null;
  dailyPoints: number;
  bonusEvery: number;
  bonusPoints: number;
}

/** A coming check-in: its Seoul day, the streak it would make and the points it would credit. */
export interface AttendanceDay {
  day: string;
  streak: number;
  points: number;
}

export interface AttendanceResult {
  streak: number;
  points: number;
  balances: { cashAmt: number; pointAmt: number };
}

export interface RotaryPrize {
  prizeIdx: number;
  label: string;
  points: number;
}

export interface RotaryInfo {
  enabled: boolean;
  spunToday: boolean;
  prizes: RotaryPrize[];
  /** Today's prize once spun. */
  todayPrizeIdx: number | null;
}

export interface RotaryResult {
  prizeIdx: number;
  points: number;
  balances: { cashAmt: number; pointAmt: number };
}
