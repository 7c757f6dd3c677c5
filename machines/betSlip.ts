/**
 * The one bet slip: a slip of legs (a market's selection at its odds) with one stake, sent through the
 * confirmed-send tail (machines/sendTail.ts). Two products use it: a mini game is a one-leg slip (input
 * `maxLegs` 1, a round to bet on); the sportsbook's slip (input `product: 'sport'`, up to `maxLegs` folders)
 * carries each leg's market version and fixture, and its odds multiply, with the folder bonus of its rules.
 *
 *   editing --slip.submit--> sending (the tail: its check, confirm, send once, the answer's alert)
 *   editing --slip.pick (refused by the rules)--> pickRefused --slip.dismiss--> editing
 *   sending -> placed | editing | repriced (a sports slip whose prices changed: the tail hands it back)
 *   repriced --slip.confirmPrices--> sending (at the new prices, not asked again) | --slip.dismiss--> editing
 *   placed --slip.again--> editing
 *
 * - Picking a leg already on the slip takes it off; another selection of a market on the slip takes
 *   that market's place. A mini slip past `maxLegs` drops its oldest leg; a sports slip refuses the pick
 *   (too many folders, a live leg with others, or two markets of one fixture its sport's rules keep apart).
 * - A new round keeps the legs for it (mini); the sportsbook's price feed moves the legs' prices
 *   (`slip.prices`) and marks a stopped market, which the check then refuses.
 * - A refusal leaves the legs and the stake as they were; a preset pressed then adds up to the
 *   maximum at most (a stake typed above it comes down to it), never past it. A changed price (the
 *   sportsbook's PRICE_CHANGED refusal) puts the server's prices on the legs and asks the member.
 * - Submitting checks the slip (a leg, a stake, the round still open on the server's clock; a sports slip's
 *   markets open and a single's odds high enough): a problem is the tail's refusal with its message id,
 *   and nothing is sent.
 * - While the tail runs, edits and submits are not listened for, so a double click sends once. A live
 *   sports bet is held by the server for a few seconds while the call waits ("접수 중": slipHeld).
 * - The key: the tail's one rule; the slip carries its kept key from one send to the next.
 *
 * The context holds message ids and result codes, never translated text.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { ResultCode } from '../contract/codes';
import type { MiniBet, MiniGame } from '../contract/minigames';
import {
  folderBonusCents, type MarketKind, type SlipRules, type Sport, type SportBetLeg, type SportBetPlaced, type SportLegRequest, type SportLegState,
} from '../contract/sports';
import type { Balances } from '../contract/wallet';
import { SEND_TAIL, sendTailMachine, type KeptKey, type SendTailOutput } from './sendTail';

/** What a sports leg carries beside its price: the market's version and what the slip shows of it. */
export interface SportLegFacts extends Pick<SportBetLeg, 'fixtureId' | 'sport' | 'league' | 'home' | 'away' | 'startsAt' | 'kind' | 'period' | 'line' | 'key' | 'live'> {
  /** The market's version the price belongs to (sent with the leg). */
  version: number;
  /** The market stopped taking bets (suspended or closed): the slip will not send it. */
  stopped: boolean;
  /** The last move of the price on the slip ('up', 'down'), null before any. */
  moved: 'up' | 'down' | null;
}

export interface SlipLeg {
  market: string;
  selection: string;
  oddsCents: number;
  /** A sports leg's facts (absent on a mini game's). */
  sport?: SportLegFacts;
}

export type SlipProduct = 'mini' | 'sport';

export type BetSlipInput =
  | { product?: 'mini'; game: MiniGame; /** How many legs the slip takes (1: a mini game). */ maxLegs?: number }
  | { product: 'sport'; maxLegs: number; rules?: SlipRules | null };

/** What a mini slip sends (the tail's request). */
export interface MiniSlipRequest {
  game: MiniGame;
  roundId: number;
  legs: SlipLeg[];
  stake: number;
}

/** What a sports slip sends: each leg at the price and version the member saw. */
export interface SportSlipRequest {
  game: 'sport';
  legs: SportLegRequest[];
  stake: number;
  acceptBetterOdds: boolean;
}

export type SlipRequest = MiniSlipRequest | SportSlipRequest;

export interface BetAnswer {
  bet: MiniBet | SportBetPlaced;
  balances: Balances;
}

/** One leg's price now, as the server's refusal or the price feed gives it. */
export type LegPrice = SportLegState;

/** The sportsbook's refusal of a slip whose prices changed; its data (SportLegsRefusal) carries every leg's current price. */
export const PRICE_CHANGED: ResultCode = 'B6101';

