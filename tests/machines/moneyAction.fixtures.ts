/** Money action and cash status actors wired to controllable fakes, plus the data their tests share. */
import { createActor, type InspectionEvent } from 'xstate';
import type { CashRequest, CashType } from '../../contract/wallet';
import { moneyActionMachine, type MoneyActionInput, type SendInput } from '../../machines/moneyAction';
import { cashStatusMachine } from '../../machines/cashStatus';
import { fakeCallback, fakePromise } from './support';

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

export const ACCEPTED = { request: cashRequestOf(0) };
export const REFUSED = { code: 'C102', message: '최소 신청 금액 미만입니다.' };
export const OFFLINE = new TypeError('Failed to fetch');

/** A test draft: an amount that must be there (the check answers 'api.C002' otherwise). */
export interface TestDraft {
  amount: number | null;
}
export const checkTestDraft: MoneyActionInput['check'] = (draft) => ((draft as TestDraft).amount === null ? 'api.C002' : null);

export function startMoneyAction(input: MoneyActionInput = { check: checkTestDraft }, inspect?: (event: InspectionEvent) => void) {
  const send = fakePromise<unknown, SendInput>('send');
  const accepted: unknown[] = [];
  const machine = moneyActionMachine.provide({
    actors: { send: send.logic },
    actions: { accepted: (_, answer) => { accepted.push(answer); } },
  });
  const actor = createActor(machine, { input, inspect });
  actor.start();
  return { actor, send, accepted };
}

export function startCashStatus(inspect?: (event: InspectionEvent) => void) {
  const followRequest = fakeCallback<{ requestId: number }>('followRequest');
  const actor = createActor(cashStatusMachine.provide({ actors: { followRequest: followRequest.logic } }), { inspect });
  actor.start();
  return { actor, followRequest };
}
