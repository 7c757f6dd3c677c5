/**
 * The confirmed-send tail: one request, from the member's yes to what the member is told about it. Every
 * write a member starts ends here: the money actions, the bet slip, the merge, the attendance and
 * prize-wheel presses, the board upload and the forms and buttons of the my page, messages and support
 * centre. Its owner (machines/sendOnce.ts for a form or a button, the bet slip, the merge modal, the
 * board upload) invokes it with the request and takes its output; the call itself is the provided
 * `send` actor.
 *
 *   confirming -> sending                 the owner asks "send this?" first (the default)
 *              -> refused                 at once: a client-side check's problem; nothing is sent
 *              -> sending                 at once: a press, no question
 *   sending -> answered | refused | unanswered
 *   confirming --send.cancel--> cancelled; refused --send.dismiss--> ended;
 *   unanswered --send.retry--> sending, --send.dismiss--> ended
 *   sending -> ended                      at once: a refusal the owner answers itself (`handBack`), with its data
 *
 * - While confirming or sending, another confirm is not listened for, so a double click sends once.
 * - refused and unanswered wait for the member to read the alert (or answer "send again?").
 * - The key rule, one for every owner: a request is sent with an idempotency key. The key is kept while
 *   the same request may still have reached the server, that is when no answer came: the retry, or a
 *   later send of the same request, reuses it, so the server answers the first request instead of taking
 *   a second (no double spend). It is dropped once the server answered (accepted or refused), and a
 *   different request (the member changed it) gets a new one. The owner carries the kept key between
 *   sends (`kept` in, `kept` out) and never reads it.
 *
 * The context holds message ids and result codes, never translated text.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ResultCode } from '../contract/codes';
import { newIdempotencyKey } from '../contract/wallet';
import { failureMessageId, refusalDataOf, resultCodeOf } from './errors';
import { promiseNotProvided } from './notProvided';

/** A key kept for a request whose send got no answer. */
export interface KeptKey {
  /** The request's identity (requestIdentity). */
  request: string;
  key: string;
}

export interface SendTailInput {
  request: unknown;
  /** The key kept by an earlier send of the owner that got no answer. */
  kept: KeptKey | null;
  /** A client-side check's message id: the request is refused with it and nothing is sent. */
  problem?: string | null;
  /** Ask "send this?" first (default true); a press sends at once. */
  confirm?: boolean;
  /**
   * Refusal codes the owner answers itself (the bet slip's changed prices): such a refusal ends the tail at
   * once, without the alert, and hands the refusal's data back in the output.
   */
  handBack?: readonly ResultCode[];
}

/** What the provided `send` actor gets: the request and its key. */
export interface SendInput<TRequest = unknown> {
  request: TRequest;
  idempotencyKey: string;
}

export type SendOutcome = 'answered' | 'cancelled' | 'refused' | 'unanswered';

export interface SendTailOutput {
  outcome: SendOutcome;
  /** What the server answered (outcome 'answered'), otherwise null. */
  answer: unknown;
  /** The refusal's code (outcome 'refused' by the server), otherwise null. */
  code: ResultCode | null;
  /** The key to hand to the next send (kept only after no answer). */
  kept: KeptKey | null;
  /** A handed-back refusal's data (what the server sent with it), otherwise null. */
  data: unknown;
}

export interface SendTailContext {
  request: unknown;
  confirm: boolean;
  problem: string | null;
  kept: KeptKey | null;
  answer: unknown;
  code: ResultCode | null;
  /** Message id to show: a check's problem, a refusal's 'api.<code>', or no answer. */
  errorId: string | null;
  outcome: SendOutcome | null;
  handBack: readonly ResultCode[];
  data: unknown;
}

export type SendTailEvent =
  | { type: 'send.confirm' }
  | { type: 'send.cancel' }
  | { type: 'send.retry' }
  | { type: 'send.dismiss' };

const isFile = (value: unknown): value is { name?: string; size: number; type: string; lastModified?: number } =>
  typeof value === 'object' && value !== null && 'size' in value && 'type' in value && 'slice' in value;

/** What tells two requests apart: their JSON, files by name, size, type and date (JSON alone shows any file as {}). */
export function requestIdentity(request: unknown): string {
  return JSON.stringify(request, (_, value: unknown) => (isFile(value) ? { file: [value.name, value.size, value.type, value.lastModified] } : value)) ?? '';
}

