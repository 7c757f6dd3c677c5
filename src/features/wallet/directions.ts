import type { CashType } from '../../../contract/wallet';

/** Deposits and withdrawals each allow one open request across won and USDT (C003 / C209). */
export type Direction = 'deposit' | 'withdrawal';
export const DIRECTION_TYPES: Record<Direction, readonly CashType[]> = {
  deposit: ['in', 'coinIn'],
  withdrawal: ['out', 'coinOut'],
};
