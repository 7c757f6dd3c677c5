/**
 * Messages and the support centre (SPEC §2 board and support, my page message; §3 message, inquiry;
 * §5 board title and content, search term, message deletion): the types client and server share and
 * the text rules with their result codes. The zod payloads are in supportPayloads.ts (server only).
 */
import { looksLikeMarkup } from './rules';
import type { PageInfo } from './wallet';

/** Board types of the support centre (SPEC §7 /api/board/{boardType}/...): notices, FAQ, the member's Q&A. */
export const SUPPORT_BOARD_TYPES = ['nt', 'faq', 'qna'] as const;
export type SupportBoardType = (typeof SUPPORT_BOARD_TYPES)[number];

/** Inquiry status (SPEC §4). */
export const QNA_STATUSES = ['waiting', 'answered'] as const;
export type QnaStatus = (typeof QNA_STATUSES)[number];

export const TITLE_MAX = 100;
export const CONTENT_MAX = 4_000;
export const SEARCH_MAX = 50;
/** How many messages one delete may name. */
export const MSG_DELETE_MAX = 100;

export interface MessageItem {
  msgIdx: number;
  title: string;
  readYn: 'Y' | 'N';
  regDate: string;
  readDate: string | null;
}

export interface Message extends MessageItem {
  content: string;
}

export interface MessageList {
  list: MessageItem[];
  pageInfo: PageInfo;
  newMsg: number;
}

/** A post of a support board: a notice, an FAQ entry (title the question, content the answer) or a question. */
export interface SupportPost {
  boardIdx: number;
  boardType: SupportBoardType;
  title: string;
  content: string;
  regDate: string;
  /** Q&A only: the status and the operator's answer. */
  status?: QnaStatus;
  answer?: string | null;
  answerDate?: string | null;
}

export interface SupportPostList {
  list: SupportPost[];
  pageInfo: PageInfo;
}

export type TextCode = 'BD001' | 'BD002' | 'BD004' | 'BD005';

/** SPEC §5 "board title and content required", plus size and markup; null when the text may be posted. */
export function checkPostText(title: string, content: string): TextCode | null {
  if (title.trim() === '') return 'BD001';
  if (content.trim() === '') return 'BD002';
  if (title.length > TITLE_MAX || content.length > CONTENT_MAX) return 'BD004';
  if (looksLikeMarkup(title) || looksLikeMarkup(content)) return 'BD005';
  return null;
}

/** SPEC §5 "search term required": a search names a term (trimmed, at most SEARCH_MAX characters). */
export function checkSearchTerm(term: string): 'BD003' | 'BD004' | null {
  if (term.trim() === '') return 'BD003';
  if (term.length > SEARCH_MAX) return 'BD004';
  return null;
}

/** SPEC §5 message deletion: a selection is needed (M001) before anything is sent. */
export function checkMessageSelection(msgIdxs: readonly number[]): 'M001' | null {
  return msgIdxs.length === 0 ? 'M001' : null;
}

/** Message retention (SPEC §9: a maximum of days and of items, values set by the operator). */
export interface MessageRetention {
  maxDays: number;
  maxItems: number;
}
export const MESSAGE_RETENTION_DEFAULT: MessageRetention = { maxDays: 30, maxItems: 100 };
