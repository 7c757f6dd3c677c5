import type { CashRequest, CashStatus, CashType } from '../../../contract/wallet';
import { CASH_STATUS, USDT_MICRO } from '../../../contract/wallet';

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

/** SPEC §4: 0 applied, 2 waiting, 1 complete, -1 cancelled. */
export const CASH_STATUS_LABEL: Record<CashStatus, string> = {
  0: 'front.mypage.status.applied',
  2: 'front.mypage.status.waiting',
  1: 'front.mypage.status.complete',
  [-1]: 'front.mypage.status.cancelled',
};

/** What the row's button does: cancel an applied request, hide a processed one; a waiting one has none. */
export function removalOf(request: Pick<CashRequest, 'status'>): 'cancel' | 'hide' | null {
  if (request.status === CASH_STATUS.applied) return 'cancel';
  if (request.status === CASH_STATUS.waiting) return null;
  return 'hide';
}

/** USDT micro-units as a decimal text: 12500000 -> '12.5'. */
export function usdtText(micro: number): string {
  const whole = Math.floor(micro / USDT_MICRO);
  const fraction = String(micro % USDT_MICRO).padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole.toLocaleString('en-US')}.${fraction}` : whole.toLocaleString('en-US');
}
