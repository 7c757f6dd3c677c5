/**
 * What each money action sends (its draft, amounts already read into integers or null when unreadable)
 * and its client-side check, answering the message id of the first mistake in the order of the form.
 * Convenience only: the server checks everything again (limits, units, held money, the password).
 * The confirmed-action machine (moneyAction.ts) runs every one of them.
 */
import { pointConvertMinimum, type Locale } from '../contract/constants';
import { parsePoints, parseUsdt, parseWon } from '../contract/amounts';
import { CASH_STATUS, TRC20_ADDRESS_PATTERN, type CashRequest, type CashType } from '../contract/wallet';

/** The money forms as typed; amounts stay text until a draft is made. */
export interface CashForm {
  /** Won, typed or added by the preset buttons (deposits, withdrawals, USDT withdrawals). */
  amount: string;
  /** USDT typed as a decimal (USDT deposits). */
  usdt: string;
  bonusYn: 'Y' | 'N';
  cashOutPass: string;
  /** TRC-20 destination (USDT withdrawals). */
  address: string;
}

export const EMPTY_CASH_FORM: CashForm = { amount: '', usdt: '', bonusYn: 'Y', cashOutPass: '', address: '' };

export type CashDraft =
  | { cashType: 'in'; amount: number | null; bonusYn: 'Y' | 'N' }
  | { cashType: 'out'; amount: number | null; cashOutPass: string }
  | { cashType: 'coinIn'; usdtAmount: number | null; priceKrw: number | null }
  | { cashType: 'coinOut'; amount: number | null; priceKrw: number | null; address: string; cashOutPass: string };

/** The draft a money form describes; `priceKrw` is the price shown, locked into a USDT draft. */
export function cashDraft(cashType: CashType, form: CashForm, priceKrw: number | null): CashDraft {
  const amount = parseWon(form.amount);
  switch (cashType) {
    case 'in':
      return { cashType, amount, bonusYn: form.bonusYn };
    case 'out':
      return { cashType, amount, cashOutPass: form.cashOutPass };
    case 'coinIn':
      return { cashType, usdtAmount: parseUsdt(form.usdt), priceKrw };
    case 'coinOut':
      return { cashType, amount, priceKrw, address: form.address.trim(), cashOutPass: form.cashOutPass };
  }
}

/** The "enter an amount" code of each kind of request (SPEC §8). */
const AMOUNT_CODE: Record<CashType, string> = { in: 'api.C002', out: 'api.C206', coinIn: 'api.C002', coinOut: 'api.C206' };
const NO_PRICE = 'front.cash.noPrice';

/** Deposits need an amount; withdrawals also the cash-out password before the confirm is asked; USDT a price and an address. */
export function checkCash(draft: CashDraft): string | null {
  if (draft.cashType === 'coinIn') {
    if (draft.usdtAmount === null) return AMOUNT_CODE.coinIn;
    return draft.priceKrw === null ? NO_PRICE : null;
  }
  if (draft.amount === null) return AMOUNT_CODE[draft.cashType];
  if (draft.cashType === 'in') return null;
  if (draft.cashOutPass === '') return 'api.C205';
  if (draft.cashType === 'out') return null;
  if (!TRC20_ADDRESS_PATTERN.test(draft.address)) return 'api.C802';
  return draft.priceKrw === null ? NO_PRICE : null;
}

export interface PointDraft {
  amount: number | null;
}

export const pointDraft = (typed: string): PointDraft => ({ amount: parsePoints(typed) });

/** A conversion's mistakes (the server checks again: P001, P004, P002). */
export function checkPoints(draft: PointDraft, heldPoints: number, locale: Locale): string | null {
  if (draft.amount === null) return 'api.P001';
  if (draft.amount < pointConvertMinimum(locale)) return 'front.mypage.pointMinimum';
  if (draft.amount > heldPoints) return 'api.P002';
  return null;
}

export interface GiveDraft {
  toMemId: string;
  amount: number | null;
  cashOutPass: string;
}

/** A transfer's mistakes, in the order of the form (the password itself is the server's: C008). */
export function checkGive({ toMemId, amount, cashOutPass }: GiveDraft): string | null {
  if (!toMemId) return 'front.mypage.giveTargetEmpty';
  if (amount === null) return 'api.C303';
  if (!cashOutPass) return 'api.C205';
  return null;
}

export interface CouponDraft {
  couponId: number;
  name: string;
  kind: 'cash' | 'point';
  amount: number;
  /** Gifts only: the receiver. */
  toMemId?: string;
}

export const checkCouponGift = (draft: CouponDraft): string | null => (draft.toMemId ? null : 'front.mypage.giftTargetEmpty');

/** cash/del: cancel an applied request (its held money comes back) or hide a processed one. */
export interface RemovalDraft {
  requestId: number;
  removal: 'cancel' | 'hide';
}

/** What a request's remove button does: cancel while applied, hide once processed; a waiting one has none. */
export function removalOf(request: Pick<CashRequest, 'status'>): RemovalDraft['removal'] | null {
  if (request.status === CASH_STATUS.applied) return 'cancel';
  if (request.status === CASH_STATUS.waiting) return null;
  return 'hide';
}
