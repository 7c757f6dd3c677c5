import { useCallback, useEffect, useState } from 'react';
import { selectMember } from '../../../machines/session';
import { CASH_STATUS, type CashRequest } from '../../../contract/wallet';
import { useSessionSelector } from '../../app/appContext';
import { loadLatestRequest, type Direction } from './walletApi';

/** While a request is open, its status is read again this often (moving to "waiting" sends no push). */
const OPEN_REQUEST_POLL_MS = 10_000;

export interface LatestRequest {
  request: CashRequest | null;
  failed: boolean;
  reload(): void;
}

function isOpen(request: CashRequest | null): boolean {
  return request !== null && (request.status === CASH_STATUS.applied || request.status === CASH_STATUS.waiting);
}

/**
 * The member's most recent request in this direction, read again after their own requests, whenever
 * a CASH push changes their cash (an approval or a rejection), and every few seconds while it is open.
 */
export function useLatestRequest(direction: Direction): LatestRequest {
  const cash = useSessionSelector((snapshot) => selectMember(snapshot)?.cashAmt ?? null);
  const [reads, setReads] = useState(0);
  const [state, setState] = useState<{ request: CashRequest | null; failed: boolean }>({ request: null, failed: false });
  const reload = useCallback(() => setReads((count) => count + 1), []);

  useEffect(() => {
    let current = true;
    loadLatestRequest(direction).then(
      (request) => current && setState({ request, failed: false }),
      () => current && setState((previous) => ({ ...previous, failed: true })),
    );
    return () => {
      current = false;
    };
  }, [direction, cash, reads]);

  const open = isOpen(state.request);
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(reload, OPEN_REQUEST_POLL_MS);
    return () => clearInterval(timer);
  }, [open, reload]);

  return { ...state, reload };
}