export interface BetSlipContext {
  product: SlipProduct;
  /** The mini game (null on a sports slip). */
  game: MiniGame | null;
  maxLegs: number;
  roundId: number | null;
  legs: SlipLeg[];
  stake: number;
  /** A sports slip takes a better price than the one seen without asking (never a worse one). */
  acceptBetterOdds: boolean;
  /** The sportsbook's rules (null until read; the server checks them anyway). */
  rules: SlipRules | null;
  /** Why the last pick was refused (a message id), while the member reads it. */
  notice: string | null;
  /** The member said yes to the changed prices: the next send asks no more. */
  agreed: boolean;
  /** The slip being sent (the tail's request), and what its check found wrong with it. */
  request: SlipRequest | null;
  problem: string | null;
  kept: KeptKey | null;
  placed: BetAnswer['bet'] | null;
}

export type BetSlipEvent =
  | { type: 'slip.round'; roundId: number | null }
  | { type: 'slip.rules'; rules: SlipRules }
  | { type: 'slip.pick'; leg: SlipLeg }
  | { type: 'slip.prices'; prices: readonly LegPrice[] }
  | { type: 'slip.stake'; stake: number }
  /** A preset: adds `amount`, up to `max` (the level maximum). */
  | { type: 'slip.add'; amount: number; max: number }
  | { type: 'slip.acceptBetter'; on: boolean }
  | { type: 'slip.clear' }
  | { type: 'slip.submit'; open: boolean }
  | { type: 'slip.confirmPrices' }
  | { type: 'slip.dismiss' }
  | { type: 'slip.again' };

/** The first thing missing from a slip, as a message id, or null. */
export function slipProblem(slip: Pick<BetSlipContext, 'legs' | 'stake' | 'roundId'> & Partial<Pick<BetSlipContext, 'product' | 'rules'>>, open: boolean): string | null {
  if (slip.product === 'sport') {
    if (slip.legs.length === 0) return 'sport.slip.noPick';
    if (slip.legs.some((leg) => leg.sport?.stopped)) return 'api.B6102';
    if (slip.legs.length === 1 && slip.rules && slip.legs[0]!.oddsCents < slip.rules.minSingleOddsCents) return 'api.B6104';
    if (!Number.isSafeInteger(slip.stake) || slip.stake <= 0) return 'sport.slip.noAmount';
    return null;
  }
  if (slip.legs.length === 0) return 'mini.slip.noPick';
  if (!Number.isSafeInteger(slip.stake) || slip.stake <= 0) return 'mini.slip.noAmount';
  if (!open || slip.roundId === null) return 'api.B0202';
  return null;
}

/** The slip's odds in hundredths: the legs' odds multiplied, each step rounded down (1.00 with no leg). */
export function slipOddsCents(legs: readonly SlipLeg[]): number {
  return legs.reduce((odds, leg) => Math.floor((odds * leg.oddsCents) / 100), 100);
}

/** A sports slip's figures: the legs' odds, the folder bonus, the total (capped by the rules) and the payout (capped by the level). */
export function sportSlipFigures(legs: readonly SlipLeg[], stake: number, rules: SlipRules | null, maxPayout: number | null) {
  const oddsCents = slipOddsCents(legs);
  const bonusCents = rules && legs.length > 0 ? folderBonusCents(rules, legs.map((leg) => leg.oddsCents)) : 100;
  const boosted = Math.floor((oddsCents * bonusCents) / 100);
  const totalOddsCents = rules ? Math.min(boosted, rules.maxTotalOddsCents) : boosted;
  const uncapped = legs.length > 0 && stake > 0 ? Math.floor((stake * totalOddsCents) / 100) : 0;
  const payout = maxPayout !== null && maxPayout > 0 ? Math.min(uncapped, maxPayout) : uncapped;
  return { oddsCents, bonusCents, totalOddsCents, payout, capped: payout < uncapped };
}

const sameLeg = (a: SlipLeg, b: SlipLeg) => a.market === b.market && a.selection === b.selection;

/** The legs after picking `leg`: off when on the slip, else in its market's place, the oldest leaving past `maxLegs`. */
export function pickLeg(legs: readonly SlipLeg[], leg: SlipLeg, maxLegs: number): SlipLeg[] {
  if (legs.some((on) => sameLeg(on, leg))) return legs.filter((on) => !sameLeg(on, leg));
  return [...legs.filter((on) => on.market !== leg.market), leg].slice(-maxLegs);
}

