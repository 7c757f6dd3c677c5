/**
 * Payload schemas of the partner calls (contract/partner.ts has their types and constants). The server
 * validates with them; the client never imports this file at run time. Rates arrive as JSON numbers and
 * amounts as numbers or digit strings: a value that is not a whole number in range is refused by the
 * service with its own code (PT007 for a rate, C303/C403 for an amount), not by the schema.
 */
import { z } from 'zod';
import { CASH_TYPES } from './wallet';
import { BET_GROUPS } from './betting';
import { PARTNER_PRODUCTS, RATE_KINDS } from './partner';
import { dateText, idempotencyKey, page, text } from './walletPayloads';

const memId = text(40);
const optionalMemId = text(40).optional().default('');
const amount = z.union([z.number(), z.string().max(32)]).optional();

/** The lower partners, by the days they joined (SPEC §9: today by default) and a partner id (part of it). */
export const partnerLinePayload = z.object({ page, startDate: dateText, endDate: dateText, memId: optionalMemId });

/** The line's members, by the days they joined (SPEC §9: today by default). */
export const partnerMemberListPayload = z.object({
  page, startDate: dateText, endDate: dateText,
  /** A member id to look for (part of it), '' for all. */
  memId: optionalMemId,
  /** 'direct': only members the caller recommended; 'all': the whole line. */
  scope: z.enum(['all', 'direct']).optional().default('all'),
  /** Include lower partners in the list (they are members too). */
  withPartners: z.enum(['Y', 'N']).optional().default('N'),
});

export const partnerCashListPayload = z.object({
  page, startDate: dateText, endDate: dateText, memId: optionalMemId,
  cashType: z.enum(['', ...CASH_TYPES]).optional().default(''),
});

export const partnerBetListPayload = z.object({
  page, startDate: dateText, endDate: dateText, memId: optionalMemId,
  groupKey: z.enum(['', ...BET_GROUPS]).optional().default(''),
  product: z.enum(['', ...PARTNER_PRODUCTS]).optional().default(''),
});

/** The rates of the caller ('' ) or of one of their lower partners. */
export const partnerRatesPayload = z.object({ memId: optionalMemId });

/**
 * A rate change for a direct lower partner (the caller's own rates are set by their parent or the
 * operator). Sent after the recheck message (SPEC §5); takes effect at the next Seoul midnight; once a
 * Seoul day per partner (PT003); never above the caller's own rate (PT002).
 */
export const partnerRateChangePayload = z.object({
  idempotencyKey,
  memId,
  rates: z.array(z.object({
    product: z.enum(PARTNER_PRODUCTS),
    kind: z.enum(RATE_KINDS),
    rateBp: z.union([z.number(), z.string().max(16)]),
  })).min(1).max(PARTNER_PRODUCTS.length * RATE_KINDS.length),
});

export const partnerCalculationPayload = z.object({
  page, startDate: dateText, endDate: dateText,
  product: z.enum(['', ...PARTNER_PRODUCTS]).optional().default(''),
});

export const partnerCalculationUserPayload = z.object({ page, startDate: dateText, endDate: dateText, memId: optionalMemId });

/** Give cash to, or take it back from, a member or partner of the caller's line (not above them). */
export const partnerMoneyPayload = z.object({
  idempotencyKey,
  memId,
  amount,
  note: text(200).optional().default(''),
});

export const partnerMoneyMoveListPayload = z.object({
  page, startDate: dateText, endDate: dateText, memId: optionalMemId,
  direction: z.enum(['', 'give', 'take']).optional().default(''),
});

/** The partner money merge: all settled commission into the partner's cash. */
export const partnerMergePayload = z.object({ idempotencyKey });

/**
 * /striNew: a lower partner one level below the caller, with the sign-up model's fields (the same
 * rules and codes as sign-up, U101-U119) and their starting rates (each at most the caller's; absent
 * ones start at 0).
 */
export const partnerCreatePayload = z.object({
  idempotencyKey,
  memId: text(),
  memPass: text(),
  memPassCheck: text(),
  memPhone: text(),
  bank: text(),
  memName: text(),
  memNick: text(),
  bankacc: text(),
  cashOutPass: text(),
  rates: partnerRateChangePayload.shape.rates.optional().default([]),
});