export const sendTailMachine = setup({
  types: {
    context: {} as SendTailContext,
    events: {} as SendTailEvent,
    input: {} as SendTailInput,
    output: {} as SendTailOutput,
  },
  actors: {
    send: promiseNotProvided<unknown, SendInput>('send'),
  },
  actions: {
    /** The kept key when it was kept for this very request; otherwise a new one (the old one is dropped). */
    keyRequest: assign(({ context }) => {
      const request = requestIdentity(context.request);
      return context.kept?.request === request ? {} : { kept: { request, key: newIdempotencyKey() } };
    }),
    takeProblem: assign(({ context }) => ({ errorId: context.problem, code: null })),
    /** The server answered: the key ends with it. */
    takeAnswer: assign((_, answer: unknown) => ({ answer, kept: null, errorId: null, code: null })),
    /** A refusal ends the key; no answer keeps it. */
    fail: assign((_, params: { error: unknown }) => {
      const code = resultCodeOf(params.error);
      return { code, errorId: failureMessageId(params.error), ...(code === null ? {} : { kept: null }) };
    }),
    /** A refusal the owner answers itself: its data goes back with the output. */
    handBack: assign((_, params: { error: unknown }) => ({ data: refusalDataOf(params.error) })),
    clearError: assign({ errorId: null, code: null }),
    end: assign((_, outcome: SendOutcome) => ({ outcome })),
  },
  guards: {
    hasProblem: ({ context }) => context.problem !== null,
    sendsAtOnce: ({ context }) => !context.confirm,
    isRefusal: (_, params: { error: unknown }) => resultCodeOf(params.error) !== null,
    isHandedBack: ({ context }, params: { error: unknown }) => {
      const code = resultCodeOf(params.error);
      return code !== null && context.handBack.includes(code);
    },
  },
}).createMachine({
  id: 'sendTail',
  context: ({ input }) => ({
    request: input.request,
    confirm: input.confirm ?? true,
    problem: input.problem ?? null,
    kept: input.kept,
    answer: null,
    code: null,
    errorId: null,
    outcome: null,
    handBack: input.handBack ?? [],
    data: null,
  }),
  initial: 'confirming',
  states: {
    /** Asking "send this?": at once refused with a check's problem, or sent when the owner asks nothing. */
    confirming: {
      always: [
        { guard: 'hasProblem', target: 'refused', actions: 'takeProblem' },
        { guard: 'sendsAtOnce', target: 'sending', actions: 'keyRequest' },
      ],
      on: {
        'send.confirm': { target: 'sending', actions: 'keyRequest' },
        'send.cancel': { target: 'cancelled' },
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ request: context.request, idempotencyKey: context.kept!.key }),
        onDone: { target: 'answered', actions: { type: 'takeAnswer', params: ({ event }: { event: { output: unknown } }) => event.output } },
        onError: [
          {
            guard: { type: 'isHandedBack', params: ({ event }) => ({ error: event.error }) },
            target: 'ended',
            actions: [
              { type: 'fail', params: ({ event }) => ({ error: event.error }) },
              { type: 'handBack', params: ({ event }) => ({ error: event.error }) },
              { type: 'end', params: 'refused' },
            ],
          },
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
          // No answer: the key stays with this request for the retry.
          { target: 'unanswered', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    refused: {
      on: { 'send.dismiss': { target: 'ended', actions: { type: 'end', params: 'refused' } } },
    },
    unanswered: {
      on: {
        'send.retry': { target: 'sending', actions: 'clearError' },
        'send.dismiss': { target: 'ended', actions: { type: 'end', params: 'unanswered' } },
      },
    },
    answered: { type: 'final', entry: { type: 'end', params: 'answered' } },
    cancelled: { type: 'final', entry: { type: 'end', params: 'cancelled' } },
    /** The member read the refusal, or gave up after no answer. */
    ended: { type: 'final' },
  },
  output: ({ context }) => ({ outcome: context.outcome!, answer: context.answer, code: context.code, kept: context.kept, data: context.data }),
});

export type SendTailLogic = typeof sendTailMachine;
export type SendTailActor = ActorRefFrom<SendTailLogic>;
export type SendTailSnapshot = SnapshotFrom<SendTailLogic>;

/** The id owners invoke the tail under, so the screens find it (`snapshot.children[SEND_TAIL]`). */
export const SEND_TAIL = 'tail';
