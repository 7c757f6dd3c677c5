/**
 * The betting history a member reads (SPEC §3 bet list): their own bets of every product, filtered by
 * product, vendor and Seoul days (default today), ten a page; one bet's detail with its fairness proof;
 * and the net result per day and product (winlose). Nothing here moves money.
 *
 * A slot spin's or fishing shot's server seed is revealed at the vendor only when the member rotates
 * their seed, after the round reached the history: the detail asks for it (revealedSeed) while the row
 * has none and keeps it once it comes.
 */
import type { z } from 'zod';
import { WIN_LOSE_MAX_DAYS, type BetDetail, type BetGroup, type BetItem, type WinLoseRow } from '../../contract/betting';
import type { betDetailPayload, betListPayload, winLosePayload } from '../../contract/calls';
import type { PageInfo } from '../../contract/wallet';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { Failure } from '../failure';
import type { MemberRef } from '../money/memberLock';
import { historyWindow, pageInfo } from '../wallet/history';
import { findBet, listBets, storeRevealedSeed, winLoseRows } from './queries';

const DAY_MS = 24 * 60 * 60_000;

/** Products whose rounds draw from the member's seed pair at the vendor (revealed on rotation). */
const PAIRED_GROUPS: readonly BetGroup[] = ['slot', 'fishing'];

export interface BettingDeps {
  db: Db;
  clock: Clock;
  /** A vendor round's server seed once revealed, else null. */
  revealedSeed?: (roundId: string) => Promise<string | null>;
}

export function createBettingService({ db, clock, revealedSeed }: BettingDeps) {
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
      if (bet.proof && bet.proof.serverSeed === null && PAIRED_GROUPS.includes(bet.groupKey) && revealedSeed) {
        // The vendor out of reach leaves the seed hidden for now; the detail still answers.
        const serverSeed = await revealedSeed(bet.roundId).catch(() => null);
        if (serverSeed !== null) {
          await storeRevealedSeed(db, member.memberId, betId, serverSeed);
          bet.proof.serverSeed = serverSeed;
        }
      }
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
