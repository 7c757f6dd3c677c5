/** The session machine with its real actors and actions (INTERFACES: machines <-> src/app). */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { type RealtimeInput, sessionMachine, type SessionEvent } from '../../machines/session';
import { callApi, refreshToken } from '../api/client';
import { clearToken, readToken, writeToken } from '../api/token';
import { onRealtimeEvent } from '../realtime/events';
import { showAlert } from '../ui/alerts';
import { navigateTo } from './navigation';

export const sessionLogic = sessionMachine.provide({
  actors: {
    restoreToken: fromPromise(async () => readToken()),
    loadMember: fromPromise(() => callApi('memberInfo', {})),
    // The machine only asks when a refresh is due (5 minutes or less left, or forced).
    refreshToken: fromPromise(() => refreshToken({ force: true })),
    logout: fromPromise(async () => {
      await callApi('logout', {});
    }),
    // While signed in, the tab's connection carries the member topic and the edge's typed events are
    // the session's own (`satisfies` keeps the two vocabularies in step).
    // The connection's code comes with the first sign-in of the tab (a guest never loads it).
    realtime: fromCallback<EventObject, RealtimeInput>(({ sendBack, input }) => {
      const stopEvents = onRealtimeEvent((event) => sendBack(event satisfies SessionEvent));
      let stopMember: (() => void) | null = null;
      let stopped = false;
      void import('../realtime/connection').then(({ listenAsMember }) => {
        if (!stopped) stopMember = listenAsMember(input.token, input.since);
      });
      return () => {
        stopped = true;
        stopMember?.();
        stopEvents();
      };
    }),
    checkBalance: fromPromise(() => callApi('balance', {})),
    connectionBack: fromPromise(({ signal }) => new Promise<void>((resolve) => {
      window.addEventListener('online', () => resolve(), { once: true, signal });
    })),
  },
  actions: {
    storeToken: (_, token) => writeToken(token),
    clearToken: () => clearToken(),
    navigateHome: () => navigateTo('/'),
    navigateWarning: () => navigateTo('/warning'),
    announceGameDown: () => void showAlert({ messageId: 'front.game.lockBet' }),
  },
});
