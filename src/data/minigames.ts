/**
 * The mini games' data: each game's round board and results (TanStack Query, member-scoped so a
 * reconnect or a sign-out reaches them), kept current by the game's real-time feed (the topic miniRounds
 * on the tab's one connection), by a read when the draw time passes, and when a hidden tab shows again
 * (a phone that slept catches up at once). The bet slip's call: the tail's provided `send` of the one
 * bet-slip machine (a one-leg slip); a taken bet's balances reach the header at once.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActor } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { MiniBoard, MiniGame } from '../../contract/minigames';
import { betSlipMachine, type BetAnswer, type MiniSlipRequest } from '../../machines/betSlip';
import { useSession } from '../session/context';
import { inspectOption } from '../inspector';
import { subscribeTopic } from '../realtime/connection';
import { useApi, type Api } from './api';
import { keys } from './keys';
import { tailWith } from './sending';
import { loaded } from './loaded';

const miniKey = (game: MiniGame) => [...keys.member, 'minigame', game] as const;

export const miniQueries = {
  board: (api: Api, game: MiniGame) => queryOptions({ queryKey: [...miniKey(game), 'board'], queryFn: () => api.call('miniBoard', { game }) }),
  results: (api: Api, game: MiniGame, page: number) =>
    queryOptions({ queryKey: [...miniKey(game), 'results', page], queryFn: () => api.call('powerballResult', { game, page }) }),
};

/** Milliseconds to add to the device's clock to get the server's, from the board's answer. */
export function serverOffset(board: MiniBoard | undefined, receivedAt: number): number {
  return board ? Date.parse(board.serverNow) - receivedAt : 0;
}

/** Follows the game's feed, the draw time and the tab's visibility while a screen shows the game. */
function useFollowGame(game: MiniGame, drawsAt: string | null | undefined, offset: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: miniKey(game) });
    const stopFeed = subscribeTopic('miniRounds', [game], refresh);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopFeed();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [game, queryClient]);
  useEffect(() => {
    if (!drawsAt) return;
    // A little after the draw, in case the feed's message did not arrive.
    const wait = Date.parse(drawsAt) - (Date.now() + offset) + 2_500;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: miniKey(game) }), Math.max(wait, 1_000));
    return () => clearTimeout(timer);
  }, [game, drawsAt, offset, queryClient]);
}

export function useMiniBoard(game: MiniGame) {
  const query = useQuery(miniQueries.board(useApi(), game));
  const offset = serverOffset(query.data, query.dataUpdatedAt);
  useFollowGame(game, query.data?.round?.drawsAt, offset);
  return { board: loaded(query), offset };
}

export function useMiniResults(game: MiniGame, page: number) {
  const query = useQuery(miniQueries.results(useApi(), game, page));
  useFollowGame(game, null, 0);
  return loaded(query);
}

/** The bet slip of a game: the one bet-slip machine, one leg, with the betProc call. */
export function useBetSlipActor(game: MiniGame) {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  const logic = useMemo(() => betSlipMachine.provide({
    actors: {
      tail: tailWith<MiniSlipRequest>(({ request: { game: slipGame, roundId, legs: [leg], stake }, idempotencyKey }) =>
        api.call('betProc', { game: slipGame, roundId, market: leg!.market, selection: leg!.selection, amount: stake, idempotencyKey })),
    },
    actions: {
      accepted: (_, answer) => {
        const { balances } = answer as BetAnswer;
        session.send({ type: 'balances.answered', ...balances });
        void queryClient.invalidateQueries({ queryKey: miniKey(game) });
        void queryClient.invalidateQueries({ queryKey: keys.balances });
      },
    },
  }), [api, session, queryClient, game]);
  const input = useMemo(() => ({ game, maxLegs: 1 }), [game]);
  return useActor(logic, { input, ...inspectOption() });
}
