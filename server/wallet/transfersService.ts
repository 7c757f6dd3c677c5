/**
 * Member-to-member transfers (/api/member/give): won from the sender's held money to another active
 * member of the sender's partner line (partner/line.ts: their partner, or anyone below that partner),
 * with the cash-out password, while the site allows transfers. So a transfer never takes money out of
 * the line of the sender's partner.
 * A refusal after the receiver is known is recorded too (success 'N', the code as the note), written
 * after the refused transaction rolled back so that the record survives it.
 */
import type { z } from 'zod';
import type { ResultCode } from '../../contract/codes';
import type { Balances, GiveRecord, PageInfo } from '../../contract/wallet';
import type { givePayload, pageOnlyPayload } from '../../contract/walletPayloads';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { Failure, isFailure } from '../failure';
import { getMemberBalances } from '../money/ledger';
import { createPasswordChecks } from '../member/passwordChecks';
import { findMemberByMemId } from '../member/queries';
import type { BalancePush } from '../money/balancePush';
import { moneyDoor } from '../money/door';
import { historyWindow, pageInfo } from './history';
import { wholeAmount } from '../money/amounts';
import { activeMember, type MemberRef, type MemberRow } from '../money/memberLock';
import { isInLineOf, lineHeadOf } from '../partner/line';
import { lockMemberWithSettings } from './settings';
import { insertTransfer, listTransfers } from './transfersQueries';

/** Refusals worth a record: the member chose a valid receiver and amount, and the transfer still failed. */
const RECORDED_REFUSALS: ReadonlySet<ResultCode> = new Set(['C204', 'C205', 'C008', 'C202']);

async function receiverFor(tx: Tx, sender: MemberRow, toMemId: string): Promise<MemberRow> {
  const receiver = await findMemberByMemId(tx, toMemId.trim());
  if (!receiver || receiver.status !== 'active' || receiver.id === sender.id || !await isInLineOf(tx, lineHeadOf(sender), receiver.id)) {
    throw new Failure('C302');
  }
  return receiver;
}

export interface TransfersDeps {
  db: Db;
  clock: Clock;
  balances: BalancePush;
}

interface Attempt {
  receiver: MemberRow;
  amount: number;
}

export function createTransfersService({ db, clock, balances }: TransfersDeps) {
  const passwords = createPasswordChecks(db, clock);
  const money = moneyDoor(db, clock);
  async function recordRefusal(member: MemberRef, attempt: Attempt, code: ResultCode): Promise<void> {
    const { cashAmt } = await getMemberBalances(db, member.memberId);
    await insertTransfer(db, {
      fromMemberId: member.memberId, fromMemId: member.memId, toMemberId: attempt.receiver.id, toMemId: attempt.receiver.memId,
      amount: attempt.amount, cashAfter: cashAmt, success: false, note: code, at: clock.now(),
    });
  }

  return {
    async give(member: MemberRef, payload: z.output<typeof givePayload>): Promise<{ record: GiveRecord; balances: Balances }> {
      // Set inside the transaction once receiver and amount are valid; stays null when a retry replays the first answer.
      const tried: { attempt: Attempt | null } = { attempt: null };
      try {
        const { answer, ran } = await passwords.withCashOutPassword(member.memberId, payload.cashOutPass, (checkCashOutPassword) => money.call({ memberId: member.memberId, call: 'give', payload }, async ({ tx, now, post }) => {
          const locked = await lockMemberWithSettings(tx, member.memberId);
          if (!locked.settings.transfersOn) throw new Failure('C304');
          const sender = activeMember(locked.member);
          const amount = wholeAmount(payload.amount, { missing: 'C303', bad: 'C303' });
          const receiver = await receiverFor(tx, sender, payload.toMemId);
          tried.attempt = { receiver, amount };
          // No cash-out password set answers C204 for a transfer (C010 is the withdrawal's).
          if (sender.cashOutPassHash === '') throw new Failure('C204');
          await checkCashOutPassword(sender);
          const posted = await post({
            key: `give:${member.memberId}:${payload.idempotencyKey}`,
            kind: 'transfer',
            insufficientCode: 'C202',
            entries: [
              { account: { memberId: member.memberId, currency: 'KRW' }, amount: -amount },
              { account: { memberId: receiver.id, currency: 'KRW' }, amount },
            ],
          });
          const balances = posted.balances[member.memberId]!;
          const record = await insertTransfer(tx, {
            fromMemberId: member.memberId, fromMemId: member.memId, toMemberId: receiver.id, toMemId: receiver.memId, amount,
            cashAfter: balances.cashAmt, toCashAfter: posted.balances[receiver.id]?.cashAmt ?? null,
            success: true, note: '', transactionId: posted.transactionId, at: now,
          });
          return { record, balances };
        }));
        await balances.announce(member, ran ? answer.balances : undefined);
        const receiver = tried.attempt?.receiver;
        if (receiver) await balances.announce({ memberId: receiver.id, memId: receiver.memId });
        return answer;
      } catch (error) {
        if (tried.attempt && isFailure(error) && RECORDED_REFUSALS.has(error.code)) await recordRefusal(member, tried.attempt, error.code);
        throw error;
      }
    },

    async list(member: MemberRef, payload: z.output<typeof pageOnlyPayload>): Promise<{ list: GiveRecord[]; pageInfo: PageInfo }> {
      const window = historyWindow(payload.startDate, payload.endDate, clock.now());
      const { list, total } = await listTransfers(db, member.memberId, window, payload.page);
      return { list, pageInfo: pageInfo(payload.page, total) };
    },
  };
}

export type TransfersService = ReturnType<typeof createTransfersService>;
