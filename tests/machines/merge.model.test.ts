/** Model-based test of the merge modal (its tail stood in by a promise of the tail's output): every state and transition, replayed on a live actor. */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { mergeMachine } from '../../machines/merge';
import { startMergeOverTail } from './games.fixtures';
import { outputOf } from './sendTail.fixtures';
import { replayModel } from './support';

const modelEvents: AnyEventObject[] = [
  { type: 'merge.start' },
  { type: 'merge.close' },
  ...(['answered', 'cancelled', 'refused', 'unanswered'] as const).map((outcome) => ({
    type: 'xstate.done.actor.tail',
    output: outputOf(outcome, outcome === 'answered' ? { amount: 5_000 } : null),
  })),
  { type: 'xstate.after.closeAfterComplete.merge.complete' },
];

describe('mergeMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    const paths = await replayModel(mergeMachine, {
      events: modelEvents,
      input: { variant: 'cash' },
      harness: (coverage) => {
        const merge = startMergeOverTail({ variant: 'cash' }, coverage.inspect);
        return { actor: merge.actor, promises: { tail: merge.tail }, clock: merge.clock };
      },
    });
    expect(paths.some((path) => path.state.value === 'done')).toBe(true);
    expect(paths.some((path) => path.state.value === 'closed')).toBe(true);
  });
});
