/**
 * The rules a deposit or withdrawal request must pass (WALLET brief, SPEC §5), each answering its own
 * code. The service applies them in this order: member state, amount shape, limits, open request,
 * re-request wait, cash-out password, then the held balance (checked by the ledger itself).
 */
import type { CashType } from '../../contract/wallet';
import { isBankMaintenance } from '../clock';
import { Failure } from '../failure';
import type { MemberRow } from '../money/memberLock';
import type { CoinQuote } from './priceSource';
import type { WalletSettings } from './settings';

export function checkMayDeposit(member: MemberRow): void {
  if (member.status !== 'active') throw new Failure('U0011');
  if (member.depositBanned) throw new Failure('C001');
}

export function checkMayWithdraw(member: MemberRow, settings: WalletSettings, now: Date): void {
  if (member.status !== 'active') throw new Failure('U0011');
  if (!settings.withdrawalsOn) throw new Failure('C201');
  if (member.withdrawBanned) throw new Failure('C203');
  if (isBankMaintenance(now)) throw new Failure('C217');
}

/**
 * Minimum, maximum and unit of a deposit. A USDT deposit's won value comes from the price, so it is
 * rarely a round number: the unit applies to won deposits only.
 */
export function checkDepositLimits(amount: number, settings: WalletSettings, cashType: CashType): void {
  if (amount < settings.depositMin) throw new Failure('C102');
  if (amount > settings.depositMax) throw new Failure('C101');
  if (cashType === 'in' && amount % settings.depositUnit !== 0) throw new Failure('C103');
}

export function checkWithdrawLimits(amount: number, settings: WalletSettings): void {
  if (amount < settings.withdrawMin) throw new Failure('C214');
  if (amount > settings.withdrawMax) throw new Failure('C101');
  if (amount % settings.withdrawUnit !== 0) throw new Failure('C215');
}

/** C216 while the wait after the member's last withdrawal request has not passed. */
export function checkRerequestWait(lastRequestAt: Date | null, waitMinutes: number, now: Date): void {
  if (lastRequestAt && now.getTime() < lastRequestAt.getTime() + waitMinutes * 60_000) throw new Failure('C216');
}

/** The locked price must be the current quote (C801). */
export function checkLockedPrice(priceKrw: number | null, quote: CoinQuote): number {
  if (priceKrw !== quote.priceKrw) throw new Failure('C801');
  return priceKrw;
}
