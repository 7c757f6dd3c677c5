/**
 * A form or a button that sends one request at a time through the confirmed-send tail
 * (machines/sendTail.ts): the money actions (deposit, withdrawal, USDT both ways, point conversion,
 * coupon use and gift, transfer, a request's cancel or hide), the attendance and prize-wheel presses,
 * and the forms and buttons of the my page, the messages and the support centre. What differs is
 * supplied per use: the request it sends, its client-side check (input `check`, answering a message
 * id), whether the member is asked first (input `confirm`) and its call (the tail's provided `send`).
 *
 *   idle --send.submit--> sending (the tail runs) -> done | idle
 *   done --send.again--> idle
 *
 * - While the tail runs, another submit is not listened for, so a double click sends once.
 * - It carries the tail's kept key from one send to the next (the one key rule is the tail's).
 *
 * The context holds message ids and answers, never translated text.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { SEND_TAIL, sendTailMachine, type KeptKey, type SendTailOutput } from './sendTail';

export interface SendOnceInput {
  /** The first thing wrong with a request, as a message id ('api.C206', 'front.cash.noPrice'), or null. */
  check?: (request: unknown) => string | null;
  /** Ask "send this?" first (default true). */
  confirm?: boolean;
}

export interface SendOnceContext {
  check: (request: unknown) => string | null;
  confirm: boolean;
  /** The request being sent, or last sent. */
  request: unknown;
  /** What the accepted request answered. */
  answer: unknown;
  kept: KeptKey | null;
}

export type SendOnceEvent = { type: 'send.submit'; request: unknown } | { type: 'send.again' };

export const sendOnceMachine = setup({
  types: {
    context: {} as SendOnceContext,
    events: {} as SendOnceEvent,
    input: {} as SendOnceInput,
  },
  actors: {
    [SEND_TAIL]: sendTailMachine,
  },
  actions: {
    /** The request was accepted (the app applies the answered balances and refreshes what it changed). */
    accepted: (_, _answer: unknown) => {},
    takeRequest: assign((_, request: unknown) => ({ request, answer: null })),
    takeOutcome: assign((_, output: SendTailOutput) => ({ kept: output.kept, answer: output.answer })),
    startOver: assign({ request: null, answer: null }),
  },
  guards: {
    isAnswered: (_, output: SendTailOutput) => output.outcome === 'answered',
  },
}).createMachine({
  id: 'sendOnce',
  context: ({ input }) => ({ check: input.check ?? (() => null), confirm: input.confirm ?? true, request: null, answer: null, kept: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'send.submit': { target: 'sending', actions: { type: 'takeRequest', params: ({ event }: { event: { request: unknown } }) => event.request } } },
    },
    sending: {
      invoke: {
        id: SEND_TAIL,
        src: SEND_TAIL,
        input: ({ context }) => ({ request: context.request, kept: context.kept, problem: context.check(context.request), confirm: context.confirm }),
        onDone: [
          {
            guard: { type: 'isAnswered', params: ({ event }) => event.output },
            target: 'done',
            actions: [
              { type: 'takeOutcome', params: ({ event }) => event.output },
              { type: 'accepted', params: ({ event }: { event: { output: SendTailOutput } }) => event.output.answer },
            ],
          },
          { target: 'idle', actions: { type: 'takeOutcome', params: ({ event }) => event.output } },
        ],
      },
    },
    done: {
      on: { 'send.again': { target: 'idle', actions: 'startOver' } },
    },
  },
});

export type SendOnceLogic = typeof sendOnceMachine;
export type SendOnceSnapshot = SnapshotFrom<SendOnceLogic>;
