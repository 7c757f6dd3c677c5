/** Cash request and cash status actors wired to controllable fakes, plus the data their tests share. */
import { createActor, type InspectionEvent } from 'xstate';
import type { CashRequest, CashType } from '../../contract/wallet';
import { cashRequestMachine, type SubmitAnswer, type SubmitInput } from '../../machines/cashRequest';
import { cashStatusMachine, type CancelAnswer } from '../../machines/walletStatus';
import { fakePromise } from './support';

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

export const ACCEPTED: SubmitAnswer = { request: cashRequestOf(0) };
export const REFUSED = { code: 'C102', message: '최소 신청 금액 미만입니다.' };
export const OFFLINE = new TypeError('Failed to fetch');

export function startCashRequest(cashType: CashType = 'in', inspect?: (event: InspectionEvent) => void) {
  const submitRequest = fakePromise<SubmitAnswer, SubmitInput>('submitRequest');
  const accepted: SubmitAnswer[] = [];
  const machine = cashRequestMachine.provide({
    actors: { submitRequest: submitRequest.logic },
    actions: { requestAccepted: (_, answer) => { accepted.push(answer); } },
  });
  const actor = createActor(machine, { input: { cashType }, inspect });
  actor.start();
  return { actor, submitRequest, accepted };
}

export function startCashStatus(inspect?: (event: InspectionEvent) => void) {
  const cancelRequest = fakePromise<CancelAnswer, { requestId: number }>('cancelRequest');
  const cancelled: CancelAnswer[] = [];
  const machine = cashStatusMachine.provide({
    actors: { cancelRequest: cancelRequest.logic },
    actions: { requestCancelled: (_, answer) => { cancelled.push(answer); } },
  });
  const actor = createActor(machine, { inspect });
  actor.start();
  return { actor, cancelRequest, cancelled };
}
