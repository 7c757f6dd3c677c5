/**
 * Model-based tests of the confirmed-send tail (one model per kind of input: asks first, with a kept
 * key, a press, a problem; covered together) and of its plain owner (the tail stood in by a promise
 * of its output), replayed on live actors.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { sendOnceMachine } from '../../machines/sendOnce';
import { requestIdentity, sendTailMachine, type SendTailInput } from '../../machines/sendTail';
import { ACCEPTED, OFFLINE, REFUSED, checkTestRequest, outputOf, startSendOnceOverTail, startTail } from './sendTail.fixtures';
import { replayModel } from './support';

const tailEvents: AnyEventObject[] = [
  { type: 'send.confirm' },
  { type: 'send.cancel' },
  { type: 'send.retry' },
  { type: 'send.dismiss' },
  { type: 'xstate.done.actor.send', output: ACCEPTED },
  { type: 'xstate.error.actor.send', error: REFUSED },
  { type: 'xstate.error.actor.send', error: OFFLINE },
];

const REQUEST = { amount: 50_000 };
const tailInputs: SendTailInput[] = [
  { request: REQUEST, kept: null },
  { request: REQUEST, kept: { request: requestIdentity(REQUEST), key: 'kept-key-0000000000000000' } },
  { request: null, kept: null, confirm: false },
  { request: { amount: null }, kept: null, problem: 'api.C002' },
  // The owner answers the C102 refusal itself (as the bet slip answers changed prices).
  { request: REQUEST, kept: null, handBack: ['C102'] },
];

/** Which request a key is kept for (the key itself is random), and the message shown. */
type TailSnapshot = SnapshotFrom<typeof sendTailMachine>;
const tailGuarded = ({ context }: TailSnapshot) => ({ keptFor: context.kept?.request ?? null, errorId: context.errorId, outcome: context.outcome, data: context.data });

const ownerEvents: AnyEventObject[] = [
  { type: 'send.submit', request: { amount: 50_000 } },
  { type: 'send.submit', request: { amount: 60_000 } },
  { type: 'send.again' },
  ...(['answered', 'cancelled', 'refused', 'unanswered'] as const).map((outcome) => ({
    type: 'xstate.done.actor.tail',
    output: outputOf(outcome, outcome === 'answered' ? ACCEPTED : null),
  })),
];
type OwnerSnapshot = SnapshotFrom<typeof sendOnceMachine>;
const ownerGuarded = ({ context }: OwnerSnapshot) => ({ request: context.request, keptFor: context.kept?.request ?? null });

describe('sendTailMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor, for every kind of input', async () => {
    const paths = await replayModel(sendTailMachine, {
      events: tailEvents,
      inputs: tailInputs,
      guardedContext: tailGuarded,
      harness: (coverage, input) => {
        const started = startTail(input!, coverage.inspect);
        return { actor: started.actor, promises: { send: started.send } };
      },
    });
    for (const outcome of ['answered', 'cancelled', 'refused', 'unanswered'] as const) {
      expect(paths.some((path) => path.state.status === 'done' && path.state.output?.outcome === outcome), outcome).toBe(true);
    }
    // No path sends a key other than the kept one for the request it was kept for.
    const reused = paths.filter((path) => path.state.context.kept?.key === 'kept-key-0000000000000000');
    expect(reused.length).toBeGreaterThan(0);
    // A handed-back refusal ends at once with its data; any other refusal waits for the member to read it.
    expect(paths.some((path) => path.state.status === 'done' && path.state.output?.outcome === 'refused' && path.state.output.data !== null)).toBe(true);
  });
});

describe('sendOnceMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    const paths = await replayModel(sendOnceMachine, {
      events: ownerEvents,
      input: { check: checkTestRequest },
      guardedContext: ownerGuarded,
      harness: (coverage) => {
        const started = startSendOnceOverTail({ check: checkTestRequest }, coverage.inspect);
        return { actor: started.actor, promises: { tail: started.tail } };
      },
    });
    expect(paths.some((path) => path.state.matches('done'))).toBe(true);
    // After no answer the kept key goes to the next send; after any answer none does.
    expect(paths.some((path) => path.state.matches('idle') && path.state.context.kept !== null)).toBe(true);
  });
});
