/**
 * Points: a member converts points into held won (1 point = 1 won) and reads the point record list;
 * the operator grants or recovers points. Each change is one balanced ledger transaction with its
 * point record in the same database transaction; CASH goes out after the commit.
 */
import type { z } from 'zod';
import type { Balances, PageInfo, PointRecord } from '../../contract/wallet';
import type { pageOnlyPayload, pointConvertPayload } from '../../contract/walletPayloads';
import { pointConvertMinimum } from '../../contract/constants';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import type { BalancePush } from '../money/balancePush';
import { moneyDoor } from '../money/door';
import { historyWindow, pageInfo } from './history';
import { wholeAmount } from '../money/amounts';
import type { MemberRef } from '../money/memberLock';
import { insertPointRecord, listPointRecords, POINT_CONVERT, setPointRecordTransaction } from './pointsQueries';

export interface PointsDeps {
  db: Db;
  clock: Clock;
  balances: BalancePush;
}

export function createPointsService({ db, clock, balances }: PointsDeps) {
  const money = moneyDoor(db, clock);
  return {
    /** One statement through the money door (the function point_convert): the rules are the function's. */
    async convert(member: MemberRef, payload: z.output<typeof pointConvertPayload>, locale: string): Promise<{ balances: Balances }> {
      const amount = wholeAmount(payload.amount, { missing: 'P001', bad: 'P004' });
      const { answer, ran } = await money.callInDatabase<{ balances: Balances }>(POINT_CONVERT,
        { memberId: member.memberId, payload }, [amount, pointConvertMinimum(locale)]);
      await balances.announce(member, ran ? answer.balances : undefined);
      return answer;
    },

    async list(member: MemberRef, payload: z.output<typeof pageOnlyPayload>): Promise<{ list: PointRecord[]; pageInfo: PageInfo }> {
      const window = historyWindow(payload.startDate, payload.endDate, clock.now());
      const { list, total } = await listPointRecords(db, member.memberId, window, payload.page);
      return { list, pageInfo: pageInfo(payload.page, total) };
    },

    /**
     * The operator's grant (positive) or recovery (negative), inside the operator's audited transaction.
     * The ledger key is derived from the point record's id, so it is unique per action and never random.
     */
    async adjustByOperator(tx: Tx, member: MemberRef, amount: number): Promise<Balances> {
      const move = money.within(tx);
      const grant = amount > 0;
      const points = Math.abs(amount);
      const recordId = await insertPointRecord(tx, {
        memberId: member.memberId,
        kind: grant ? 'grant' : 'recover',
        useClass: grant ? 'earned' : 'used',
        accruedPoints: grant ? points : 0,
        appliedPoints: grant ? 0 : points,
        at: move.now,
      });
      const posted = await move.post({
        key: `pointAdjust:${recordId}`,
        kind: grant ? 'point.grant' : 'point.recover',
        insufficientCode: 'P003',
        entries: [{ account: { memberId: member.memberId, currency: 'POINT' }, amount }, { account: { house: 'points', currency: 'POINT' }, amount: -amount }],
      });
      await setPointRecordTransaction(tx, recordId, posted.transactionId);
      return posted.balances[member.memberId]!;
    },

    /** CASH to the member after the operator's transaction has committed. */
    announce: (member: MemberRef) => balances.announce(member),
  };
}
export type PointsService = ReturnType<typeof createPointsService>;
