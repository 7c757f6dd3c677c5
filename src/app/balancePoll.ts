import { fromCallback, type EventObject } from 'xstate';
import { callApi } from '../api/client';
import { BALANCE_POLL_MS } from '../../contract/constants';
import type { TokenInput } from '../../machines/session';

function codeOf(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : null;
}

/**
 * Asks the server for the member's balance every BALANCE_POLL_MS (SPEC §9) while signed in. TK999 means a
 * newer login replaced this session; TK001 means the session is gone. Other failures wait for the next tick.
 */
export const balancePoll = fromCallback<EventObject, TokenInput>(({ sendBack }) => {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function tick(): Promise<void> {
    try {
      const balance = await callApi('balance', {});
      if (!stopped) sendBack({ type: 'balance.updated', balance });
    } catch (error) {
      if (stopped) return;
      const code = codeOf(error);
      if (code === 'TK999') return sendBack({ type: 'balance.duplicate' });
      if (code === 'TK001') return sendBack({ type: 'session.expired' });
    }
    if (!stopped) timer = setTimeout(tick, BALANCE_POLL_MS);
  }

  timer = setTimeout(tick, BALANCE_POLL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
});
