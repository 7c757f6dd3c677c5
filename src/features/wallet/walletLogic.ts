/**
 * The wallet machines with their real actors. Balances a call answers (a withdrawal's hold, a
 * cancelled withdrawal coming back) go to the session exactly like a CASH push, so the header follows
 * at once; approvals and rejections arrive as real CASH pushes.
 */
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { Balances } from '../../../contract/wallet';
import { cashRequestMachine } from '../../../machines/cashRequest';
import { cashStatusMachine } from '../../../machines/walletStatus';
import { callApi } from '../../api/client';
import type { SessionActor } from '../../app/actors';
import { useSession } from '../../app/appContext';
import { submitCashRequest } from './walletApi';

function applyBalances(session: SessionActor, balances: Balances | undefined): void {
  if (!balances) return;
  session.send({ type: 'socket.message', cmd: 'CASH', data1: balances.cashAmt, data2: balances.pointAmt });
}

export function createCashRequestLogic(session: SessionActor, onAccepted: () => void) {
  return cashRequestMachine.provide({
    actors: { submitRequest: fromPromise(({ input }) => submitCashRequest(input)) },
    actions: {
      requestAccepted: (_, answer) => {
        applyBalances(session, answer.balances);
        onAccepted();
      },
    },
  });
}
export type CashRequestLogic = ReturnType<typeof createCashRequestLogic>;

export function createCashStatusLogic(session: SessionActor, onCancelled: () => void) {
  return cashStatusMachine.provide({
    actors: { cancelRequest: fromPromise(({ input }) => callApi('cashDel', input)) },
    actions: {
      requestCancelled: (_, answer) => {
        applyBalances(session, answer.balances);
        onCancelled();
      },
    },
  });
}
export type CashStatusLogic = ReturnType<typeof createCashStatusLogic>;

/** A stable function that always calls the latest `callback` (the machines are created once). */
function useLatest(callback: () => void): () => void {
  const latest = useRef(callback);
  latest.current = callback;
  return useMemo(() => () => latest.current(), []);
}

/** One provided machine per mounted form; `onAccepted` lets the page reload the member's open request. */
export function useCashRequestLogic(onAccepted: () => void): CashRequestLogic {
  const session = useSession();
  const accepted = useLatest(onAccepted);
  return useMemo(() => createCashRequestLogic(session, accepted), [session, accepted]);
}

export function useCashStatusLogic(onCancelled: () => void): CashStatusLogic {
  const session = useSession();
  const cancelled = useLatest(onCancelled);
  return useMemo(() => createCashStatusLogic(session, cancelled), [session, cancelled]);
}
