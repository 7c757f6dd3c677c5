/**
 * Operator wallet actions: moving cash requests along their statuses (with the ledger movement that
 * goes with each step), answering account inquiries, wallet settings and member restrictions. Each runs
 * in one transaction with its audit row; pushes go out after the commit.
 */
import type { CashStatus, CashType } from '../../contract/wallet';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { Failure } from '../failure';
import { findMemberById, findMemberByMemId, updateMember } from '../member/queries';
import { depositBonus } from '../wallet/bonus';
import { creditDeposit, payOutWithdrawal, releaseWithdrawal } from '../wallet/cashLedger';
import type { WalletNotifier } from '../wallet/cashPush';
import {
  type CashRequestRow, cashRequestView, cashRuleFromError, lockCashRequest, lockMember, type NewCashRequest, operatorCashList, updateCashRequest,
} from '../wallet/cashQueries';
import { answerInquiry, inquiriesByStatus, inquiryView } from '../wallet/inquiryQueries';
import { readWalletSettings, type WalletSettingsPatch, writeWalletSettings } from '../wallet/settings';
import { writeAudit } from './audit';
import type { OperatorContext } from './service';

export interface WalletAdminDeps {
  db: Db;
  clock: Clock;
  notifier: WalletNotifier;
}

export interface Restrictions {
  depositBanned?: boolean;
  withdrawBanned?: boolean;
  suspended?: boolean;
}

type Step = 'wait' | 'approve' | 'reject';

/** The status a step starts from, and the code when the request is elsewhere (processed ones answer C503). */
const STEP_FROM: Record<Step, { from: CashStatus; otherwise: 'C501' | 'C502' }> = {
  wait: { from: 0, otherwise: 'C501' },
  approve: { from: 2, otherwise: 'C502' },
  reject: { from: 2, otherwise: 'C502' },
};

const SETTINGS_PAIRS = [['depositMin', 'depositMax'], ['withdrawMin', 'withdrawMax']] as const;

export function createWalletAdminService({ db, clock, notifier }: WalletAdminDeps) {
  function audited<T>(ctx: OperatorContext, action: string, target: string, detail: Record<string, unknown>, work: (tx: Tx) => Promise<T>) {
    return db.transaction(async (tx) => {
      const result = await work(tx);
      await writeAudit(tx, { actor: ctx.actor, action, target, detail: { ...detail, ip: ctx.ip } });
      return result;
    });
  }

  /** The step's ledger movement and the fields it sets on the request. */
  async function settle(tx: Tx, step: Step, row: CashRequestRow, reason: string): Promise<Partial<NewCashRequest>> {
    const now = clock.now();
    if (step === 'wait') return { status: 2 };
    if (step === 'reject') {
      const released = row.direction === 'out' ? await releaseWithdrawal(tx, row.id, row.memberId, row.amount) : null;
      return { status: -1, processedAt: now, memo: reason, bonusAmount: 0, settleTransactionId: released };
    }
    if (row.direction === 'out') return { status: 1, processedAt: now, settleTransactionId: await payOutWithdrawal(tx, row.id, row.amount) };
    // The member's row is locked so that bonus eligibility (their approved deposits) cannot change meanwhile.
    await lockMember(tx, row.memberId);
    const bonusAmount = await depositBonus(tx, row, await readWalletSettings(tx), now);
    return { status: 1, processedAt: now, bonusAmount, settleTransactionId: await creditDeposit(tx, row.id, row.memberId, row.amount, bonusAmount) };
  }

  async function move(ctx: OperatorContext, requestId: number, step: Step, reason = '') {
    const row = await audited(ctx, `cash.${step}`, String(requestId), reason ? { reason } : {}, async (tx) => {
      const found = await lockCashRequest(tx, requestId);
      if (!found) throw new Failure('R404');
      if (found.status === 1 || found.status === -1) throw new Failure('C503');
      if (found.status !== STEP_FROM[step].from) throw new Failure(STEP_FROM[step].otherwise);
      const patch = await settle(tx, step, found, reason);
      try {
        return await updateCashRequest(tx, found.id, patch);
      } catch (error) {
        // The trigger is the last word on status steps: its code reaches the operator as a 409.
        const code = cashRuleFromError(error);
        throw code ? new Failure(code) : error;
      }
    });
    const memId = (await findMemberById(db, row.memberId))!.memId;
    if (step !== 'wait') await notifier.balances(memId, row.memberId);
    if (step === 'approve') await notifier.feed({ kind: row.direction, memId, amount: row.amount, at: row.processedAt!.toISOString() });
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
      const row = await audited(ctx, 'account.answer', String(inquiryId), { answer }, async (tx) => {
        const answered = await answerInquiry(tx, inquiryId, answer, clock.now());
        if (!answered) throw new Failure('R404');
        return answered;
      });
      return { inquiry: inquiryView(row) };
    },

    async settings() {
      return { settings: await readWalletSettings(db) };
    },

    async setSettings(ctx: OperatorContext, patch: WalletSettingsPatch) {
      const settings = await audited(ctx, 'wallet.settings', '', { ...patch }, async (tx) => {
        const merged = { ...(await readWalletSettings(tx)), ...patch };
        for (const [min, max] of SETTINGS_PAIRS) {
          if (merged[min] > merged[max]) throw new Failure('R003', `${min} must not be above ${max}`);
        }
        return writeWalletSettings(tx, patch, clock.now());
      });
      return { settings };
    },

    async setRestrictions(ctx: OperatorContext, memId: string, change: Restrictions) {
      await audited(ctx, 'member.restrictions', memId, { ...change }, async (tx) => {
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
