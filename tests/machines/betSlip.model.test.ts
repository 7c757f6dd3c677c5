/** Model-based test of the bet slip (its tail stood in by a promise of the tail's output): every state and transition on a live actor. */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { betSlipMachine } from '../../machines/betSlip';
import { ODD, PLACED, startBetSlipOverTail } from './betSlip.fixtures';
import { outputOf } from './sendTail.fixtures';
import { replayModel } from './support';

const events: AnyEventObject[] = [
  { type: 'slip.round', roundId: 3 },
  { type: 'slip.pick', leg: ODD },
  { type: 'slip.stake', stake: 10_000 },
  { type: 'slip.add', amount: 50_000, max: 1_000_000 },
  { type: 'slip.clear' },
  { type: 'slip.submit', open: true },
  { type: 'slip.submit', open: false },
  { type: 'slip.again' },
  ...(['answered', 'cancelled', 'refused', 'unanswered'] as const).map((outcome) => ({
    type: 'xstate.done.actor.tail',
    output: outputOf(outcome, outcome === 'answered' ? PLACED : null),
  })),
];

type Snapshot = SnapshotFrom<typeof betSlipMachine>;
const guarded = ({ context }: Snapshot) => ({ legs: context.legs.length, stake: context.stake > 0, round: context.roundId !== null });

describe('betSlipMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    const paths = await replayModel(betSlipMachine, {
      events,
      input: { game: 'powerball' },
      guardedContext: guarded,
      harness: (coverage) => {
        const started = startBetSlipOverTail(coverage.inspect);
        return { actor: started.actor, promises: { tail: started.tail } };
      },
    });
    expect(paths.some((path) => path.steps.some((step) => step.state.matches('placed')))).toBe(true);
    // A slip sent with a problem (nothing to bet on) still goes through the tail, which refuses it.
    expect(paths.some((path) => path.state.matches('sending') && path.state.context.problem !== null)).toBe(true);
  });
});
