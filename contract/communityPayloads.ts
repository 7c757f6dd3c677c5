/**
 * Payload schemas of the board, main-page, attendance and prize-wheel calls (contract/community.ts has
 * their types and limits). Bounds here are generous: a value over the board's own limits but under
 * these gets its own code (BD004) from the service; anything larger is R003.
 */
import { z } from 'zod';
import { BOARD_CATEGORIES, BOARD_SEARCH_TYPES } from './community';
import { idempotencyKey, text } from './walletPayloads';

const page = z.number().int().min(1).max(100_000).optional().default(1);
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Stored image ids (random, url-safe). */
const imageId = z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/);

export const boardListPayload = z.object({
  page,
  category: z.enum(['all', ...BOARD_CATEGORIES]).optional().default('all'),
  /** Present when the member searches; the term is then required (BD003). */
  search: z.object({ type: z.enum(BOARD_SEARCH_TYPES), text: text(1_000) }).optional(),
});

export const boardDetailPayload = z.object({ boardIdx: id });

export const boardSavePayload = z.object({
  /** One key per post: a post sent again (a lost answer, the outbox after a reconnect) is made once. */
  idempotencyKey,
  category: z.enum(BOARD_CATEGORIES).optional().default('normal'),
  title: text(1_000),
  content: text(20_000),
  imageIds: z.array(imageId).max(10).optional().default([]),
});

export const boardDeletePayload = z.object({ boardIdx: id });

export const commentSavePayload = z.object({ boardIdx: id, content: text(5_000) });
export const commentDeletePayload = z.object({ cmtIdx: id });

export const dailyRewardPayload = z.object({ idempotencyKey });
