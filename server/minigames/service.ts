/**
 * Mini-game member calls: the bet (SPEC §7 /api/bet/betProc), the round board and the results.
 *
 * A bet is one idempotent call (the member's key), one statement (betCall.ts, the function mini_bet):
 * under the member's lock it checks the rules in this order — member locked (B1002) or banned from
 * betting (B1001), game paused (B0093), round open and before its cutoff on the server's clock (B0202),
 * an earlier round still waiting to be settled (B9999), the level's minimum and maximum (B6001, B6002),
 * one bet per market (B6005), the hit limit (B6003) — then takes the stake out of held money in one
 * ledger transaction (B6000 when short) and writes the bet and its betting-history row (`bets`, type
 * wait) in the same database transaction. Unknown games, markets and selections and bad amounts are
 * refused here, before the call.
 */
import type { z } from 'zod';
import type { PageInfo } from '../../contract/wallet';
import type { betProcPayload, miniBoardPayload, miniResultPayload } from '../../contract/miniPayloads';
import {
  findSelection, gameLabelId, isMiniGame, type MiniBoard, type MiniChain, type MiniGame, type MiniRound, type OddsTable,
} from '../../contract/minigames';
import { marketMarginBp, oddsTable } from '../../contract/miniOdds';
import type { Clock } from '../clock';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { members } from '../db/schema';
import { Failure } from '../failure';
import { wholeAmount } from '../money/amounts';
import type { BalancePush } from '../money/balancePush';
import { moneyDoor } from '../money/door';
import type { MemberRef } from '../money/memberLock';
import { pageInfo, pageOffset, HISTORY_PAGE_SIZE } from '../wallet/history';
import { type BetAnswer, isStaleOdds, placeBet } from './betCall';
import {
  betView, currentRound, gameSettings, memberBets, publicChains, recentRounds, roundView, type SettingsRow,
} from './queries';

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
  const money = moneyDoor(db, clock);
  // Each game's odds as last read from its settings. mini_bet checks the margin against the row it reads,
  // so a stale entry costs one refused statement and a fresh read, never a bet at old odds.
  const oddsSeen = new Map<MiniGame, { settings: SettingsRow; odds: OddsTable }>();
  const remember = (game: MiniGame, settings: SettingsRow) => {
    const seen = { settings, odds: oddsOf(game, settings) };
    oddsSeen.set(game, seen);
    return seen;
  };
  const oddsOfGame = async (game: MiniGame, fresh: boolean) =>
    (!fresh && oddsSeen.get(game)) || remember(game, await gameSettings(db, game));

  return {
    async bet(member: MemberRef, payload: z.output<typeof betProcPayload>): Promise<BetAnswer> {
      const game = requireGame(payload.game);
      if (!findSelection(game, payload.market, payload.selection)) throw new Failure('B0201');
      const amount = wholeAmount(payload.amount, { missing: 'B6001', bad: 'R003' });
      const place = async (fresh: boolean) => {
        const { settings, odds } = await oddsOfGame(game, fresh);
        return placeBet(money, {
          memberId: member.memberId, payload, game, roundId: payload.roundId, market: payload.market,
          selection: payload.selection, amount, oddsCents: odds[payload.market]![payload.selection]!,
          marginBp: marketMarginBp(settings.margins as Record<string, number>, settings.defaultMarginBp, payload.market),
          company: COMPANY, gameName: GAME_NAMES[game], labelId: gameLabelId(game),
        });
      };
      // The operator changed the market's margin since these odds were computed: read the settings again, once;
      // changed again meanwhile, the member is told to look at the new odds (nothing was kept either time).
      const { answer, ran } = await place(false).catch((error: unknown) => {
        if (!isStaleOdds(error)) throw error;
        return place(true).catch((again: unknown) => {
          throw isStaleOdds(again) ? new Failure('B0203') : again;
        });
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
        odds: remember(game, settings).odds,
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
