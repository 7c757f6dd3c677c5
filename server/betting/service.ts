/**
 * The betting history a member reads (SPEC §3 bet list): their own bets of every product, filtered by
 * product, vendor and Seoul days (default today), ten a page; one bet's detail with its fairness proof;
 * and the net result per day and product (winlose). Nothing here moves money.
 */
import type { z } from 'zod';
import { WIN_LOSE_MAX_DAYS, type BetDetail, type BetItem, type WinLoseRow } from '../../contract/betting';
import type { betDetailPayload, betListPayload, winLosePayload } from '../../contract/calls';
import type { PageInfo } from '../../contract/wallet';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { Failure } from '../failure';
import type { MemberRef } from '../money/memberLock';
import { historyWindow, pageInfo } from '../wallet/history';
import { findBet, listBets, winLoseRows } from './queries';

const DAY_MS = 24 * 60 * 60_000;

export function createBettingService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async list(member: MemberRef, payload: z.output<typeof betListPayload>): Promise<{ list: BetItem[]; pageInfo: PageInfo }> {
      const window = historyWindow(payload.startDate, payload.endDate, clock.now());
      const { list, total } = await listBets(db, {
        memberId: member.memberId,
        window,
        groupKey: payload.groupKey,
        vendorCode: payload.vendorCode,
        finishedOnly: payload.oldYn === 'Y',
      }, payload.page);
      return { list, pageInfo: pageInfo(payload.page, total) };
    },

    async detail(member: MemberRef, payload: z.output<typeof betDetailPayload>): Promise<{ bet: BetDetail }> {
      const betId = Number(payload.betId);
      const bet = Number.isSafeInteger(betId) ? await findBet(db, member.memberId, betId) : null;
      if (!bet) throw new Failure('B1404');
      return { bet };
    },

    async winLose(member: MemberRef, payload: z.output<typeof winLosePayload>): Promise<{ list: WinLoseRow[] }> {
      const window = historyWindow(payload.startDate, payload.endDate, clock.now());
      if (window.to.getTime() - window.from.getTime() > WIN_LOSE_MAX_DAYS * DAY_MS) throw new Failure('R003');
      return { list: await winLoseRows(db, member.memberId, window) };
    },
  };
}

export type BettingService = ReturnType<typeof createBettingService>;
