/**
 * The ledger side of cash requests. Keys derive from the request id, so a movement can never happen
 * twice for one request whatever retries or races occur.
 *   deposit approved:     house 'bank' (and 'bonus') KRW -> member KRW
 *   withdrawal requested: member KRW -> house 'withdrawal_hold' KRW (refused with C202 when not held)
 *   withdrawal released:  house 'withdrawal_hold' -> member KRW (rejected or cancelled)
 *   withdrawal approved:  house 'withdrawal_hold' -> house 'bank' (the money leaves)
 */
import type { Tx } from '../db/client';
import { houseAccount, memberAccount, postTransaction } from '../money/ledger';

export async function creditDeposit(tx: Tx, requestId: number, memberId: number, amount: number, bonus: number): Promise<number> {
  const member = await memberAccount(tx, memberId, 'KRW');
  const bank = await houseAccount(tx, 'bank', 'KRW');
  const entries = [{ accountId: bank, amount: -amount }, { accountId: member, amount: amount + bonus }];
  if (bonus > 0) entries.push({ accountId: await houseAccount(tx, 'bonus', 'KRW'), amount: -bonus });
  const { transactionId } = await postTransaction(tx, { key: `cashIn:credit:${requestId}`, kind: 'cash.deposit', entries });
  return transactionId;
}

export async function holdWithdrawal(tx: Tx, requestId: number, memberId: number, amount: number): Promise<number> {
  const member = await memberAccount(tx, memberId, 'KRW');
  const hold = await houseAccount(tx, 'withdrawal_hold', 'KRW');
  const { transactionId } = await postTransaction(tx, {
    key: `cashOut:hold:${requestId}`, kind: 'cash.withdrawal.hold', insufficientCode: 'C202',
    entries: [{ accountId: member, amount: -amount }, { accountId: hold, amount }],
  });
  return transactionId;
}

export async function releaseWithdrawal(tx: Tx, requestId: number, memberId: number, amount: number): Promise<number> {
  const member = await memberAccount(tx, memberId, 'KRW');
  const hold = await houseAccount(tx, 'withdrawal_hold', 'KRW');
  const { transactionId } = await postTransaction(tx, {
    key: `cashOut:release:${requestId}`, kind: 'cash.withdrawal.release',
    entries: [{ accountId: hold, amount: -amount }, { accountId: member, amount }],
  });
  return transactionId;
}

export async function payOutWithdrawal(tx: Tx, requestId: number, amount: number): Promise<number> {
  const hold = await houseAccount(tx, 'withdrawal_hold', 'KRW');
  const bank = await houseAccount(tx, 'bank', 'KRW');
  const { transactionId } = await postTransaction(tx, {
    key: `cashOut:pay:${requestId}`, kind: 'cash.withdrawal.pay',
    entries: [{ accountId: hold, amount: -amount }, { accountId: bank, amount }],
  });
  return transactionId;
}
