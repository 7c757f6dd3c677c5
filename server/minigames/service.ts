/**
 * Mini-game member calls: the bet (SPEC §7 /api/bet/betProc), the round board and the results.
 *
 * A bet is one idempotent call (the member's key): under the member's lock it checks the rules in
 * this order — member locked (B1002) or banned from betting (B1001), game paused (B0093), round open
 * and before its cutoff on the server's clock (B0202), an earlier round still waiting to be settled
 * (B9999), the level's minimum and maximum (B6001, B6002), one bet per market (B6005), the hit limit
 * (B6003) — then takes the stake out of held money in one ledger transaction (B6000 when short) and
 * writes the bet and its betting-history row (`bets`, type wait) in the same database transaction.
 */
import type { z } from 'zod';
import type { Balances, PageInfo } from '../../contract/wallet';
import type { betProcPayload, miniBoardPayload, miniResultPayload } from '../../contract/miniPayloads';
import {
  findSelection, gameLabelId, isMiniGame, type MiniBet, type MiniBoard, type MiniChain, type MiniGame, type MiniRound, payoutOf,
} from '../../contract/minigames';
import { oddsTable } from '../../contract/miniOdds';
import type { Clock } from '../clock';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { members } from '../db/schema';
import { Failure } from '../failure';
import { wholeAmount } from '../money/amounts';
import type { BalancePush } from '../money/balancePush';
import { idempotentRun, withoutKey } from '../money/idempotency';
import { postTransaction } from '../money/ledger';
import { lockMember, type MemberRef } from '../money/memberLock';
import { pageInfo, pageOffset, HISTORY_PAGE_SIZE } from '../wallet/history';
import {
  betView, currentRound, gameSettings, hasUnsettledPastBet, insertBet, insertHistoryRow, isBetBanned, lockRound, memberBets, memberRoundBets,
  publicChains, recentRounds, roundView, type SettingsRow,
} from './queries';
import { MINI_HOUSE } from './settlement';

/** The company and game names the betting history shows (contract/betting.ts BetNames). */
const COMPANY = { ko: '한빛 미니게임', en: 'Hanbit Mini Games', vi: 'Hanbit Mini Games' };
const GAME_NAMES: Record<MiniGame, { ko: string; en: string; vi: string }> = {
  powerball: { ko: '파워볼', en: 'Powerball', vi: 'Powerball' },
  powerladder: { ko: '파워사다리', en: 'Power Ladder', vi: 'Thang Power' },
  speedkino: { ko: '스피드키노', en: 'Speed Keno', vi: 'Keno Tốc độ' },
  kinoladder: { ko: '키노사다리', en: 'Keno Ladder', vi: 'Thang Keno' },
};

const RECENT_ROUNDS = 12;
const MY_BETS = 20;

export function levelLimits(settings: SettingsRow, memLevel: string): { min: number; max: number } {
  const table = settings.levelLimits as Record<string, { min: number; max: number }>;
  return table[memLevel] ?? table['1'] ?? { min: 1_000, max: 1_000_000 };
}

export const oddsOf = (game: MiniGame, settings: SettingsRow) =>
  oddsTable(game, settings.margins as Record<string, number>, settings.defaultMarginBp);

function requireGame(game: string): MiniGame {
  if (!isMiniGame(game)) throw new Failure('B0201');
  return game;
}

export interface MiniGamesDeps {
  db: Db;
  clock: Clock;
  balances: BalancePush;
}

