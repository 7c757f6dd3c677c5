/**
 * The operator API's partner payloads (plain JSON under /admin/api/partners): the schemas the server
 * validates with, for an operator console to share. A body that fails its schema is answered 400 R003.
 * Every action is audited in the same transaction.
 */
import { z } from 'zod';
import { MAX_FIELD_LENGTH } from './constants';
import { PARTNER_LEVELS, PARTNER_PRODUCTS, RATE_BP_MAX, RATE_KINDS, type SettlementLine } from './partner';

const memId = z.string().min(1).max(MAX_FIELD_LENGTH);
const rateBp = z.number().int().min(0).max(RATE_BP_MAX);
/** A calendar day (2031-02-30 is refused here, not by the database). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((text) => {
  const at = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().startsWith(text);
}, 'no such day');

export const partnerMemIdParam = z.object({ memId });
export const settlementLineParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const betIdParam = z.object({ betId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * POST /partners/{memId}/make: make an existing active member a partner at `level` under `parentMemId`
 * (a partner exactly one level up), or at the top (null parent). A member with a recommender who is not
 * the new parent is moved under it.
 */
export const partnerMakeBody = z.object({
  level: z.enum(PARTNER_LEVELS),
  parentMemId: memId.nullable(),
  canCreateLower: z.boolean().optional().default(true),
});

/** POST /partners/{memId}/move: move a partner (their whole line) or a member under another partner. */
export const partnerMoveBody = z.object({ parentMemId: memId });

/** PUT /partners/{memId}/rates: the operator's rates for a partner, in force at once (lowering clamps the line below). */
export const partnerRatesBody = z.object({
  rates: z.array(z.object({ product: z.enum(PARTNER_PRODUCTS), kind: z.enum(RATE_KINDS), rateBp })).min(1).max(PARTNER_PRODUCTS.length * RATE_KINDS.length),
});

/** PUT /partners/{memId}/permissions: whether the partner may create lower partners and move money. */
export const partnerPermissionsBody = z.object({ canCreateLower: z.boolean().optional(), canMoveMoney: z.boolean().optional() })
  .refine((b) => b.canCreateLower !== undefined || b.canMoveMoney !== undefined, { message: 'nothing to change' });

/** GET /partners?q=&page=: the top partners (no partner above), a fragment of the id or nickname; 20 a page. */
export const partnersQuery = z.object({
  q: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const PARTNERS_PAGE_SIZE = 20;
export interface TopPartnerRow {
  memId: string;
  memNick: string;
  level: string;
  status: string;
  lowerPartners: number;
}

/** GET /partners/settlements?from=&to=&memId=&status=&page=: settlement lines, newest day first, 50 a page. */
export const settlementsQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  memId: memId.optional(),
  status: z.enum(['settled', 'reversed']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const SETTLEMENTS_PAGE_SIZE = 50;
/** A settlement line as the console lists it: the partner's own view of it (contract/partner.ts), its partner and its reversal. */
export interface SettlementLineRow extends Omit<SettlementLine, 'lineId'> {
  id: number;
  memId: string;
  reversedAt: string | null;
}

/** POST /partners/settlements/close {day}: settle every accrual up to that Seoul day (not today or later). */
export const settlementCloseBody = z.object({ day });
