/**
 * The one bet slip of the four mini games: pick a market's selection, set the amount (presets add
 * units of 10,000 won up to the member's level maximum the slip shows, or type it), submit, confirm,
 * send once, show the answer.
 *
 *   editing -> confirming -> sending -> placed | refused | unanswered
 *
 * - Picking the same selection again takes it off the slip; a new round keeps the pick for it.
 * - A refusal leaves the pick and the amount as they were; a preset pressed then adds up to the
 *   maximum at most (an amount typed above it comes down to it), never past it.
 * - Submitting checks the slip (a pick, an amount, the round still open on the server's clock) and
 *   goes to `refused` with a message id when something is missing; nothing is sent then.
 * - While confirming or sending, edits and submits are not listened for, so a double click sends once.
 * - One idempotency key per confirmed bet; kept when no answer came, so the retry cannot bet twice.
 *
 * The context holds message ids and result codes, never translated text.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { ResultCode } from '../contract/codes';
import type { BetProcDraft, MiniBet, MiniGame } from '../contract/minigames';
import type { Balances } from '../contract/wallet';
import { newIdempotencyKey } from '../contract/wallet';
import { NETWORK_ERROR_ID, resultCodeOf } from './errors';
import { promiseNotProvided } from './notProvided';

export interface SlipPick {
  market: string;
  selection: string;
  oddsCents: number;
}

export interface BetSlipInput {
  game: MiniGame;
}

export interface BetSendInput {
  draft: BetProcDraft;
  idempotencyKey: string;
}

export interface BetAnswer {
  bet: MiniBet;
  balances: Balances;
}

export interface BetSlipContext {
  game: MiniGame;
  roundId: number | null;
  pick: SlipPick | null;
  amount: number;
  /** The bet being confirmed or sent, and its key (kept after no answer). */
  draft: BetProcDraft | null;
  key: string | null;
  placed: MiniBet | null;
  code: ResultCode | null;
  errorId: string | null;
}

export type BetSlipEvent =
  | { type: 'slip.round'; roundId: number | null }
  | { type: 'slip.pick'; pick: SlipPick }
  | { type: 'slip.amount'; amount: number }
  /** A preset: adds `amount`, up to `max` (the level maximum). */
  | { type: 'slip.add'; amount: number; max: number }
  | { type: 'slip.clear' }
  | { type: 'slip.submit'; open: boolean }
  | { type: 'slip.confirm' }
  | { type: 'slip.cancel' }
  | { type: 'slip.retry' }
  | { type: 'slip.dismiss' }
  | { type: 'slip.again' };

/** The first thing missing from a slip, as a message id, or null. */
export function slipProblem(context: Pick<BetSlipContext, 'pick' | 'amount' | 'roundId'>, open: boolean): string | null {
  if (!context.pick) return 'mini.slip.noPick';
  if (!Number.isSafeInteger(context.amount) || context.amount <= 0) return 'mini.slip.noAmount';
  if (!open || context.roundId === null) return 'api.B0202';
  return null;
}

const MAX_AMOUNT = 1_000_000_000;
const clampAmount = (amount: number) => (Number.isSafeInteger(amount) && amount > 0 ? Math.min(amount, MAX_AMOUNT) : 0);

export const betSlipMachine = setup({
  types: {
    context: {} as BetSlipContext,
    events: {} as BetSlipEvent,
    input: {} as BetSlipInput,
  },
  actors: {
    send: promiseNotProvided<BetAnswer, BetSendInput>('send'),
  },
  actions: {
    /** The bet was taken (the app applies the answered balances and refreshes the board). */
    accepted: (_, _answer: unknown) => {},
    setRound: assign((_, params: { roundId: number | null }) => ({ roundId: params.roundId })),
    togglePick: assign(({ context }, params: { pick: SlipPick }) => ({
      pick: context.pick?.market === params.pick.market && context.pick.selection === params.pick.selection ? null : params.pick,
    })),
    setAmount: assign((_, params: { amount: number }) => ({ amount: clampAmount(params.amount) })),
    addAmount: assign(({ context }, params: { amount: number; max: number }) => ({
      amount: clampAmount(params.max > 0 ? Math.min(context.amount + params.amount, params.max) : context.amount + params.amount),
    })),
    clear: assign({ pick: null, amount: 0 }),
    takeDraft: assign(({ context }) => ({
      draft: { game: context.game, roundId: context.roundId!, market: context.pick!.market, selection: context.pick!.selection, amount: context.amount },
      errorId: null,
      code: null,
    })),
    refuseSlip: assign(({ context }, params: { open: boolean }) => ({ errorId: slipProblem(context, params.open), code: null })),
    keyDraft: assign(({ context }) => (context.key ? {} : { key: newIdempotencyKey() })),
    endKey: assign({ key: null }),
    keepPlaced: assign((_, answer: { bet: MiniBet }) => ({ placed: answer.bet, pick: null, draft: null })),
    refuse: assign((_, params: { code: ResultCode }) => ({ code: params.code, errorId: `api.${params.code}` })),
    noAnswer: assign({ errorId: NETWORK_ERROR_ID, code: null }),
    dismiss: assign({ errorId: null, code: null, draft: null, key: null }),
  },
  guards: {
    slipReady: ({ context }, params: { open: boolean }) => slipProblem(context, params.open) === null,
    isRefusal: (_, params: { error: unknown }) => resultCodeOf(params.error) !== null,
  },
}).createMachine({
  id: 'betSlip',
  context: ({ input }) => ({ game: input.game, roundId: null, pick: null, amount: 0, draft: null, key: null, placed: null, code: null, errorId: null }),
  on: {
    'slip.round': { actions: { type: 'setRound', params: ({ event }) => ({ roundId: event.roundId }) } },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'slip.pick': { actions: { type: 'togglePick', params: ({ event }) => ({ pick: event.pick }) } },
        'slip.amount': { actions: { type: 'setAmount', params: ({ event }) => ({ amount: event.amount }) } },
        'slip.add': { actions: { type: 'addAmount', params: ({ event }) => ({ amount: event.amount, max: event.max }) } },
        'slip.clear': { actions: 'clear' },
        'slip.submit': [
          { guard: { type: 'slipReady', params: ({ event }) => ({ open: event.open }) }, target: 'confirming', actions: 'takeDraft' },
          { target: 'refused', actions: { type: 'refuseSlip', params: ({ event }) => ({ open: event.open }) } },
        ],
      },
    },
    confirming: {
      on: {
        'slip.confirm': { target: 'sending', actions: 'keyDraft' },
        'slip.cancel': { target: 'editing', actions: 'dismiss' },
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ draft: context.draft!, idempotencyKey: context.key! }),
        onDone: {
          target: 'placed',
          actions: ['endKey', { type: 'keepPlaced', params: ({ event }: { event: { output: BetAnswer } }) => event.output }, { type: 'accepted', params: ({ event }: { event: { output: BetAnswer } }) => event.output }],
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: ['endKey', { type: 'refuse', params: ({ event }) => ({ code: resultCodeOf(event.error)! }) }],
          },
          { target: 'unanswered', actions: 'noAnswer' },
        ],
      },
    },
    placed: {
      on: { 'slip.again': { target: 'editing' } },
    },
    refused: {
      on: { 'slip.dismiss': { target: 'editing', actions: 'dismiss' } },
    },
    unanswered: {
      on: {
        'slip.retry': { target: 'sending' },
        'slip.dismiss': { target: 'editing', actions: 'dismiss' },
      },
    },
  },
});

export type BetSlipSnapshot = SnapshotFrom<typeof betSlipMachine>;
