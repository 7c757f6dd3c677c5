/**
 * Model-based tests of the cash request form and the cash status machines: the same approach as
 * session.model.test.ts (invokes modelled as done/error events, paths replayed on a live actor with
 * controllable fakes, state and transition coverage checked against the machine's own lists).
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { cashRequestMachine, draftFrom, type CashRequestEvent } from '../../machines/cashRequest';
import { cashStatusMachine, type CashStatusEvent } from '../../machines/walletStatus';
import { ACCEPTED, OFFLINE, REFUSED, cashRequestOf, startCashRequest, startCashStatus } from './cashRequest.fixtures';
import { driveModelPaths, invocationsAsEvents, modelTraversal } from './support';

const requestEvents: AnyEventObject[] = [
  { type: 'cash.change', field: 'amount', value: '50000' },
  { type: 'cash.change', field: 'amount', value: 'abc' },
  { type: 'cash.add', amount: 10_000 },
  { type: 'cash.clear' },
  { type: 'cash.bonus', bonusYn: 'N' },
  { type: 'cash.price', priceKrw: 1_450 },
  { type: 'cash.submit' },
  { type: 'cash.confirm' },
  { type: 'cash.cancel' },
  { type: 'cash.retry' },
  { type: 'cash.dismiss' },
  { type: 'cash.again' },
  { type: 'xstate.done.actor.submitRequest', output: ACCEPTED },
  { type: 'xstate.error.actor.submitRequest', error: REFUSED },
  { type: 'xstate.error.actor.submitRequest', error: OFFLINE },
];

/** The guards read whether the form makes a draft, and whether a draft and its kept key exist. */
type RequestSnapshot = SnapshotFrom<typeof cashRequestMachine>;
const requestGuarded = ({ context }: RequestSnapshot) => ({
  valid: draftFrom(context.cashType, context.form, context.priceKrw).draft !== null,
  draft: context.draft !== null,
  pending: context.pending !== null,
});

const statusEvents: AnyEventObject[] = [
  ...([0, 2, 1, -1] as const).map((status) => ({ type: 'cash.statusChanged', request: cashRequestOf(status) })),
  { type: 'cash.cancel' },
  { type: 'cash.confirm' },
  { type: 'cash.back' },
  { type: 'cash.dismiss' },
  { type: 'xstate.done.actor.cancelRequest', output: { request: cashRequestOf(-1), balances: { cashAmt: 0, pointAmt: 0 } } },
  { type: 'xstate.error.actor.cancelRequest', error: { code: 'C501', message: '' } },
];

describe('cashRequestMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    const model = createTestModel(invocationsAsEvents(cashRequestMachine), {
      events: requestEvents as CashRequestEvent[],
      input: { cashType: 'in' },
      ...modelTraversal(requestGuarded),
    });
    const paths = model.getShortestPaths();
    const coverage = await driveModelPaths(cashRequestMachine, paths, (coverage) => {
      const started = startCashRequest('in', coverage.inspect);
      return { actor: started.actor, promises: { submitRequest: started.submitRequest } };
    }, requestGuarded);
    expect(paths.some((path) => path.state.matches('done'))).toBe(true);
    coverage.expectComplete(cashRequestMachine);
  });
});

describe('cashStatusMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    const model = createTestModel(invocationsAsEvents(cashStatusMachine), {
      events: statusEvents as CashStatusEvent[],
      // The guards read the event only.
      ...modelTraversal(() => null),
    });
    const coverage = await driveModelPaths(cashStatusMachine, model.getShortestPaths(), (coverage) => {
      const started = startCashStatus(coverage.inspect);
      return { actor: started.actor, promises: { cancelRequest: started.cancelRequest } };
    });
    coverage.expectComplete(cashStatusMachine);
  });
});
