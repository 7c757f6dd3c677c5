/**
 * The one bet slip: a slip of legs (a market's selection at its odds) with one stake, sent through the
 * confirmed-send tail (machines/sendTail.ts). A mini game is a one-leg product (input `maxLegs` 1); a
 * product with combinations gives more legs, and the legs' odds multiply. The stake: presets add units
 * of 10,000 won up to the member's level maximum the slip shows, or it is typed.
 *
 *   editing --slip.submit--> sending (the tail: its check, confirm, send once, the answer's alert)
 *   sending -> placed | editing;  placed --slip.again--> editing
 *
 * - Picking a leg already on the slip takes it off; another selection of a market on the slip takes
 *   that market's place; past `maxLegs` the oldest leg leaves. A new round keeps the legs for it.
 * - A refusal leaves the legs and the stake as they were; a preset pressed then adds up to the
 *   maximum at most (a stake typed above it comes down to it), never past it.
 * - Submitting checks the slip (a leg, a stake, the round still open on the server's clock): a problem
 *   is the tail's refusal with its message id, and nothing is sent.
 * - While the tail runs, edits and submits are not listened for, so a double click sends once.
 * - The key: the tail's one rule; the slip carries its kept key from one send to the next.
 *
 * The context holds message ids and result codes, never translated text.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { MiniBet, MiniGame } from '../contract/minigames';
import type { Balances } from '../contract/wallet';
import { SEND_TAIL, sendTailMachine, type KeptKey, type SendTailOutput } from './sendTail';

export interface SlipLeg {
  market: string;
  selection: string;
  oddsCents: number;
}

export interface BetSlipInput {
  game: MiniGame;
  /** How many legs the slip takes (1: a mini game). */
  maxLegs?: number;
}

/** What a slip sends (the tail's request). */
export interface SlipRequest {
  game: MiniGame;
  roundId: number;
  legs: SlipLeg[];
  stake: number;
}

export interface BetAnswer {
  bet: MiniBet;
  balances: Balances;
}

export interface BetSlipContext {
  game: MiniGame;
  maxLegs: number;
  roundId: number | null;
  legs: SlipLeg[];
  stake: number;
  /** The slip being sent (the tail's request), and what its check found wrong with it. */
  request: SlipRequest | null;
  problem: string | null;
  kept: KeptKey | null;
  placed: MiniBet | null;
}

export type BetSlipEvent =
  | { type: 'slip.round'; roundId: number | null }
  | { type: 'slip.pick'; leg: SlipLeg }
  | { type: 'slip.stake'; stake: number }
  /** A preset: adds `amount`, up to `max` (the level maximum). */
  | { type: 'slip.add'; amount: number; max: number }
  | { type: 'slip.clear' }
  | { type: 'slip.submit'; open: boolean }
  | { type: 'slip.again' };

/** The first thing missing from a slip, as a message id, or null. */
export function slipProblem(slip: Pick<BetSlipContext, 'legs' | 'stake' | 'roundId'>, open: boolean): string | null {
  if (slip.legs.length === 0) return 'mini.slip.noPick';
  if (!Number.isSafeInteger(slip.stake) || slip.stake <= 0) return 'mini.slip.noAmount';
  if (!open || slip.roundId === null) return 'api.B0202';
  return null;
}

/** The slip's odds in hundredths: the legs' odds multiplied, each step rounded down (1.00 with no leg). */
export function slipOddsCents(legs: readonly SlipLeg[]): number {
  return legs.reduce((odds, leg) => Math.floor((odds * leg.oddsCents) / 100), 100);
}

const sameLeg = (a: SlipLeg, b: SlipLeg) => a.market === b.market && a.selection === b.selection;

