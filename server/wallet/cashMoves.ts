/**
 * The one way a cash request changes status: the member's cancel and the operator's wait, approve and
 * reject all come here. Each move is one of the contract's steps (CASH_STATUS_STEPS; the database
 * trigger enforces the same). A move is one transaction: the member's lock, then the request's, the
 * step's ledger movement, the row, and whatever the caller records alongside (the operator's audit
 * row). After the commit the member hears CASHREQ with the new status and CASH when their balances
 * changed; approvals also go to the public feed.
 *   cancel  0 -> -1  the member, before the operator looked; a withdrawal's hold comes back
 *   wait    0 ->  2  the operator takes the request
 *   approve 2 ->  1  a deposit is credited (with its bonus), a withdrawal's hold is paid out
 *   reject  2 -> -1  a withdrawal's hold comes back
 */
import type { ResultCode } from '../../contract/codes';
import { CASH_STATUS, CASH_STATUS_STEPS, type CashStatus } from '../../contract/wallet';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { Failure } from '../failure';
import type { BalancePush } from '../money/balancePush';
import { type Movement, moneyDoor } from '../money/door';
import { lockMember } from '../money/memberLock';
import { depositBonus } from './bonus';
import { creditDeposit, payOutWithdrawal, releaseWithdrawal } from './cashLedger';
import type { CashPush } from './cashPush';
import { type CashRequestRow, cashRequestOwner, cashRuleFromError, lockCashRequest, type NewCashRequest, updateCashRequest } from './cashQueries';
import { readWalletSettings } from './settings';

const { applied, waiting, complete, cancelled } = CASH_STATUS;

export const CASH_MOVES = {
  cancel: { from: applied, to: cancelled },
  wait: { from: applied, to: waiting },
  approve: { from: waiting, to: complete },
  reject: { from: waiting, to: cancelled },
} as const satisfies Record<string, { from: CashStatus; to: CashStatus }>;

export type CashMove = keyof typeof CASH_MOVES;

export function isContractStep(from: number, to: number): boolean {
  return CASH_STATUS_STEPS.some(([stepFrom, stepTo]) => stepFrom === from && stepTo === to);
}

for (const [move, { from, to }] of Object.entries(CASH_MOVES)) {
  if (!isContractStep(from, to)) throw new Error(`cash move ${move} (${from} -> ${to}) is not a step of the contract`);
}

/** Why a request at `status` cannot take `move`: processed ones C503, a move from waiting C502, else C501. */
function refusalFor(status: number, move: CashMove): ResultCode {
  if (status === complete || status === cancelled) return 'C503';
  return CASH_MOVES[move].from === waiting ? 'C502' : 'C501';
}

export interface CashMoveOptions {
  /** The operator's reason for a rejection, kept as the request's memo. */
  reason?: string;
  /** The member's own cancel: only this member's request moves; anything else answers C501, saying nothing of it. */
  ownerId?: number;
  /** Written in the move's transaction (the operator's audit row); a refused move writes nothing. */
  record?: (tx: Tx) => Promise<void>;
}

export interface MovedCashRequest {
  row: CashRequestRow;
  memId: string;
}

export interface CashMovesDeps {
  db: Db;
  clock: Clock;
  balances: BalancePush;
  cashPush: CashPush;
}

export function createCashMoves({ db, clock, balances, cashPush }: CashMovesDeps) {
  const money = moneyDoor(db, clock);
  /** The step's ledger movement, the fields it sets and whether the member's balances changed. */
  async function settle(movement: Movement, move: CashMove, row: CashRequestRow, reason: string) {
    const { tx, now } = movement;
    const to = CASH_MOVES[move].to;
    if (to === waiting) return { patch: { status: to } satisfies Partial<NewCashRequest>, balancesChanged: false };
    if (to === cancelled) {
      const released = row.direction === 'out' ? await releaseWithdrawal(movement, row.id, row.memberId, row.amount) : null;
      const memo = move === 'reject' ? { memo: reason } : {};
      return { patch: { status: to, processedAt: now, bonusAmount: 0, settleTransactionId: released, ...memo }, balancesChanged: released !== null };
    }
    if (row.direction === 'out') {
      return { patch: { status: to, processedAt: now, settleTransactionId: await payOutWithdrawal(movement, row.id, row.amount) }, balancesChanged: false };
    }
    // The member is locked, so bonus eligibility (their approved deposits) cannot change meanwhile.
    const bonusAmount = await depositBonus(tx, row, await readWalletSettings(tx), now);
    const settleTransactionId = await creditDeposit(movement, row.id, row.memberId, row.amount, bonusAmount);
    return { patch: { status: to, processedAt: now, bonusAmount, settleTransactionId }, balancesChanged: true };
  }

  return async function moveCashRequest(requestId: number, move: CashMove, options: CashMoveOptions = {}): Promise<MovedCashRequest> {
    const unknown: ResultCode = options.ownerId === undefined ? 'R404' : 'C501';
    const moved = await db.transaction(async (tx) => {
      const ownerId = await cashRequestOwner(tx, requestId);
      if (ownerId === null || (options.ownerId !== undefined && ownerId !== options.ownerId)) throw new Failure(unknown);
      // The member first, then the request: the order every money call of the member takes.
      const member = await lockMember(tx, ownerId);
      const found = await lockCashRequest(tx, requestId);
      if (!member || !found) throw new Failure(unknown);
      if (found.status !== CASH_MOVES[move].from || !isContractStep(found.status, CASH_MOVES[move].to)) {
        throw new Failure(refusalFor(found.status, move));
      }
      const { patch, balancesChanged } = await settle(money.within(tx), move, found, options.reason ?? '');
      let row: CashRequestRow;
      try {
        row = await updateCashRequest(tx, found.id, patch);
      } catch (error) {
        // The trigger is the last word on status steps.
        const code = cashRuleFromError(error);
        throw code ? new Failure(code) : error;
      }
      await options.record?.(tx);
      return { row, member: { memberId: member.id, memId: member.memId }, balancesChanged };
    });
    const { row, member } = moved;
    await cashPush.requestMoved(member.memId, row.id, CASH_MOVES[move].to);
    if (moved.balancesChanged) await balances.announce(member);
    if (move === 'approve') await cashPush.feed({ kind: row.direction, memId: member.memId, amount: row.amount, at: row.processedAt!.toISOString() });
    return { row, memId: member.memId };
  };
}

export type MoveCashRequest = ReturnType<typeof createCashMoves>;
