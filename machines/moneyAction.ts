/**
 * One confirmed money action (SPEC §2): a deposit, withdrawal, USDT deposit or withdrawal, point
 * conversion, coupon use or gift, transfer, or a request's cancel/hide (cash/del). Every one of them
 * runs on this machine; what differs is supplied per action: the draft it sends, its client-side check
 * (input `check`, answering a message id) and its call (the provided `send` actor).
 *
 *   editing -> confirming -> submitting -> done | refused | unanswered
 *
 * - Submitting a draft runs the check; a mistake goes to `refused` with its message id, nothing is sent.
 * - While confirming or submitting, further submits and confirms are not listened for, so a double
 *   click sends once.
 * - One idempotency key per draft: confirming a draft makes a key; when no answer came (`unanswered`)
 *   the retry, or a later submit of the same draft, reuses it, so the server answers the first request
 *   instead of taking a second. Any answer (accepted or refused) ends the key: the next confirm, after an
 *   edit or not, makes a new one.
 *
 * The context holds message ids and result codes, never translated text.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { newIdempotencyKey } from '../contract/wallet';
import type { ResultCode } from '../contract/codes';
import { NETWORK_ERROR_ID, resultCodeOf } from './errors';
import { promiseNotProvided } from './notProvided';

export interface MoneyActionInput {
  /** The first thing wrong with a draft, as a message id ('api.C206', 'front.cash.noPrice'), or null. */
  check?: (draft: unknown) => string | null;
}

export interface SendInput<TDraft = unknown> {
  draft: TDraft;
  idempotencyKey: string;
}

export interface MoneyActionContext {
  check: (draft: unknown) => string | null;
  /** The draft being confirmed, sent, or last sent. */
  draft: unknown;
  /** The key of the draft whose answer never came (kept for a retry), or of the draft being sent. */
  keyed: { draft: string; key: string } | null;
  /** What the accepted call answered. */
  answer: unknown;
  /** The server's refusal code, when it refused. */
  code: ResultCode | null;
  /** Message id to alert (a check's mistake, a refusal's 'api.<code>', or no answer). */
  errorId: string | null;
}

export type MoneyActionEvent =
  | { type: 'money.submit'; draft: unknown }
  | { type: 'money.confirm' }
  | { type: 'money.cancel' }
  | { type: 'money.retry' }
  | { type: 'money.dismiss' }
  | { type: 'money.again' };

const sameDraft = (draft: unknown) => JSON.stringify(draft);

export const moneyActionMachine = setup({
  types: {
    context: {} as MoneyActionContext,
    events: {} as MoneyActionEvent,
    input: {} as MoneyActionInput,
  },
  actors: {
    send: promiseNotProvided<unknown, SendInput>('send'),
  },
  actions: {
    /** The call was accepted (the app applies the answered balances and refreshes what it changed). */
    accepted: (_, _answer: unknown) => {},
    takeDraft: assign((_, params: { draft: unknown }) => ({ draft: params.draft, errorId: null, code: null })),
    refuseDraft: assign(({ context }, params: { draft: unknown }) => ({ draft: params.draft, errorId: context.check(params.draft), code: null })),
    dropDraft: assign({ draft: null }),
    /** The kept key when this is the draft that got no answer; otherwise a new key. */
    keyDraft: assign(({ context }) => {
      const draft = sameDraft(context.draft);
      return context.keyed?.draft === draft ? {} : { keyed: { draft, key: newIdempotencyKey() } };
    }),
    endKey: assign({ keyed: null }),
    keepAnswer: assign((_, answer: unknown) => ({ answer })),
    refuse: assign((_, params: { code: ResultCode }) => ({ code: params.code, errorId: `api.${params.code}` })),
    noAnswer: assign({ errorId: NETWORK_ERROR_ID, code: null }),
    dismiss: assign({ errorId: null, code: null }),
    startOver: assign({ draft: null, answer: null }),
  },
  guards: {
    passesCheck: ({ context }, params: { draft: unknown }) => context.check(params.draft) === null,
    isRefusal: (_, params: { error: unknown }) => resultCodeOf(params.error) !== null,
  },
}).createMachine({
  id: 'moneyAction',
  context: ({ input }) => ({
    check: input.check ?? (() => null),
    draft: null,
    keyed: null,
    answer: null,
    code: null,
    errorId: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'money.submit': [
          {
            guard: { type: 'passesCheck', params: ({ event }) => ({ draft: event.draft }) },
            target: 'confirming',
            actions: { type: 'takeDraft', params: ({ event }) => ({ draft: event.draft }) },
          },
          { target: 'refused', actions: { type: 'refuseDraft', params: ({ event }: { event: { draft: unknown } }) => ({ draft: event.draft }) } },
        ],
      },
    },
    confirming: {
      on: {
        'money.confirm': { target: 'submitting', actions: 'keyDraft' },
        'money.cancel': { target: 'editing', actions: 'dropDraft' },
      },
    },
    submitting: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ draft: context.draft, idempotencyKey: context.keyed!.key }),
        onDone: {
          target: 'done',
          actions: [
            'endKey',
            { type: 'keepAnswer', params: ({ event }: { event: { output: unknown } }) => event.output },
            { type: 'accepted', params: ({ event }: { event: { output: unknown } }) => event.output },
          ],
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: ['endKey', { type: 'refuse', params: ({ event }) => ({ code: resultCodeOf(event.error)! }) }],
          },
          // No answer: the key stays with this draft for the retry.
          { target: 'unanswered', actions: 'noAnswer' },
        ],
      },
    },
    refused: {
      on: { 'money.dismiss': { target: 'editing', actions: ['dismiss', 'dropDraft'] } },
    },
    unanswered: {
      on: {
        'money.retry': { target: 'submitting', actions: 'dismiss' },
        'money.dismiss': { target: 'editing', actions: ['dismiss', 'dropDraft'] },
      },
    },
    done: {
      on: { 'money.again': { target: 'editing', actions: 'startOver' } },
    },
  },
});

export type MoneyActionLogic = typeof moneyActionMachine;
export type MoneyActionSnapshot = SnapshotFrom<MoneyActionLogic>;
