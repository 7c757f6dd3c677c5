/**
 * Deposit bonus: the first-ever approved deposit earns the first-deposit rate, else the first approved
 * deposit of the Seoul day earns the daily rate, else nothing; each capped. Judged at approval (the
 * request shows the expected bonus, judged the same way, when it is made).
 */
import { startOfSeoulDay } from '../clock';
import type { Tx } from '../db/client';
import { percentOf } from '../money/amounts';
import { approvedDepositCount } from './cashQueries';
import type { WalletSettings } from './settings';

type BonusSettings = Pick<WalletSettings, 'firstDepositBonusRate' | 'firstDepositBonusCap' | 'dailyBonusRate' | 'dailyBonusCap'>;

export type BonusKind = 'firstEver' | 'firstOfDay' | 'none';

export async function bonusKindFor(tx: Tx, memberId: number, now: Date): Promise<BonusKind> {
  if ((await approvedDepositCount(tx, memberId)) === 0) return 'firstEver';
  if ((await approvedDepositCount(tx, memberId, startOfSeoulDay(now))) === 0) return 'firstOfDay';
  return 'none';
}

/** Bonus won for `amount`: floor(amount * rate / 100), at most the cap. */
export function bonusAmount(kind: BonusKind, amount: number, settings: BonusSettings): number {
  if (kind === 'none') return 0;
  const [rate, cap] = kind === 'firstEver'
    ? [settings.firstDepositBonusRate, settings.firstDepositBonusCap]
    : [settings.dailyBonusRate, settings.dailyBonusCap];
  return Math.min(percentOf(amount, rate), cap);
}

/** The bonus a deposit request earns now (0 when the member chose none). */
export async function depositBonus(tx: Tx, request: { memberId: number; amount: number; bonusYn: string }, settings: BonusSettings, now: Date): Promise<number> {
  if (request.bonusYn !== 'Y') return 0;
  return bonusAmount(await bonusKindFor(tx, request.memberId, now), request.amount, settings);
}
