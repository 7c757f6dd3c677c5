/**
 * Model-based tests of the confirmed money action and the cash status machines: the same approach as
 * session.model.test.ts (invokes modelled as done/error events, paths replayed on a live actor with
 * controllable fakes, state and transition coverage checked against the machine's own lists).
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { moneyActionMachine } from '../../machines/moneyAction';
import { cashStatusMachine } from '../../machines/cashStatus';
import { ACCEPTED, OFFLINE, REFUSED, cashRequestOf, checkTestDraft, startCashStatus, startMoneyAction } from './moneyAction.fixtures';
import { replayModel } from './support';

const actionEvents: AnyEventObject[] = [
  { type: 'money.submit', draft: { amount: 50_000 } },
  { type: 'money.submit', draft: { amount: 60_000 } },
  { type: 'money.submit', draft: { amount: null } },
  { type: 'money.confirm' },
  { type: 'money.cancel' },
  { type: 'money.retry' },
  { type: 'money.dismiss' },
  { type: 'money.again' },
  { type: 'xstate.done.actor.send', output: ACCEPTED },
  { type: 'xstate.error.actor.send', error: REFUSED },
  { type: 'xstate.error.actor.send', error: OFFLINE },
];

/** The draft and whether a key is kept for it (the key itself is random). */
type ActionSnapshot = SnapshotFrom<typeof moneyActionMachine>;
const actionGuarded = ({ context }: ActionSnapshot) => ({ draft: context.draft, keyedFor: context.keyed?.draft ?? null, errorId: context.errorId });

const statusEvents: AnyEventObject[] = ([0, 2, 1, -1] as const).flatMap((status) => [
  { type: 'cash.statusChanged', request: cashRequestOf(status) },
  { type: 'cash.statusPushed', requestId: 7, status },
]);

describe('moneyActionMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    const paths = await replayModel(moneyActionMachine, {
      events: actionEvents,
      input: { check: checkTestDraft },
      guardedContext: actionGuarded,
      harness: (coverage) => {
        const started = startMoneyAction({ check: checkTestDraft }, coverage.inspect);
        return { actor: started.actor, promises: { send: started.send } };
      },
    });
    for (const target of ['done', 'refused', 'unanswered'] as const) expect(paths.some((path) => path.steps.some((step) => step.state.matches(target))), target).toBe(true);
  });
});

describe('cashStatusMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    // The guards read the event only.
    await replayModel(cashStatusMachine, {
      events: statusEvents,
      harness: (coverage) => {
        const started = startCashStatus(coverage.inspect);
        return {
          actor: started.actor,
          promises: {},
          callbackFor: (event) => (event.type === 'cash.statusPushed' ? started.followRequest : undefined),
        };
      },
    });
  });
});
