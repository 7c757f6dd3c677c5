import { useEffect, useState } from 'react';
import type { CoinPrice } from '../../../contract/wallet';
import { callApi } from '../../api/client';
import { useLoad } from '../../ui/useLoad';
import { loadCoinPrice } from './walletApi';

/** How often the USDT price is read again while a USDT page is open. */
const PRICE_REFRESH_MS = 30_000;

/** The site's limits and bonus rates for the forms. */
export function useWalletInfo() {
  return useLoad(() => callApi('walletInfo', {}), []);
}

/**
 * The current USDT price, read on opening and every PRICE_REFRESH_MS; each new price goes to the form
 * (`onPrice`), which locks the one shown when the member submits.
 */
export function useCoinPrice(onPrice: (price: CoinPrice) => void): { price: CoinPrice | null; failed: boolean } {
  const [state, setState] = useState<{ price: CoinPrice | null; failed: boolean }>({ price: null, failed: false });
  useEffect(() => {
    let current = true;
    const read = () =>
      loadCoinPrice().then(
        (price) => {
          if (!current) return;
          setState({ price, failed: false });
          onPrice(price);
        },
        () => current && setState((previous) => ({ ...previous, failed: true })),
      );
    void read();
    const timer = setInterval(read, PRICE_REFRESH_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read on mount; onPrice only forwards to the form's actor
  }, []);
  return state;
}
