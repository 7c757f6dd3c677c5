import type { z } from 'zod';
import { calls } from '../../contract/calls';
import type { sportBetPayload } from '../../contract/sportsPayloads';
import type { Balances } from '../../contract/wallet';
import type { SportBetPlaced } from '../../contract/sports';
import { Failure } from '../failure';
import type { ApiRouter } from '../http/api';
import type { LiveSession } from '../session/service';
import type { MiniGamesService } from './service';

/** The sportsbook's kind of betProc (server/sports/), which shares the call with the mini games. */
export type SportBetHandler = (session: LiveSession, payload: z.output<typeof sportBetPayload>) => Promise<{ bet: SportBetPlaced; balances: Balances }>;

export function registerMiniGameRoutes(api: ApiRouter, minigames: MiniGamesService, sportBet: SportBetHandler | null = null): void {
  // One call, two kinds: the payload's `game` says which ('sport' is the sportsbook's, contract/calls.ts betPayload).
  api.member(calls.betProc, (payload, { session }) => {
    if (payload.game !== 'sport') return minigames.bet(session, payload as Exclude<typeof payload, { game: 'sport' }>);
    if (!sportBet) throw new Failure('B0201');
    return sportBet(session, payload as z.output<typeof sportBetPayload>);
  });
  api.member(calls.miniBoard, (payload, { session }) => minigames.board(session, payload));
  api.member(calls.powerballResult, (payload) => minigames.results(payload));
}