/** Whether the sport's rules keep these two kinds of market of one fixture apart. */
export function forbiddenTogether(rules: SlipRules, sport: Sport, a: MarketKind, b: MarketKind): boolean {
  return (rules.sameFixtureForbidden[sport] ?? []).some(([one, other]) =>
    (one.includes(a) && other.includes(b)) || (one.includes(b) && other.includes(a)));
}

/**
 * Why a sports slip cannot take `leg` (a message id), or null; a mini slip takes every pick. Taking a leg
 * off, or another selection of a market on the slip, is always allowed.
 */
export function pickRefusal(slip: Pick<BetSlipContext, 'product' | 'legs' | 'maxLegs' | 'rules'>, leg: SlipLeg): string | null {
  if (slip.product !== 'sport' || !leg.sport) return null;
  if (slip.legs.some((on) => sameLeg(on, leg))) return null;
  const others = slip.legs.filter((on) => on.market !== leg.market);
  if (leg.sport.stopped) return 'api.B6102';
  if (others.length > 0 && (leg.sport.live || others.some((on) => on.sport?.live))) return 'api.B6107';
  if (others.length >= slip.maxLegs) return 'api.B6105';
  const { rules } = slip;
  const facts = leg.sport;
  if (rules && others.some((on) => on.sport?.fixtureId === facts.fixtureId && forbiddenTogether(rules, facts.sport, on.sport.kind, facts.kind))) {
    return 'sport.slip.sameFixture';
  }
  return null;
}

/** The legs with the prices now (from the feed or a refusal): each moved price marked up or down, a stopped market marked. */
export function repriceLegs(legs: readonly SlipLeg[], prices: readonly LegPrice[]): SlipLeg[] {
  const bySelection = new Map(prices.map((price) => [price.selectionId, price]));
  return legs.map((leg) => {
    const price = bySelection.get(leg.selection);
    if (!leg.sport || !price) return leg;
    const moved = price.oddsCents > leg.oddsCents ? 'up' : price.oddsCents < leg.oddsCents ? 'down' : leg.sport.moved;
    return { ...leg, oddsCents: price.oddsCents, sport: { ...leg.sport, version: price.version, stopped: price.status !== 'open', moved } };
  });
}

/** The legs' current prices a PRICE_CHANGED refusal carries (what the server sent; anything else reads as none). */
export function refusedPrices(data: unknown): LegPrice[] {
  const legs = typeof data === 'object' && data !== null && 'legs' in data ? (data as { legs: unknown }).legs : data;
  if (!Array.isArray(legs)) return [];
  return legs.filter((leg): leg is LegPrice => typeof leg === 'object' && leg !== null
    && typeof (leg as LegPrice).selectionId === 'string' && Number.isSafeInteger((leg as LegPrice).oddsCents)
    && Number.isSafeInteger((leg as LegPrice).version) && typeof (leg as LegPrice).status === 'string');
}

/** A sports slip whose call the server holds (a live bet waits a few seconds before it is taken): "접수 중". */
export function slipHeld(snapshot: { context: BetSlipContext; matches(state: 'sending'): boolean }, tailPhase: string | null): boolean {
  return snapshot.matches('sending') && tailPhase === 'sending' && snapshot.context.legs.some((leg) => leg.sport?.live);
}

