/**
 * The ledger side of cash requests, posted through the money door (a Movement). Keys derive from the
 * request id, so a movement can never happen twice for one request whatever retries or races occur.
 *   deposit approved:     house 'bank' (and 'bonus') KRW -> member KRW
 *   withdrawal requested: member KRW -> house 'withdrawal_hold' KRW (refused with C202 when not held),
 *                         posted by the database function cash_withdraw (withdrawals.ts) under `cashOut:hold:<id>`
 *   withdrawal released:  house 'withdrawal_hold' -> member KRW (rejected or cancelled)
 *   withdrawal approved:  house 'withdrawal_hold' -> house 'bank' (the money leaves)
 */
import type { Movement } from '../money/door';
import type { EntryInput } from '../money/ledger';

const bank = { house: 'bank', currency: 'KRW' } as const;
const hold = { house: 'withdrawal_hold', currency: 'KRW' } as const;
const memberCash = (memberId: number) => ({ memberId, currency: 'KRW' }) as const;

export async function creditDeposit(move: Movement, requestId: number, memberId: number, amount: number, bonus: number): Promise<number> {
  const entries: EntryInput[] = [{ account: bank, amount: -amount }, { account: memberCash(memberId), amount: amount + bonus }];
  if (bonus > 0) entries.push({ account: { house: 'bonus', currency: 'KRW' }, amount: -bonus });
  const { transactionId } = await move.post({ key: `cashIn:credit:${requestId}`, kind: 'cash.deposit', entries });
  return transactionId;
}

export async function releaseWithdrawal(move: Movement, requestId: number, memberId: number, amount: number): Promise<number> {
  const { transactionId } = await move.post({
    key: `cashOut:release:${requestId}`, kind: 'cash.withdrawal.release',
    entries: [{ account: hold, amount: -amount }, { account: memberCash(memberId), amount }],
  });
  return transactionId;
}

export async function payOutWithdrawal(move: Movement, requestId: number, amount: number): Promise<number> {
  const { transactionId } = await move.post({
    key: `cashOut:pay:${requestId}`, kind: 'cash.withdrawal.pay',
    entries: [{ account: hold, amount: -amount }, { account: bank, amount }],
  });
  return transactionId;
}