export function createMiniGamesService({ db, clock, balances }: MiniGamesDeps) {
  return {
    async bet(member: MemberRef, payload: z.output<typeof betProcPayload>): Promise<{ bet: MiniBet; balances: Balances }> {
      const game = requireGame(payload.game);
      if (!findSelection(game, payload.market, payload.selection)) throw new Failure('B0201');
      const amount = wholeAmount(payload.amount, { missing: 'B6001', bad: 'R003' });
      const { answer, ran } = await idempotentRun(db, { memberId: member.memberId, key: payload.idempotencyKey, call: 'betProc', payload: withoutKey(payload) }, async (tx) => {
        const row = await lockMember(tx, member.memberId);
        if (!row || row.status !== 'active') throw new Failure('B1002');
        if (await isBetBanned(tx, member.memberId)) throw new Failure('B1001');
        const settings = await gameSettings(tx, game);
        if (settings.paused) throw new Failure('B0093');
        const now = clock.now();
        // Shared lock: the draw (which takes the row for update) waits for the bets in flight, and after it no bet passes.
        const round = await lockRound(tx, payload.roundId, 'share');
        if (!round || round.game !== game || round.status !== 'open' || now < round.opensAt || now >= round.closesAt) throw new Failure('B0202');
        if (await hasUnsettledPastBet(tx, member.memberId, game, now)) throw new Failure('B9999');
        const limits = levelLimits(settings, row.memLevel);
        if (amount < limits.min) throw new Failure('B6001');
        if (amount > limits.max) throw new Failure('B6002');
        const placed = await memberRoundBets(tx, member.memberId, round.id);
        if (settings.oneBetPerMarket && placed.some((b) => b.market === payload.market)) throw new Failure('B6005');
        const oddsCents = oddsOf(game, settings)[payload.market]![payload.selection]!;
        const potential = placed.reduce((s, b) => s + payoutOf(b.stake, b.oddsCents), 0) + payoutOf(amount, oddsCents);
        if (potential > settings.hitLimit) throw new Failure('B6003');

        const posted = await postTransaction(tx, {
          key: `betProc:${member.memberId}:${payload.idempotencyKey}`,
          kind: 'mini.stake',
          entries: [
            { account: { memberId: member.memberId, currency: 'KRW' }, amount: -amount },
            { account: { house: MINI_HOUSE, currency: 'KRW' }, amount },
          ],
        });
        const bet = await insertBet(tx, {
          memberId: member.memberId, roundId: round.id, game, market: payload.market, selection: payload.selection,
          stake: amount, oddsCents, stakeTransactionId: posted.transactionId, placedAt: now,
        });
        await insertHistoryRow(tx, {
          memberId: member.memberId, groupKey: 'minigame', vendorCode: 'mini', gameKey: game, company: COMPANY, gameName: GAME_NAMES[game],
          gameType: payload.market, sourceRef: `mini:${bet.id}`, roundId: `${game}-${round.day}-${round.roundNo}`, stake: amount, type: 'wait',
          placedAt: now,
          detail: {
            market: payload.market, selection: payload.selection, oddsCents, labelId: gameLabelId(game),
            proof: { serverSeedHash: round.seedHash, serverSeed: null, clientSeed: '', nonce: round.roundNo, verifyHelp: 'mini.verify.help' },
          },
        });
        return { bet: betView(bet, round.roundNo), balances: posted.balances[member.memberId]! };
      });
      await balances.announce(member, ran ? answer.balances : undefined);
      return answer;
    },

    async board(member: MemberRef, payload: z.output<typeof miniBoardPayload>): Promise<MiniBoard> {
      const game = requireGame(payload.game);
      const now = clock.now();
      const settings = await gameSettings(db, game);
      const round = await currentRound(db, game, now);
      const { rows } = await recentRounds(db, game, now, RECENT_ROUNDS);
      const mine = await memberBets(db, member.memberId, game, MY_BETS);
      const [level] = await db.select({ memLevel: members.memLevel }).from(members).where(eq(members.id, member.memberId));
      return {
        game, serverNow: now.toISOString(), paused: settings.paused,
        round: round ? roundView(round) : null,
        odds: oddsOf(game, settings),
        recent: rows.map(roundView),
        myBets: mine.map((b) => betView(b, b.roundNo)),
        limits: { ...levelLimits(settings, level?.memLevel ?? '1'), hitLimit: settings.hitLimit },
      };
    },

    async results(payload: z.output<typeof miniResultPayload>): Promise<{ list: MiniRound[]; pageInfo: PageInfo; chains: MiniChain[] }> {
      const game = requireGame(payload.game);
      const { rows, total } = await recentRounds(db, game, clock.now(), HISTORY_PAGE_SIZE, pageOffset(payload.page));
      return { list: rows.map(roundView), pageInfo: pageInfo(payload.page, total), chains: await publicChains(db, game) };
    },
  };
}

export type MiniGamesService = ReturnType<typeof createMiniGamesService>;