function requestOf(context: BetSlipContext): SlipRequest | null {
  if (context.product === 'sport') {
    return {
      game: 'sport',
      legs: context.legs.map((leg) => ({ selectionId: leg.selection, oddsCents: leg.oddsCents, version: leg.sport?.version ?? 0 })),
      stake: context.stake,
      acceptBetterOdds: context.acceptBetterOdds,
    };
  }
  return context.roundId === null || context.game === null ? null : { game: context.game, roundId: context.roundId, legs: context.legs, stake: context.stake };
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
    setRules: assign(({ context }, params: { rules: SlipRules }) => ({ rules: params.rules, maxLegs: context.product === 'sport' ? params.rules.maxLegs : context.maxLegs })),
    pick: assign(({ context }, params: { leg: SlipLeg }) => ({ legs: pickLeg(context.legs, params.leg, context.maxLegs), notice: null })),
    refusePick: assign(({ context }, params: { leg: SlipLeg }) => ({ notice: pickRefusal(context, params.leg) })),
    dismissNotice: assign({ notice: null }),
    reprice: assign(({ context }, params: { prices: readonly LegPrice[] }) => ({ legs: repriceLegs(context.legs, params.prices) })),
    setStake: assign((_, params: { stake: number }) => ({ stake: clampStake(params.stake) })),
    addStake: assign(({ context }, params: { amount: number; max: number }) => ({
      stake: clampStake(params.max > 0 ? Math.min(context.stake + params.amount, params.max) : context.stake + params.amount),
    })),
    setAcceptBetter: assign((_, params: { on: boolean }) => ({ acceptBetterOdds: params.on })),
    clear: assign({ legs: [], stake: 0 }),
    takeRequest: assign(({ context }, params: { open: boolean; agreed: boolean }) => ({
      request: requestOf(context),
      problem: slipProblem(context, params.open),
      agreed: params.agreed,
    })),
    takeOutcome: assign((_, output: SendTailOutput) => ({ kept: output.kept })),
    takeRefusedPrices: assign(({ context }, output: SendTailOutput) => ({ legs: repriceLegs(context.legs, refusedPrices(output.data)) })),
    keepPlaced: assign((_, answer: BetAnswer) => ({ placed: answer.bet, legs: [], request: null })),
  },
  guards: {
    isAnswered: (_, output: SendTailOutput) => output.outcome === 'answered',
    pricesChanged: (_, output: SendTailOutput) => output.outcome === 'refused' && output.code === PRICE_CHANGED,
    pickRefused: ({ context }, params: { leg: SlipLeg }) => pickRefusal(context, params.leg) !== null,
  },
}).createMachine({
  id: 'betSlip',
  context: ({ input }) => ({
    product: input.product ?? 'mini',
    game: input.product === 'sport' ? null : input.game,
    maxLegs: input.maxLegs ?? 1,
    roundId: null,
    legs: [],
    stake: 0,
    acceptBetterOdds: false,
    rules: input.product === 'sport' ? input.rules ?? null : null,
    notice: null,
    agreed: false,
    request: null,
    problem: null,
    kept: null,
    placed: null,
  }),
  on: {
    'slip.round': { actions: { type: 'setRound', params: ({ event }) => ({ roundId: event.roundId }) } },
    'slip.rules': { actions: { type: 'setRules', params: ({ event }) => ({ rules: event.rules }) } },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'slip.pick': [
          { guard: { type: 'pickRefused', params: ({ event }) => ({ leg: event.leg }) }, target: 'pickRefused', actions: { type: 'refusePick', params: ({ event }) => ({ leg: event.leg }) } },
          { actions: { type: 'pick', params: ({ event }) => ({ leg: event.leg }) } },
        ],
        'slip.prices': { actions: { type: 'reprice', params: ({ event }) => ({ prices: event.prices }) } },
        'slip.stake': { actions: { type: 'setStake', params: ({ event }) => ({ stake: event.stake }) } },
        'slip.add': { actions: { type: 'addStake', params: ({ event }) => ({ amount: event.amount, max: event.max }) } },
        'slip.acceptBetter': { actions: { type: 'setAcceptBetter', params: ({ event }) => ({ on: event.on }) } },
        'slip.clear': { actions: 'clear' },
        'slip.submit': { target: 'sending', actions: { type: 'takeRequest', params: ({ event }) => ({ open: event.open, agreed: false }) } },
      },
    },
    /** A pick the rules refuse: the member reads why (`notice`), the slip unchanged. */
    pickRefused: {
      on: { 'slip.dismiss': { target: 'editing', actions: 'dismissNotice' } },
    },
    sending: {
      invoke: {
        id: SEND_TAIL,
        src: SEND_TAIL,
        input: ({ context }) => ({
          request: context.request, kept: context.kept, problem: context.problem, confirm: !context.agreed,
          ...(context.product === 'sport' && { handBack: [PRICE_CHANGED] }),
        }),
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
          {
            guard: { type: 'pricesChanged', params: ({ event }) => event.output },
            target: 'repriced',
            actions: [
              { type: 'takeOutcome', params: ({ event }) => event.output },
              { type: 'takeRefusedPrices', params: ({ event }) => event.output },
            ],
          },
          { target: 'editing', actions: { type: 'takeOutcome', params: ({ event }) => event.output } },
        ],
      },
    },
    /** The prices changed ("배당이 …으로 변경되었습니다"): the legs show the server's; the member takes them or goes back to the slip. */
    repriced: {
      on: {
        'slip.prices': { actions: { type: 'reprice', params: ({ event }) => ({ prices: event.prices }) } },
        'slip.confirmPrices': { target: 'sending', actions: { type: 'takeRequest', params: { open: true, agreed: true } } },
        'slip.dismiss': { target: 'editing' },
      },
    },
    placed: {
      on: { 'slip.again': { target: 'editing' } },
    },
  },
});

export type BetSlipLogic = typeof betSlipMachine;
export type BetSlipSnapshot = SnapshotFrom<BetSlipLogic>;
