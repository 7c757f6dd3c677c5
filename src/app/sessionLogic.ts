/** The session machine with its real actors and actions (INTERFACES: machines <-> src/app). */
import { fromPromise, type CallbackActorLogic, type EventObject } from 'xstate';
import { sessionMachine, type TokenInput } from '../../machines/session';
import { callApi, refreshToken } from '../api/client';
import { clearToken, readToken, writeToken } from '../api/token';
import { realtimeActor } from '../realtime/stomp';
import { showAlert } from '../ui/alerts';
import { balancePoll } from './balancePoll';
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
    // The socket actor also serves guests (token null); the session always hands it a member token.
    realtime: realtimeActor as CallbackActorLogic<EventObject, TokenInput>,
    balancePoll,
  },
  actions: {
    storeToken: (_, token) => writeToken(token),
    clearToken: () => clearToken(),
    navigateHome: () => navigateTo('/'),
    navigateWarning: () => navigateTo('/warning'),
    announceGameDown: () => void showAlert({ messageId: 'front.game.lockBet' }),
  },
});
