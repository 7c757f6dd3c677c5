/**
 * Operator wallet actions, each with its audit row in the same transaction: cash request moves,
 * account inquiry answers and settings through the wallet's operator face (wallet/operatorWallet.ts),
 * and member restrictions through the members' (member/operatorMembers.ts).
 */
import type { Restrictions, WalletSettingsChange } from '../../contract/admin';
import type { CashStatus, CashType } from '../../contract/wallet';
import type { Tx } from '../db/client';
import type { OperatorMembers } from '../member/operatorMembers';
import { refusedMember } from '../protection/count';
import type { OperatorWallet } from '../wallet/operatorWallet';
import type { Audit, OperatorContext } from './audit';

export interface WalletAdminDeps {
  audit: Audit;
  wallet: OperatorWallet;
  members: OperatorMembers;
  /** Records a member's limit or break refusing a move, for the operator's report (protection's recordHit; never fails). */
  protectionHit?: (memberId: number, code: string, call: string) => Promise<void>;
}

export function createWalletAdminService({ audit, wallet, members, protectionHit }: WalletAdminDeps) {
  async function move(ctx: OperatorContext, requestId: number, step: 'wait' | 'approve' | 'reject', reason = '') {
    const entry = { action: `cash.${step}`, target: String(requestId), detail: reason ? { reason } : {} };
    try {
      return { request: await wallet.moveCashRequest(requestId, step, { reason, record: (tx) => audit.write(tx, ctx, entry) }) };
    } catch (error) {
      // An approval the member's deposit limit or break refuses (checked again at approval) is a hit of theirs.
      const refused = refusedMember(error, null);
      if (protectionHit && refused !== null) await protectionHit(refused, (error as { code: string }).code, entry.action);
      throw error;
    }
  }

  return {
    cashRequests: async (filter: { status?: CashStatus; type?: CashType }) => ({ list: await wallet.cashRequests(filter) }),

    wait: (ctx: OperatorContext, requestId: number) => move(ctx, requestId, 'wait'),
    approve: (ctx: OperatorContext, requestId: number) => move(ctx, requestId, 'approve'),
    reject: (ctx: OperatorContext, requestId: number, reason: string) => move(ctx, requestId, 'reject', reason),

    inquiries: async (status: 'waiting' | 'answered') => ({ list: await wallet.inquiries(status) }),

    async answerInquiry(ctx: OperatorContext, inquiryId: number, answer: string) {
      const entry = { action: 'account.answer', target: String(inquiryId), detail: { answer } };
      return { inquiry: await audit.run(ctx, entry, (tx) => wallet.answerInquiry(tx, inquiryId, answer)) };
    },

    settings: async () => ({ settings: await wallet.settings() }),

    async setSettings(ctx: OperatorContext, patch: WalletSettingsChange) {
      const settings = (tx: Tx) => wallet.currentSettings(tx);
      return { settings: await audit.run(ctx, { action: 'wallet.settings', detail: { ...patch }, readBefore: settings, readAfter: settings }, (tx) => wallet.changeSettings(tx, patch)) };
    },

    async setRestrictions(ctx: OperatorContext, memId: string, change: Restrictions) {
      const restrictions = (tx: Tx) => members.restrictions(tx, memId);
      await audit.run(ctx, { action: 'member.restrictions', target: memId, detail: { ...change }, readBefore: restrictions, readAfter: restrictions },
        (tx) => members.restrict(tx, memId, change));
      return { ok: true as const };
    },
  };
}

export type WalletAdminService = ReturnType<typeof createWalletAdminService>;
