/**
 * The reality check (issue 23, contract/protection.ts): every 15, 30 or 60 minutes of play (the member's
 * choice on my page; 0 is off) a reminder shows the time played and the session's net result, with "keep
 * playing" and "stop". Stop merges the game money back and closes the game (the app's `stopPlay`).
 *
 * off ⇄ counting (after the interval) → fetching (the facts) → showing → counting (keep playing) |
 * stopping → counting (stopped; a failure shows the reminder again with its message). A changed interval
 * starts the count again (0: off). One runs in the site's shell and one in the game window's frame page.
 */
import { assign, setup } from 'xstate';
import type { RealityInterval, RealitySummary } from '../contract/protection';
import { failureMessageId } from './errors';
import { promiseNotProvided } from './notProvided';

export interface RealityCheckContext {
  minutes: RealityInterval;
  /** The facts shown, or null when they could not be read (the reminder still shows). */
  summary: RealitySummary | null;
  /** Message id of why stopping failed, or null. */
  failure: string | null;
  /** Minutes of play this reminder has counted (the intervals that ended), shown when the server's session is younger (a reload). */
  played: number;
}

export type RealityCheckEvent =
  | { type: 'reality.configure'; minutes: RealityInterval }
  | { type: 'reality.keep' }
  | { type: 'reality.stop' };

const MINUTE_MS = 60_000;

const configure = { target: '#realityCheck.choosing', reenter: true, actions: 'setMinutes' } as const;

export const realityCheckMachine = setup({
  types: {
    context: {} as RealityCheckContext,
    events: {} as RealityCheckEvent,
    input: {} as { minutes: RealityInterval },
  },
  actors: {
    fetchSummary: promiseNotProvided<RealitySummary>('fetchSummary'),
    stopPlay: promiseNotProvided<null>('stopPlay'),
  },
  actions: {
    setMinutes: assign(({ event }) => (event.type === 'reality.configure' ? { minutes: event.minutes } : {})),
    countInterval: assign(({ context }) => ({ played: context.played + context.minutes })),
  },
  delays: {
    interval: ({ context }) => context.minutes * MINUTE_MS,
  },
  guards: {
    enabled: ({ context }) => context.minutes > 0,
  },
}).createMachine({
  id: 'realityCheck',
  context: ({ input }) => ({ minutes: input.minutes, summary: null, failure: null, played: 0 }),
  initial: 'choosing',
  states: {
    choosing: {
      always: [{ guard: 'enabled', target: 'counting' }, { target: 'off' }],
    },
    off: {
      on: { 'reality.configure': configure },
    },
    counting: {
      after: { interval: { target: 'fetching', actions: 'countInterval' } },
      on: { 'reality.configure': configure },
    },
    fetching: {
      invoke: {
        id: 'fetchSummary',
        src: 'fetchSummary',
        onDone: { target: 'showing', actions: assign(({ event }) => ({ summary: event.output, failure: null })) },
        onError: { target: 'showing', actions: assign({ summary: null, failure: null }) },
      },
    },
    showing: {
      on: {
        'reality.keep': 'counting',
        'reality.stop': 'stopping',
      },
    },
    stopping: {
      invoke: {
        id: 'stopPlay',
        src: 'stopPlay',
        onDone: { target: 'counting', actions: assign({ failure: null }) },
        onError: { target: 'showing', actions: assign(({ event }) => ({ failure: failureMessageId(event.error) })) },
      },
    },
  },
});
