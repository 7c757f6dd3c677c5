/**
 * A withdrawal request (won or USDT) in one statement through the money door (money/door.ts `callInDatabase`):
 * the database function cash_withdraw (migration 0027_cash_withdraw.sql) checks the cash-out password's attempt
 * limit, claims the key, locks the member, checks the rules in cashRules.ts's order and the password from the
 * proof the server made (member/passwordChecks.ts `inDatabase`), holds the money with ledger_post, and writes
 * the request and the key's answer.
 *
 * What needs no database stays here: reading the amount and the USDT price (null when malformed: C206, C801),
 * the address's shape (C802), the nightly bank maintenance (C217) at the call's instant and the USDT maths;
 * the function refuses them in their place in the order. The locked price is compared with the operator's
 * setting (priceSource.ts operatorPriceSource) in the settings row the function holds.
 */
import { type Balances, type CashRequest, TRC20_ADDRESS_PATTERN } from '../../contract/wallet';
import { isBankMaintenance } from '../clock';
import type { CashOutPassArgs } from '../member/passwordChecks';
import { usdtForWon } from '../money/amounts';
import type { Called, DatabaseCall, MoneyDoor, MoneyRequest } from '../money/door';

export interface Withdrawal {
  cashType: 'out' | 'coinOut';
  /** Won, null when malformed. */
  amount: number | null;
  /** USDT only: the price the member locked (null when malformed) and the payee's address. */
  priceKrw: number | null;
  address: string | null;
}

export type WithdrawalAnswer = { request: CashRequest; balances: Balances };

const statement = (call: 'cashOut' | 'coinOut', cashType: Withdrawal['cashType']): DatabaseCall => ({
  call,
  name: `cash_withdraw_${cashType}`,
  text: `select cash_withdraw($1::bigint, $2::text, $3::text, $4::timestamptz, '${call}', '${cashType}', $5::bigint, $6::boolean,
    $7::bigint, $8::numeric, $9::text, $10::boolean, $11::text, $12::text, $13::text, $14::int, $15::bigint) as result`,
});

const CALLS: Record<Withdrawal['cashType'], DatabaseCall> = { out: statement('cashOut', 'out'), coinOut: statement('coinOut', 'coinOut') };

export function requestWithdrawal(
  money: MoneyDoor, request: Omit<MoneyRequest, 'call'>, withdrawal: Withdrawal, pass: CashOutPassArgs,
): Promise<Called<WithdrawalAnswer>> {
  const { cashType, amount, priceKrw, address } = withdrawal;
  const usdt = amount !== null && priceKrw !== null ? usdtForWon(amount, priceKrw) : null;
  return money.callInDatabase(CALLS[cashType], request, (now) => [
    amount, isBankMaintenance(now), priceKrw, usdt, address, address === null || TRC20_ADDRESS_PATTERN.test(address),
    pass.seen, pass.proof, pass.rehash, pass.limit, pass.windowMs,
  ]);
}
