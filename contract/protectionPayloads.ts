/**
 * Payload schemas of the member protection calls (contract/protection.ts has their types and rules). The
 * server validates with them; the client never imports this file at run time.
 */
import { z } from 'zod';
import { BREAK_KINDS, LIMIT_KINDS, MAX_LIMIT, PROTECTION_PERIODS, REALITY_INTERVALS } from './protection';
import { page } from './walletPayloads';

const limitOf = { kind: z.enum(LIMIT_KINDS), period: z.enum(PROTECTION_PERIODS) };

/** Set a limit (null: remove it). A lower one applies at once; a higher one or a removal waits 24 hours. */
export const protectionLimitPayload = z.object({
  ...limitOf,
  amount: z.number().int().min(0).max(MAX_LIMIT).nullable(),
});

/** Cancel a waiting raise or removal. */
export const protectionCancelPayload = z.object(limitOf);

export const protectionRealityPayload = z.object({
  minutes: z.union(REALITY_INTERVALS.map((m) => z.literal(m)) as unknown as [z.ZodLiteral<0>, z.ZodLiteral<15>, z.ZodLiteral<30>, z.ZodLiteral<60>]),
});

/** Start a break; the length must be one of its kind's (PL005 otherwise). */
export const protectionBreakPayload = z.object({
  kind: z.enum(BREAK_KINDS as [BreakKindName, ...BreakKindName[]]),
  length: z.string().max(4),
});
type BreakKindName = (typeof BREAK_KINDS)[number];

/** A page of the history (the member's call). */
export const protectionHistoryPayload = z.object({ page });

/** Operator API: GET /admin/api/members/:memId/protection/history?page= */
export const historyPageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** Operator API: PUT /admin/api/members/:memId/protection/limits (null removes the operator's limit). */
export const operatorLimitBody = protectionLimitPayload.strict();

/** Operator API: GET /admin/api/protection/hits?from&to (ISO instants; default the last 30 days). */
export const hitReportQuery = z.object({
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
});
