import { describe, expect, it } from 'vitest';
import { CASH_STATUS_STEPS, type CashStatus } from '../../contract/wallet';
import { isAllowedStep, selectCanCancel } from '../../machines/walletStatus';
import { cashRequestOf, OFFLINE, startCashStatus } from './cashRequest.fixtures';
import { flush } from './support';

const ALL: CashStatus[] = [0, 2, 1, -1];

function at(status: CashStatus) {
  const started = startCashStatus();
  started.actor.send({ type: 'cash.statusChanged', request: cashRequestOf(status) });
  return started;
}

describe('cashStatusMachine', () => {
  it('starts where the first answer says the request is', () => {
    expect(at(0).actor.getSnapshot().value).toEqual({ applied: 'idle' });
    expect(at(2).actor.getSnapshot().value).toBe('waiting');
    expect(at(1).actor.getSnapshot().value).toBe('complete');
    expect(at(-1).actor.getSnapshot().value).toBe('cancelled');
  });

  it.each(ALL.flatMap((from) => ALL.filter((to) => to !== from).map((to) => [from, to] as const)))(
    'moves %i -> %i only when SPEC §4 allows it',
    (from, to) => {
      const { actor } = at(from);
      actor.send({ type: 'cash.statusChanged', request: cashRequestOf(to) });
      const allowed = CASH_STATUS_STEPS.some(([a, b]) => a === from && b === to);
      expect(isAllowedStep(from, to)).toBe(allowed);
      expect(actor.getSnapshot().context.request!.status).toBe(allowed ? to : from);
    },
  );

  it('a complete or cancelled request never changes again', () => {
    const { actor } = at(1);
    actor.send({ type: 'cash.statusChanged', request: cashRequestOf(-1) });
    expect(actor.getSnapshot().context.request!.status).toBe(1);
  });

  it('cancels an applied request after confirmation, with one call even on double click', async () => {
    const started = at(0);
    expect(selectCanCancel(started.actor.getSnapshot())).toBe(true);
    started.actor.send({ type: 'cash.cancel' });
    expect(started.cancelRequest.runs).toHaveLength(0);
    started.actor.send({ type: 'cash.confirm' });
    started.actor.send({ type: 'cash.confirm' });
    started.actor.send({ type: 'cash.cancel' });
    expect(started.cancelRequest.runs.map((run) => run.input)).toEqual([{ requestId: 7 }]);
    expect(selectCanCancel(started.actor.getSnapshot())).toBe(false);
    const answer = { request: cashRequestOf(-1), balances: { cashAmt: 100, pointAmt: 5 } };
    started.cancelRequest.current().resolve(answer);
    await flush();
    expect(started.actor.getSnapshot().value).toBe('cancelled');
    expect(started.cancelled).toEqual([answer]);
  });

  it('a waiting request cannot be cancelled by the member', () => {
    const started = at(2);
    started.actor.send({ type: 'cash.cancel' });
    started.actor.send({ type: 'cash.confirm' });
    expect(started.cancelRequest.runs).toHaveLength(0);
    expect(selectCanCancel(started.actor.getSnapshot())).toBe(false);
  });

  it('a refused cancel keeps the request applied and shows the code', async () => {
    const started = at(0);
    started.actor.send({ type: 'cash.cancel' });
    started.actor.send({ type: 'cash.confirm' });
    started.cancelRequest.current().reject({ code: 'C501', message: '' });
    await flush();
    expect(started.actor.getSnapshot().value).toEqual({ applied: 'idle' });
    expect(started.actor.getSnapshot().context.errorId).toBe('api.C501');
    started.actor.send({ type: 'cash.dismiss' });
    expect(started.actor.getSnapshot().context.errorId).toBeNull();
  });

  it('no answer to a cancel says so', async () => {
    const started = at(0);
    started.actor.send({ type: 'cash.cancel' });
    started.actor.send({ type: 'cash.confirm' });
    started.cancelRequest.current().reject(OFFLINE);
    await flush();
    expect(started.actor.getSnapshot().context.errorId).toBe('front.error.network');
  });
});
