import { calls } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { CashService } from './cashService';

export function registerCashRoutes(api: ApiRouter, cash: CashService): void {
  api.member(calls.walletInfo, (_payload, { session }) => cash.walletInfo(session));
  api.member(calls.cashIn, (payload, { session }) => cash.deposit(session, payload));
  api.member(calls.cashOut, (payload, { session }) => cash.withdraw(session, payload));
  api.member(calls.coinIn, (payload, { session }) => cash.coinDeposit(session, payload));
  api.member(calls.coinOut, (payload, { session }) => cash.coinWithdraw(session, payload));
  api.member(calls.cashList, (payload, { session }) => cash.list(session, payload));
  api.member(calls.cashDel, (payload, { session }) => cash.remove(session, payload));
  api.member(calls.getAcc, (_payload, { session }) => cash.askAccount(session));
  api.member(calls.accInquiry, (_payload, { session }) => cash.accountAnswer(session));
}
