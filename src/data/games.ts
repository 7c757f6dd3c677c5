/**
 * Games: the game window's and the merge modal's real actors (machines/gameWindow.ts, machines/merge.ts)
 * and the launcher the game buttons use. The window is opened here, on the click itself; the
 * game-window machine runs as the signed-in session's child.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { gameWindowMachine, windowFeatures, type LaunchRequest } from '../../machines/gameWindow';
import { mergeMachine, type MergeAnswer, type MergeRequest } from '../../machines/merge';
import { selectIsSignedIn } from '../../machines/session';
import type { SessionActor } from '../session/actors';
import { useSession, useSessionSelector } from '../session/context';
import { closeGameWindow, isGameWindowClosed, navigateGameWindow, openGameWindow } from './gameWindowHost';
import { readToken } from '../api/token';
import { showAlert } from '../ui/alerts';
import { useApi, type Api } from './api';
import { invalidate, keys } from './keys';
import { tailWith } from './sending';

export const GAME_WINDOW_CHILD = 'gameWindow';
export type GameWindowActor = ActorRefFrom<typeof gameWindowMachine>;
export type MergeActor = ActorRefFrom<typeof mergeMachine>;

/** Tells the session (and so the header) the money a call answered. */
function answerBalances(session: SessionActor, balances: { cashAmt: number; pointAmt: number }, gameMoney: number) {
  session.send({ type: 'balances.answered', cashAmt: balances.cashAmt, pointAmt: balances.pointAmt, gameMoney });
}

export function mergeLogic(api: Api, session: SessionActor, queryClient: QueryClient) {
  return mergeMachine.provide({
    actors: {
      // The merge moves all game money back (out-all), or for a partner all settled commission into cash (the
      // partner money merge), sent through the tail with its key: a retry after no answer is answered what the
      // first one moved.
      tail: tailWith<MergeRequest>(async ({ request, idempotencyKey }): Promise<MergeAnswer> => {
        if (request.variant === 'partner') {
          const answer = await api.call('partnerMerge', { idempotencyKey });
          const member = session.getSnapshot().context.member;
          if (member) session.send({ type: 'balances.answered', cashAmt: answer.balances.cashAmt, pointAmt: member.pointAmt });
          return { amount: answer.merged };
        }
        const answer = await api.call('outGameMoney', { idempotencyKey });
        answerBalances(session, answer.balances, answer.gameMoney);
        return { amount: answer.merged };
      }),
    },
    actions: {
      announceMerged: () => invalidate(queryClient, [keys.balances, keys.bets, keys.partner]),
    },
  });
}

function gameWindowLogic(api: Api, session: SessionActor, queryClient: QueryClient) {
  return gameWindowMachine.provide({
    actors: {
      launchGame: fromPromise(({ input }) => api.call('getGame', { vendorKey: input.vendorKey, gameType: input.gameType, gameKey: input.gameKey })),
      checkWindow: fromPromise(async () => ({ closed: isGameWindowClosed(), signedIn: readToken() !== null })),
      refreshBalance: fromPromise(async () => {
        const balance = await api.call('balance', {});
        const member = session.getSnapshot().context.member;
        if (member) answerBalances(session, { cashAmt: balance.balance, pointAmt: member.pointAmt }, balance.gameMoney);
        invalidate(queryClient, [keys.bets]);
        return { gameMoney: balance.gameMoney };
      }),
      merge: mergeLogic(api, session, queryClient),
    },
    actions: {
      navigateWindow: (_, { url }) => navigateGameWindow(url),
      closeWindow: () => closeGameWindow(),
    },
  });
}

/** The session's game window, while one runs. */
export function useGameWindowActor(): GameWindowActor | undefined {
  return useSessionSelector((snapshot) => snapshot.context.children[GAME_WINDOW_CHILD] as GameWindowActor | undefined);
}

/**
 * What a game button does (SPEC §4, §5): a guest is told to sign in; a member's click opens the game
 * window at once and the launch follows. Call it from the click handler itself.
 */
export function useGameLauncher(): (request: LaunchRequest) => void {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  const signedIn = useSessionSelector(selectIsSignedIn);
  const logic = useMemo(() => gameWindowLogic(api, session, queryClient), [api, session, queryClient]);
  return useCallback((request: LaunchRequest) => {
    if (!signedIn) {
      void showAlert({ messageId: 'front.error.afterSignin' });
      return;
    }
    let child = session.getSnapshot().context.children[GAME_WINDOW_CHILD] as GameWindowActor | undefined;
    if (!child || child.getSnapshot().status !== 'active') {
      session.send({ type: 'session.spawnChild', id: GAME_WINDOW_CHILD, logic });
      child = session.getSnapshot().context.children[GAME_WINDOW_CHILD] as GameWindowActor;
    }
    const launch = { type: 'game.launch' as const, request, opened: false };
    if (!child.getSnapshot().can(launch)) {
      void showAlert({ messageId: 'front.game.alreadyOpen' });
      return;
    }
    child.send({ ...launch, opened: openGameWindow(windowFeatures(request.vendor, window.screen.availWidth)) });
  }, [signedIn, session, logic]);
}

/** "Try again" after a blocked pop-up: again on the click itself. */
export function retryGameWindow(actor: GameWindowActor, vendor: string): void {
  actor.send({ type: 'game.retry', opened: openGameWindow(windowFeatures(vendor, window.screen.availWidth)) });
}

/** The merge modal's logic for the current session (the header, cash and partner variants). */
export function useMergeLogic() {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMemo(() => mergeLogic(api, session, queryClient), [api, session, queryClient]);
}
