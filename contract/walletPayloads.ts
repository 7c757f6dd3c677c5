/**
 * Payload schemas of the wallet calls (contract/wallet.ts has their types and constants). The server
 * validates with them; the client never imports this file at run time.
 */
import { z } from 'zod';
import { MAX_FIELD_LENGTH } from './constants';
import { CASH_TYPES } from './wallet';

export const idempotencyKey = z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/);
/** Amounts arrive as JSON numbers; anything not a safe non-negative integer is refused by the service with its own code. */
const amount = z.union([z.number(), z.string().max(32)]).optional();
/** A string bounded in size: every text field of every payload (contract/calls.ts too). */
export const text = (max = MAX_FIELD_LENGTH) => z.string().max(max);
export const page = z.number().int().min(1).max(100_000).optional().default(1);
export const dateText = z.string().max(19).regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/).optional();

export const depositPayload = z.object({
  idempotencyKey,
  amount,
  bonusYn: z.enum(['Y', 'N']).optional().default('N'),
});

export const withdrawPayload = z.object({
  idempotencyKey,
  amount,
  cashOutPass: text(16).optional().default(''),
});

export const coinDepositPayload = z.object({
  idempotencyKey,
  /** USDT in micro-units. */
  usdtAmount: amount,
  /** The won price per USDT the member saw and confirmed; refused with C801 if it is no longer current. */
  priceKrw: amount,
});

export const coinWithdrawPayload = z.object({
  idempotencyKey,
  /** Won to take out of held money; paid in USDT at the locked price. */
  amount,
  priceKrw: amount,
  address: text(64),
  cashOutPass: text(16).optional().default(''),
});

export const cashListPayload = z.object({
  page,
  startDate: dateText,
  endDate: dateText,
  cashType: z.enum(['', ...CASH_TYPES]).optional().default(''),
});

export const cashDeletePayload = z.object({ requestId: z.number().int().positive() });

export const pointConvertPayload = z.object({ idempotencyKey, amount });
export const pageOnlyPayload = z.object({ page, startDate: dateText, endDate: dateText });

export const couponUsePayload = z.object({ idempotencyKey, couponId: z.number().int().positive() });
export const couponGiftPayload = z.object({ idempotencyKey, couponId: z.number().int().positive(), toMemId: text(40) });

export const givePayload = z.object({
  idempotencyKey,
  toMemId: text(40),
  amount,
  cashOutPass: text(16).optional().default(''),
});
