/**
 * Model-based test of the reality check: the invocations and the interval as model events, the shortest
 * paths replayed on a live actor (the interval passing on its simulated clock), every state and transition
 * covered, for the interval off and on.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { realityCheckMachine } from '../../machines/realityCheck';
import { startRealityCheck, SUMMARY } from './realityCheck.fixtures';
import { replayModel } from './support';

const modelEvents: AnyEventObject[] = [
  { type: 'reality.configure', minutes: 0 },
  { type: 'reality.configure', minutes: 30 },
  { type: 'reality.keep' },
  { type: 'reality.stop' },
  { type: 'xstate.done.actor.fetchSummary', output: SUMMARY },
  { type: 'xstate.error.actor.fetchSummary', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.stopPlay', output: null },
  { type: 'xstate.error.actor.stopPlay', error: new TypeError('Failed to fetch') },
];

describe('realityCheckMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    const paths = await replayModel(realityCheckMachine, {
      events: modelEvents,
      inputs: [{ minutes: 0 }, { minutes: 15 }],
      // The interval guard reads the minutes.
      guardedContext: ({ context }) => context.minutes,
      harness: (coverage, input) => {
        const check = startRealityCheck(input!.minutes, coverage.inspect);
        return { actor: check.actor, clock: check.clock, promises: { fetchSummary: check.fetchSummary, stopPlay: check.stopPlay } };
      },
    });
    // The reminder is reached only once the interval has passed.
    const toShowing = paths.filter((p) => p.state.value === 'showing');
    expect(toShowing.length).toBeGreaterThan(0);
    for (const path of toShowing) expect(path.steps.some((s) => s.event.type.startsWith('xstate.after.'))).toBe(true);
  });
});
