/** Model-based test of the merge modal: every state and transition, replayed on a live actor. */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { mergeMachine } from '../../machines/merge';
import { startMerge } from './games.fixtures';
import { replayModel } from './support';

const modelEvents: AnyEventObject[] = [
  { type: 'merge.start' },
  { type: 'merge.confirm' },
  { type: 'merge.cancel' },
  { type: 'merge.close' },
  { type: 'xstate.done.actor.mergeGameMoney', output: { amount: 5_000 } },
  { type: 'xstate.error.actor.mergeGameMoney', error: { code: 'C009', message: '' } },
  { type: 'xstate.after.closeAfterComplete.merge.complete' },
];

describe('mergeMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    const paths = await replayModel(mergeMachine, {
      events: modelEvents,
      input: { variant: 'cash' },
      harness: (coverage) => {
        const merge = startMerge({ variant: 'cash' }, coverage.inspect);
        return { actor: merge.actor, promises: { mergeGameMoney: merge.mergeGameMoney }, clock: merge.clock };
      },
    });
    expect(paths.some((path) => path.state.value === 'done')).toBe(true);
    expect(paths.some((path) => path.state.value === 'closed')).toBe(true);
  });
});
