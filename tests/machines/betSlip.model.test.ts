/** Model-based test of the bet slip: every state and transition visited on a live actor. */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { betSlipMachine } from '../../machines/betSlip';
import { CLOSED, ODD, OFFLINE, PLACED, startBetSlip } from './betSlip.fixtures';
import { replayModel } from './support';

const events: AnyEventObject[] = [
  { type: 'slip.round', roundId: 3 },
  { type: 'slip.pick', pick: ODD },
  { type: 'slip.amount', amount: 10_000 },
  { type: 'slip.add', amount: 50_000, max: 1_000_000 },
  { type: 'slip.clear' },
  { type: 'slip.submit', open: true },
  { type: 'slip.submit', open: false },
  { type: 'slip.confirm' },
  { type: 'slip.cancel' },
  { type: 'slip.retry' },
  { type: 'slip.dismiss' },
  { type: 'slip.again' },
  { type: 'xstate.done.actor.send', output: PLACED },
  { type: 'xstate.error.actor.send', error: CLOSED },
  { type: 'xstate.error.actor.send', error: OFFLINE },
];

type Snapshot = SnapshotFrom<typeof betSlipMachine>;
const guarded = ({ context }: Snapshot) => ({ pick: context.pick !== null, amount: context.amount > 0, round: context.roundId !== null, keyed: context.key !== null });

describe('betSlipMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    const paths = await replayModel(betSlipMachine, {
      events,
      input: { game: 'powerball' },
      guardedContext: guarded,
      harness: (coverage) => {
        const started = startBetSlip(coverage.inspect);
        return { actor: started.actor, promises: { send: started.send } };
      },
    });
    for (const target of ['placed', 'refused', 'unanswered'] as const) expect(paths.some((path) => path.steps.some((step) => step.state.matches(target))), target).toBe(true);
  });
});
