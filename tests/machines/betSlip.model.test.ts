/**
 * Model-based test of the bet slip (its tail stood in by a promise of the tail's output), for both products
 * (a mini game's one-leg slip, the sportsbook's slip): every state and transition on a live actor.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { betSlipMachine, PRICE_CHANGED } from '../../machines/betSlip';
import type { SendTailOutput } from '../../machines/sendTail';
import { BB_HOME, BB_OVER, ODD, PLACED, PRICES_MOVED, SPORT_INPUT, SPORT_PLACED, startBetSlipOverTail, startSportSlipOverTail } from './betSlip.fixtures';
import { outputOf } from './sendTail.fixtures';
import { replayModel } from './support';

const tailOutcomes = (placed: unknown) => (['answered', 'cancelled', 'refused', 'unanswered'] as const).map((outcome) => ({
  type: 'xstate.done.actor.tail',
  output: outputOf(outcome, outcome === 'answered' ? placed : null),
}));

const miniEvents: AnyEventObject[] = [
  { type: 'slip.round', roundId: 3 },
  { type: 'slip.pick', leg: ODD },
  { type: 'slip.stake', stake: 10_000 },
  { type: 'slip.add', amount: 50_000, max: 1_000_000 },
  { type: 'slip.clear' },
  { type: 'slip.submit', open: true },
  { type: 'slip.submit', open: false },
  { type: 'slip.again' },
  ...tailOutcomes(PLACED),
];

const repriced: SendTailOutput = { outcome: 'refused', answer: null, code: PRICE_CHANGED, kept: null, data: PRICES_MOVED.data };
const sportEvents: AnyEventObject[] = [
  { type: 'slip.rules', rules: SPORT_INPUT.product === 'sport' ? SPORT_INPUT.rules : null },
  { type: 'slip.pick', leg: BB_HOME },
  // With BB_HOME on the slip the default rules refuse the same fixture's total.
  { type: 'slip.pick', leg: BB_OVER },
  { type: 'slip.prices', prices: [{ selectionId: BB_HOME.selection, oddsCents: 190, version: 4, status: 'open' }] },
  { type: 'slip.stake', stake: 10_000 },
  { type: 'slip.acceptBetter', on: true },
  { type: 'slip.submit', open: true },
  { type: 'slip.confirmPrices' },
  { type: 'slip.dismiss' },
  { type: 'slip.again' },
  ...tailOutcomes(SPORT_PLACED),
  { type: 'xstate.done.actor.tail', output: repriced },
];

type Snapshot = SnapshotFrom<typeof betSlipMachine>;
const guarded = ({ context }: Snapshot) => ({
  legs: context.legs.map((leg) => leg.selection), stake: context.stake > 0, round: context.roundId !== null, rules: context.rules !== null,
});

describe('betSlipMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor, for a mini slip and a sports slip', async () => {
    const paths = await replayModel(betSlipMachine, {
      inputs: [{ game: 'powerball' }, SPORT_INPUT],
      events: [...miniEvents, ...sportEvents],
      guardedContext: guarded,
      harness: (coverage, input) => {
        const started = input?.product === 'sport' ? startSportSlipOverTail(coverage.inspect) : startBetSlipOverTail(coverage.inspect);
        return { actor: started.actor, promises: { tail: started.tail } };
      },
    });
    expect(paths.some((path) => path.steps.some((step) => step.state.matches('placed')))).toBe(true);
    // A slip sent with a problem (nothing to bet on) still goes through the tail, which refuses it.
    expect(paths.some((path) => path.state.matches('sending') && path.state.context.problem !== null)).toBe(true);
    // Changed prices are asked about, and a yes sends without asking again.
    expect(paths.some((path) => path.state.matches('sending') && path.state.context.agreed)).toBe(true);
    expect(paths.some((path) => path.state.matches('pickRefused') && path.state.context.notice === 'sport.slip.sameFixture')).toBe(true);
  }, 20_000); // two models' walks: on a shared 2-core machine it can pass the default 5 s
});
