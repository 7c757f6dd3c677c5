/**
 * Model-based test of the cash status machine (the money actions' sender is sendTail.model.test.ts's):
 * the same approach as session.model.test.ts (invokes modelled as done/error events, paths replayed on
 * a live actor with controllable fakes, state and transition coverage checked against the machine's
 * own lists).
 */
import { describe, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { cashStatusMachine } from '../../machines/cashStatus';
import { cashRequestOf, startCashStatus } from './moneyAction.fixtures';
import { replayModel } from './support';

const statusEvents: AnyEventObject[] = ([0, 2, 1, -1] as const).flatMap((status) => [
  { type: 'cash.statusChanged', request: cashRequestOf(status) },
  { type: 'cash.statusPushed', requestId: 7, status },
]);

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
