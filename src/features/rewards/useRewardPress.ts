import { useState } from 'react';
import { resultCodeOf } from '../../../machines/errors';
import { showAlert, type AlertContent } from '../../ui/alerts';

/**
 * The one press of a daily reward (check-in, spin): busy while it runs, then the alert its answer asks
 * for (once `answered` settles: the wheel first spins to the prize), or the refusal's catalogue text.
 */
export function useRewardPress<A>(call: () => Promise<A>, answered: (answer: A) => AlertContent | Promise<AlertContent>) {
  const [busy, setBusy] = useState(false);
  const press = async () => {
    setBusy(true);
    try {
      await showAlert(await answered(await call()));
    } catch (error) {
      const code = resultCodeOf(error);
      await showAlert({ messageId: code ? `api.${code}` : 'front.error.network' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, press };
}
