/**
 * Operator wallet actions: moving cash requests (through the wallet's one status move, which also
 * announces the change), answering account inquiries, wallet settings and member restrictions. Each
 * runs in one transaction with its audit row.
 */
import type { Restrictions, WalletSettingsChange } from '../../contract/admin';
import type { CashStatus, CashType } from '../../contract/wallet';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { Failure } from '../failure';
import { findMemberByMemId, updateMember } from '../member/queries';
import type { CashMove, MoveCashRequest } from '../wallet/cashMoves';
import { cashRequestView, operatorCashList } from '../wallet/cashQueries';
import { answerInquiry, inquiriesByStatus, inquiryView } from '../wallet/inquiryQueries';
import { readWalletSettings, writeWalletSettings } from '../wallet/settings';
import type { Audit, OperatorContext } from './audit';

export interface WalletAdminDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
  moveCashRequest: MoveCashRequest;
}

const SETTINGS_PAIRS = [['depositMin', 'depositMax'], ['withdrawMin', 'withdrawMax']] as const;

export function createWalletAdminService({ db, clock, audit, moveCashRequest }: WalletAdminDeps) {
  /** The wallet's one status move, with the audit row in its transaction. */
  async function move(ctx: OperatorContext, requestId: number, step: Exclude<CashMove, 'cancel'>, reason = '') {
    const entry = { action: `cash.${step}`, target: String(requestId), detail: reason ? { reason } : {} };
    const { row, memId } = await moveCashRequest(requestId, step, { reason, record: (tx) => audit.write(tx, ctx, entry) });
    return { request: { ...cashRequestView(row), memId } };
  }

  return {
    async cashRequests(filter: { status?: CashStatus; type?: CashType }) {
      const rows = await operatorCashList(db, filter);
      return { list: rows.map(({ request, memId }) => ({ ...cashRequestView(request), memId })) };
    },

    wait: (ctx: OperatorContext, requestId: number) => move(ctx, requestId, 'wait'),
    approve: (ctx: OperatorContext, requestId: number) => move(ctx, requestId, 'approve'),
    reject: (ctx: OperatorContext, requestId: number, reason: string) => move(ctx, requestId, 'reject', reason),

    async inquiries(status: 'waiting' | 'answered') {
      const rows = await inquiriesByStatus(db, status);
      return { list: rows.map(({ inquiry, memId }) => ({ ...inquiryView(inquiry), memId })) };
    },

    async answerInquiry(ctx: OperatorContext, inquiryId: number, answer: string) {
      const row = await audit.run(ctx, { action: 'account.answer', target: String(inquiryId), detail: { answer } }, async (tx) => {
        const answered = await answerInquiry(tx, inquiryId, answer, clock.now());
        if (!answered) throw new Failure('R404');
        return answered;
      });
      return { inquiry: inquiryView(row) };
    },

    async settings() {
      return { settings: await readWalletSettings(db) };
    },

    async setSettings(ctx: OperatorContext, patch: WalletSettingsChange) {
      const settings = await audit.run(ctx, { action: 'wallet.settings', detail: { ...patch } }, async (tx) => {
        const merged = { ...(await readWalletSettings(tx)), ...patch };
        for (const [min, max] of SETTINGS_PAIRS) {
          if (merged[min] > merged[max]) throw new Failure('R003', `${min} must not be above ${max}`);
        }
        return writeWalletSettings(tx, patch, clock.now());
      });
      return { settings };
    },

    async setRestrictions(ctx: OperatorContext, memId: string, change: Restrictions) {
      await audit.run(ctx, { action: 'member.restrictions', target: memId, detail: { ...change } }, async (tx) => {
        const member = await findMemberByMemId(tx, memId);
        if (!member) throw new Failure('U000');
        const patch: Parameters<typeof updateMember>[2] = {};
        if (change.depositBanned !== undefined) patch.depositBanned = change.depositBanned;
        if (change.withdrawBanned !== undefined) patch.withdrawBanned = change.withdrawBanned;
        // Only an active member is suspended, and only a suspended one is let back: sign-up states stay.
        if (change.suspended === true && member.status === 'active') patch.status = 'suspended';
        if (change.suspended === false && member.status === 'suspended') patch.status = 'active';
        if (Object.keys(patch).length > 0) await updateMember(tx, member.id, patch);
      });
      return { ok: true as const };
    },
  };
}

export type WalletAdminService = ReturnType<typeof createWalletAdminService>;
