/** Cash status actors wired to controllable fakes, plus the data the money tests share. */
import { createActor, type InspectionEvent } from 'xstate';
import type { CashRequest, CashType } from '../../contract/wallet';
import { cashStatusMachine } from '../../machines/cashStatus';
import { fakeCallback } from './support';

export const VALID_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

export function cashRequestOf(status: CashRequest['status'], cashType: CashType = 'in', requestId = 7): CashRequest {
  return {
    requestId,
    cashType,
    status,
    amount: 50_000,
    bonusAmount: 5_000,
    bonusYn: 'Y',
    usdtAmount: null,
    priceKrw: null,
    address: null,
    memo: null,
    createdAt: '2030-01-01T01:00:00.000Z',
    processedAt: status === 1 || status === -1 ? '2030-01-01T02:00:00.000Z' : null,
  };
}

export function startCashStatus(inspect?: (event: InspectionEvent) => void) {
  const followRequest = fakeCallback<{ requestId: number }>('followRequest');
  const actor = createActor(cashStatusMachine.provide({ actors: { followRequest: followRequest.logic } }), { inspect });
  actor.start();
  return { actor, followRequest };
}
