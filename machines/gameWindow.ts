/**
 * The game window (SPEC §4 game session, §9): a game opens in its own window, opened on the click
 * itself (a placeholder whose address is set once the launch answers, so browsers do not block it).
 *
 * idle → launching (loading overlay) → playing ⇄ checking (every GAME_CLOSE_POLL_MS: did the window
 * close, did the member sign out elsewhere?) → closing (the balance is read again) → offering (the
 * merge modal, machines/merge.ts) → merged | failed. A refused launch ends in failed with the code's
 * message; a blocked pop-up waits in blocked for the member to try again. LOCK_BET_YN's game-down
 * closes the window with a message and goes on to closing; the end of the session (TK999, LOGOUT,
 * INSPECT, sign-out: the session sends `session.ended` to its children) closes it for good.
 *
 * The machine runs as a child of the signed-in session (`session.spawnChild`). The window itself is
 * the app's (provided actions and actors); the machine only decides.
 */
import { assign, setup } from 'xstate';
import {
  GAME_CLOSE_POLL_MS, GAME_WINDOW, PORTRAIT_RATIO, PORTRAIT_VENDORS, type GameLaunchAnswer,
} from '../contract/games';
import { failureMessageId } from './errors';
import { mergeMachine } from './merge';
import { promiseNotProvided } from './notProvided';

/** SPEC §3 game launch request, plus the vendor's route name (window shape and frame rules). */
export interface LaunchRequest {
  vendorKey: string;
  gameType: string;
  gameKey: string;
  vendor: string;
}

export interface WindowCheck {
  closed: boolean;
  signedIn: boolean;
}

export interface GameWindowContext {
  request: LaunchRequest | null;
  /** Message id of why the launch failed, never translated text. */
  failure: string | null;
  /** Message id to show while the window is being closed by the site (game down). */
  notice: string | null;
  /** The game money the balance answered when the window closed. */
  gameMoney: number | null;
}

export type GameWindowEvent =
  /** A game button was clicked; `opened` says whether the placeholder window opened on that click. */
  | { type: 'game.launch'; request: LaunchRequest; opened: boolean }
  /** "Try again" after a blocked pop-up (again on a click, so again a placeholder). */
  | { type: 'game.retry'; opened: boolean }
  | { type: 'game.dismiss' }
  /** LOCK_BET_YN announced a game-down event. */
  | { type: 'game.down' }
  /** The session is ending (duplicate login, LOGOUT, INSPECT, sign-out). */
  | { type: 'session.ended' };

export const GAME_FRAME_PATH = '/slot/game';

/**
 * Every game opens in the /slot/game frame page (the site's page around the vendor's), so member
 * protection's reality check shows over every game, whatever the vendor and the URL's scheme.
 */
export function windowUrl(gameurl: string): string {
  return `${GAME_FRAME_PATH}?url=${encodeURIComponent(gameurl)}`;
}

/** SPEC §9: 1500×800 at top 50, centred on the screen; the portrait vendors 800 high and 800/1.78 wide. */
export function windowFeatures(vendor: string, screenWidth: number): string {
  const portrait = PORTRAIT_VENDORS.includes(vendor);
  const height = GAME_WINDOW.height;
  const width = portrait ? Math.round(height / PORTRAIT_RATIO) : GAME_WINDOW.width;
  const left = Math.max(0, Math.round((screenWidth - width) / 2));
  return `width=${width},height=${height},top=${GAME_WINDOW.top},left=${left}`;
}

const launch = [
  { guard: 'opened', target: '#gameWindow.launching', actions: 'startLaunch' },
  { target: '#gameWindow.blocked', actions: 'startLaunch' },
] as const;

const sessionEnded = { target: '#gameWindow.ended', actions: 'closeWindow' } as const;
const gameDown = { target: '#gameWindow.closing', actions: ['closeWindow', 'noteGameDown'] } as const;

export const GAME_DOWN_ID = 'front.game.lockBet';

