/** The wallet's calls, as the pages and the machines' real actors use them. */
import { COIN_PATH } from '../../../contract/callPaths';
import type { CashRequest, CashType, CoinPrice } from '../../../contract/wallet';
import type { SubmitAnswer, SubmitInput } from '../../../machines/cashRequest';
import { callApi, getApi } from '../../api/client';
import { formatDate } from '../../i18n/format';

/** Deposits and withdrawals each allow one open request across won and USDT (C003 / C209). */
export type Direction = 'deposit' | 'withdrawal';
export const DIRECTION_TYPES: Record<Direction, readonly CashType[]> = {
  deposit: ['in', 'coinIn'],
  withdrawal: ['out', 'coinOut'],
};

/** How far back the pages look for the member's most recent request. */
const LATEST_LOOKBACK_DAYS = 30;

export function submitCashRequest(input: SubmitInput): Promise<SubmitAnswer> {
  const { idempotencyKey } = input;
  switch (input.cashType) {
    case 'in':
      return callApi('cashIn', { ...input.payload, idempotencyKey });
    case 'out':
      return callApi('cashOut', { ...input.payload, idempotencyKey });
    case 'coinIn':
      return callApi('coinIn', { ...input.payload, idempotencyKey });
    case 'coinOut':
      return callApi('coinOut', { ...input.payload, idempotencyKey });
  }
}

/** The member's most recent request in this direction (first page of the list, newest first), or null. */
export async function loadLatestRequest(direction: Direction, now = new Date()): Promise<CashRequest | null> {
  const since = new Date(now.getTime() - LATEST_LOOKBACK_DAYS * 24 * 60 * 60_000);
  const { list } = await callApi('cashList', {
    page: 1,
    startDate: `${formatDate(since)} 00:00:00`,
    endDate: `${formatDate(now)} 23:59:59`,
    cashType: '',
  });
  const types = DIRECTION_TYPES[direction];
  return list.filter((request) => types.includes(request.cashType)).sort((a, b) => b.requestId - a.requestId)[0] ?? null;
}

export function loadCoinPrice(): Promise<CoinPrice> {
  return getApi<CoinPrice>(COIN_PATH, { symbol: 'USDT' });
}
