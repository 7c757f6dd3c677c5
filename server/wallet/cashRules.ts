/**
 * The rules a deposit or withdrawal request must pass (WALLET brief, SPEC §5), each answering its own
 * code, in this order: member state, amount shape, limits (and a USDT request's locked price and address),
 * open request, re-request wait, cash-out password, then the held balance (checked by the ledger itself).
 * A withdrawal request's are the database function cash_withdraw's (migration 0027, wallet/withdrawals.ts):
 * the member may withdraw (U0011, C201 switched off, C203 banned, C217 bank maintenance), the amount's
 * minimum, maximum and unit (C214, C101, C215), one open request (C209), the re-request wait (C216).
 */
import type { CashType } from '../../contract/wallet';
import { Failure } from '../failure';
import type { MemberRow } from '../money/memberLock';
import type { CoinQuote } from './priceSource';
import type { WalletSettings } from './settings';

export function checkMayDeposit(member: MemberRow): void {
  if (member.status !== 'active') throw new Failure('U0011');
  if (member.depositBanned) throw new Failure('C001');
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

/** The locked price must be the current quote (C801). */
export function checkLockedPrice(priceKrw: number | null, quote: CoinQuote): number {
  if (priceKrw !== quote.priceKrw) throw new Failure('C801');
  return priceKrw;
}
