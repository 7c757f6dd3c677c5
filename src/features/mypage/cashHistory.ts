import type { CashType } from '../../../contract/wallet';

export type HistoryKind = 'charge' | 'exchange';

/** The cash types each history shows; the list call takes one type at a time, the first is the default. */
export const HISTORY_TYPES: Record<HistoryKind, readonly [CashType, CashType]> = {
  charge: ['in', 'coinIn'],
  exchange: ['out', 'coinOut'],
};