/** The legs after picking `leg`: off when on the slip, else in its market's place, the oldest leaving past `maxLegs`. */
export function pickLeg(legs: readonly SlipLeg[], leg: SlipLeg, maxLegs: number): SlipLeg[] {
  if (legs.some((on) => sameLeg(on, leg))) return legs.filter((on) => !sameLeg(on, leg));
  return [...legs.filter((on) => on.market !== leg.market), leg].slice(-maxLegs);
}

const MAX_STAKE = 1_000_000_000;
const clampStake = (stake: number) => (Number.isSafeInteger(stake) && stake > 0 ? Math.min(stake, MAX_STAKE) : 0);

export const betSlipMachine = setup({
  types: {
    context: {} as BetSlipContext,
    events: {} as BetSlipEvent,
    input: {} as BetSlipInput,
  },
  actors: {
    [SEND_TAIL]: sendTailMachine,
  },
  actions: {
    /** The bet was taken (the app applies the answered balances and refreshes the board). */
    accepted: (_, _answer: unknown) => {},
    setRound: assign((_, params: { roundId: number | null }) => ({ roundId: params.roundId })),
    pick: assign(({ context }, params: { leg: SlipLeg }) => ({ legs: pickLeg(context.legs, params.leg, context.maxLegs) })),
    setStake: assign((_, params: { stake: number }) => ({ stake: clampStake(params.stake) })),
    addStake: assign(({ context }, params: { amount: number; max: number }) => ({
      stake: clampStake(params.max > 0 ? Math.min(context.stake + params.amount, params.max) : context.stake + params.amount),
    })),
    clear: assign({ legs: [], stake: 0 }),
    takeRequest: assign(({ context }, params: { open: boolean }) => ({
      request: context.roundId === null ? null : { game: context.game, roundId: context.roundId, legs: context.legs, stake: context.stake },
      problem: slipProblem(context, params.open),
    })),
    takeOutcome: assign((_, output: SendTailOutput) => ({ kept: output.kept })),
    keepPlaced: assign((_, answer: BetAnswer) => ({ placed: answer.bet, legs: [], request: null })),
  },
  guards: {
    isAnswered: (_, output: SendTailOutput) => output.outcome === 'answered',
  },
}).createMachine({
  id: 'betSlip',
  context: ({ input }) => ({
    game: input.game, maxLegs: input.maxLegs ?? 1, roundId: null, legs: [], stake: 0, request: null, problem: null, kept: null, placed: null,
  }),
  on: {
    'slip.round': { actions: { type: 'setRound', params: ({ event }) => ({ roundId: event.roundId }) } },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'slip.pick': { actions: { type: 'pick', params: ({ event }) => ({ leg: event.leg }) } },
        'slip.stake': { actions: { type: 'setStake', params: ({ event }) => ({ stake: event.stake }) } },
        'slip.add': { actions: { type: 'addStake', params: ({ event }) => ({ amount: event.amount, max: event.max }) } },
        'slip.clear': { actions: 'clear' },
        'slip.submit': { target: 'sending', actions: { type: 'takeRequest', params: ({ event }) => ({ open: event.open }) } },
      },
    },
    sending: {
      invoke: {
        id: SEND_TAIL,
        src: SEND_TAIL,
        input: ({ context }) => ({ request: context.request, kept: context.kept, problem: context.problem }),
        onDone: [
          {
            guard: { type: 'isAnswered', params: ({ event }) => event.output },
            target: 'placed',
            actions: [
              { type: 'takeOutcome', params: ({ event }) => event.output },
              { type: 'keepPlaced', params: ({ event }) => event.output.answer as BetAnswer },
              { type: 'accepted', params: ({ event }: { event: { output: SendTailOutput } }) => event.output.answer },
            ],
          },
          { target: 'editing', actions: { type: 'takeOutcome', params: ({ event }) => event.output } },
        ],
      },
    },
    placed: {
      on: { 'slip.again': { target: 'editing' } },
    },
  },
});

export type BetSlipLogic = typeof betSlipMachine;
export type BetSlipSnapshot = SnapshotFrom<BetSlipLogic>;
