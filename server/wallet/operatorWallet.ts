/**
 * What the operator may do with the wallet, and the only wallet module the operator API calls: list and
 * move cash requests (through the one status move), answer account inquiries, read and change the
 * settings, grant or recover points and issue coupons (the points and coupons services' operator
 * actions). Writes take the operator's transaction, so the audit row commits with them.
 */
import type { WalletSettingsChange } from '../../contract/admin';
import type { AccountInquiry, Balances, CashRequest, CashStatus, CashType, Coupon } from '../../contract/wallet';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { Failure } from '../failure';
import type { MemberRef } from '../money/memberLock';
import type { CashMove, CashMoveOptions, MoveCashRequest } from './cashMoves';
import type { CouponIssue, CouponsService } from './couponsService';
import type { PointsService } from './pointsService';
import { approvedCashTotals, cashRequestView, heldForWithdrawals, operatorCashList } from './cashQueries';
import { gameBalance } from '../games/money';
import { getMemberBalances, memberLedgerPage } from '../money/ledger';
import { answerInquiry, inquiriesByStatus, inquiryView } from './inquiryQueries';
import { lockWalletSettings, readWalletSettings, type WalletSettings, writeWalletSettings } from './settings';

export interface OperatorWalletDeps {
  db: Db;
  clock: Clock;
  moveCashRequest: MoveCashRequest;
  points: PointsService;
  coupons: CouponsService;
}

type OperatorCashRequest = CashRequest & { memId: string };

const SETTINGS_PAIRS = [['depositMin', 'depositMax'], ['withdrawMin', 'withdrawMax']] as const;

export function createOperatorWallet({ db, clock, moveCashRequest, points, coupons }: OperatorWalletDeps) {
  return {
    async cashRequests(filter: { status?: CashStatus; type?: CashType }): Promise<OperatorCashRequest[]> {
      const rows = await operatorCashList(db, filter);
      return rows.map(({ request, memId }) => ({ ...cashRequestView(request), memId }));
    },

    /** The operator's wait, approve or reject; `record` writes the audit row in the move's transaction. */
    async moveCashRequest(requestId: number, move: Exclude<CashMove, 'cancel'>, options: CashMoveOptions): Promise<OperatorCashRequest> {
      const { row, memId } = await moveCashRequest(requestId, move, options);
      return { ...cashRequestView(row), memId };
    },

    async inquiries(status: 'waiting' | 'answered'): Promise<(AccountInquiry & { memId: string })[]> {
      const rows = await inquiriesByStatus(db, status);
      return rows.map(({ inquiry, memId }) => ({ ...inquiryView(inquiry), memId }));
    },

    async answerInquiry(tx: Tx, inquiryId: number, answer: string): Promise<AccountInquiry> {
      const answered = await answerInquiry(tx, inquiryId, answer, clock.now());
      if (!answered) throw new Failure('R404');
      return inquiryView(answered);
    },

    settings: (): Promise<WalletSettings> => readWalletSettings(db),

    /** A member's money as the ledger holds it: cash, points, won held for open withdrawals, game money. */
    async balances(memberId: number) {
      const [{ cashAmt, pointAmt }, held, gameMoney] = await Promise.all([
        getMemberBalances(db, memberId), heldForWithdrawals(db, memberId), gameBalance(db, memberId),
      ]);
      return { cash: cashAmt, points: pointAmt, held, gameMoney };
    },

    /** A page of the member's ledger entries, newest first. */
    ledger: (memberId: number, window: { from: Date | null; to: Date | null }, limit: number, offset: number) =>
      memberLedgerPage(db, memberId, window, limit, offset),

    /** Deposits and withdrawals approved between `from` and `to`. */
    approvedTotals: (from: Date, to: Date) => approvedCashTotals(db, from, to),

    /** The settings as they stand, locked until the caller's transaction ends (the audit's before and after). */
    currentSettings: (tx: Tx): Promise<WalletSettings> => lockWalletSettings(tx),

    /** A minimum above its maximum (after the change) is refused with R003. */
    async changeSettings(tx: Tx, patch: WalletSettingsChange): Promise<WalletSettings> {
      // Locked, so two operators' changes cannot each pass the check against the other's old values.
      const merged = { ...(await lockWalletSettings(tx)), ...patch };
      for (const [min, max] of SETTINGS_PAIRS) {
        if (merged[min] > merged[max]) throw new Failure('R003', `${min} must not be above ${max}`);
      }
      return writeWalletSettings(tx, patch, clock.now());
    },

    /** Positive `amount` grants points from the house, negative recovers them (P003 beyond what is held). */
    adjustPoints: (tx: Tx, member: MemberRef, amount: number): Promise<Balances> => points.adjustByOperator(tx, member, amount),

    /** CASH to the member once the operator's transaction has committed. */
    announce: (member: MemberRef): Promise<void> => points.announce(member),

    issueCoupon: (tx: Tx, member: MemberRef, issue: CouponIssue): Promise<Coupon> => coupons.issueByOperator(tx, member.memberId, issue),
  };
}

export type OperatorWallet = ReturnType<typeof createOperatorWallet>;
