/**
 * Where a coin's won price comes from, behind one interface. The reference server's source is the
 * operator's setting (PUT /admin/api/wallet-settings {usdtPriceKrw}); a market feed would implement the
 * same `quote`. Requests lock the price they confirmed: it must still be the current quote (C801).
 */
import type { WalletSettings } from './settings';

export const COIN_SYMBOLS = ['USDT'] as const;
export type CoinSymbol = (typeof COIN_SYMBOLS)[number];

export interface CoinQuote {
  /** Won per 1 coin. */
  priceKrw: number;
  setAt: Date;
}

export interface PriceSource {
  /** The current quote, read from the settings the request already holds (so one transaction sees one price). */
  quote(symbol: CoinSymbol, settings: WalletSettings): CoinQuote;
}

export const operatorPriceSource: PriceSource = {
  quote: (_symbol, settings) => ({ priceKrw: settings.usdtPriceKrw, setAt: settings.usdtPriceSetAt }),
};
