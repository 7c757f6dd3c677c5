import type { CashType } from '../../../contract/wallet';

export type HistoryKind = 'charge' | 'exchange';

/** The cash types each history shows; the list call takes one type at a time, the first is the default. */
export const HISTORY_TYPES: Record<HistoryKind, readonly [CashType, CashType]> = {
  charge: ['in', 'coinIn'],
  exchange: ['out', 'coinOut'],
};

export const CASH_TYPE_LABEL: Record<CashType, string> = {
  in: 'front.mypage.cashType.in',
  coinIn: 'front.mypage.cashType.coinIn',
  out: 'front.mypage.cashType.out',
  coinOut: 'front.mypage.cashType.coinOut',
};
