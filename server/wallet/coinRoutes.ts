/** GET /api/coin?symbol=USDT&t=<timestamp> (SPEC §7): the won price of a coin, answered sealed. */
import { z } from 'zod';
import { COIN_PATH } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { CashService } from './cashService';
import { COIN_SYMBOLS } from './priceSource';

// `t` only defeats caches; an unknown symbol fails the schema (R003).
const coinQuery = z.object({ symbol: z.enum(COIN_SYMBOLS), t: z.string().max(32).optional() });

export function registerCoinRoutes(api: ApiRouter, cash: CashService): void {
  api.guestGet(COIN_PATH, coinQuery, (query) => cash.coinPrice(query.symbol));
}