export const gameWindowMachine = setup({
  types: {
    context: {} as GameWindowContext,
    events: {} as GameWindowEvent,
  },
  actors: {
    launchGame: promiseNotProvided<GameLaunchAnswer, LaunchRequest>('launchGame'),
    checkWindow: promiseNotProvided<WindowCheck>('checkWindow'),
    refreshBalance: promiseNotProvided<{ gameMoney: number }>('refreshBalance'),
    merge: mergeMachine,
  },
  delays: { closePoll: GAME_CLOSE_POLL_MS },
  actions: {
    /** Points the placeholder window at the game. */
    navigateWindow: (_, _params: { url: string }) => {},
    closeWindow: () => {},
    startLaunch: assign(({ event }) => (event.type === 'game.launch'
      ? { request: event.request, failure: null, notice: null, gameMoney: null }
      : {})),
    recordFailure: assign((_, params: { error: unknown }) => ({ failure: failureMessageId(params.error) })),
    noteGameDown: assign({ notice: GAME_DOWN_ID }),
    recordGameMoney: assign((_, params: { gameMoney: number }) => ({ gameMoney: params.gameMoney })),
  },
  guards: {
    opened: ({ event }) => (event.type === 'game.launch' || event.type === 'game.retry') && event.opened,
    signedOut: (_, check: WindowCheck) => !check.signedIn,
    windowClosed: (_, check: WindowCheck) => check.closed,
    hasGameMoney: (_, params: { gameMoney: number }) => params.gameMoney > 0,
    merged: (_, output: { merged: boolean }) => output.merged,
  },
}).createMachine({
  id: 'gameWindow',
  context: { request: null, failure: null, notice: null, gameMoney: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'game.launch': launch },
    },
    /** The browser refused the pop-up: a message and a button to try again. */
    blocked: {
      on: {
        'game.retry': [{ guard: 'opened', target: 'launching' }, { target: 'blocked', reenter: true }],
        'game.dismiss': { target: 'idle' },
      },
    },
    launching: {
      invoke: {
        id: 'launchGame',
        src: 'launchGame',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'playing',
          actions: { type: 'navigateWindow', params: ({ event }) => ({ url: windowUrl(event.output.gameurl) }) },
        },
        onError: {
          target: 'failed',
          actions: ['closeWindow', { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
      on: { 'session.ended': sessionEnded },
    },
    playing: {
      after: { closePoll: { target: 'checking' } },
      on: { 'game.down': gameDown, 'session.ended': sessionEnded },
    },
    checking: {
      invoke: {
        id: 'checkWindow',
        src: 'checkWindow',
        onDone: [
          { guard: { type: 'signedOut', params: ({ event }) => event.output }, target: 'ended', actions: 'closeWindow' },
          { guard: { type: 'windowClosed', params: ({ event }) => event.output }, target: 'closing' },
          { target: 'playing' },
        ],
        onError: { target: 'playing' },
      },
      on: { 'game.down': gameDown, 'session.ended': sessionEnded },
    },
    /** The window is closed: read the balance again and offer the merge when game money is left. */
    closing: {
      invoke: {
        id: 'refreshBalance',
        src: 'refreshBalance',
        onDone: [
          {
            guard: { type: 'hasGameMoney', params: ({ event }) => event.output },
            target: 'offering',
            actions: { type: 'recordGameMoney', params: ({ event }) => event.output },
          },
          { target: 'merged' },
        ],
        // Not knowing the game money is no reason to leave it there: offer the merge anyway.
        onError: { target: 'offering' },
      },
      on: { 'session.ended': { target: 'ended' } },
    },
    /** The merge modal (header variant) runs as this state's child. */
    offering: {
      invoke: {
        id: 'merge',
        src: 'merge',
        input: { variant: 'header' },
        onDone: [{ guard: { type: 'merged', params: ({ event }) => event.output }, target: 'merged' }, { target: 'failed' }],
      },
      on: { 'session.ended': { target: 'ended' } },
    },
    merged: {
      on: { 'game.launch': launch },
    },
    failed: {
      on: { 'game.launch': launch, 'game.dismiss': { target: 'idle' } },
    },
    /** The session ended: the window is closed and nothing more happens. */
    ended: { type: 'final' },
  },
});
