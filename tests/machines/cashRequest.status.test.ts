import { describe, expect, it } from 'vitest';
import { CASH_STATUS_STEPS, type CashStatus } from '../../contract/wallet';
import { isAllowedStep, reachableFrom, selectCanCancel } from '../../machines/walletStatus';
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

  it('knows the SPEC §4 steps and what they reach', () => {
    expect(ALL.flatMap((from) => ALL.filter((to) => isAllowedStep(from, to)).map((to) => [from, to]))).toEqual(CASH_STATUS_STEPS);
    expect(reachableFrom(0).sort()).toEqual([-1, 1, 2]);
    expect(reachableFrom(2).sort()).toEqual([-1, 1]);
    expect(reachableFrom(1)).toEqual([]);
    expect(reachableFrom(-1)).toEqual([]);
  });

  // Applied may become waiting, complete (through an unseen waiting) or cancelled; waiting complete or
  // cancelled; nothing goes back and processed requests never change.
  const moves: Array<[CashStatus, CashStatus, boolean]> = [
    [0, 2, true], [0, 1, true], [0, -1, true],
    [2, 1, true], [2, -1, true], [2, 0, false],
    [1, 0, false], [1, 2, false], [1, -1, false],
    [-1, 0, false], [-1, 2, false], [-1, 1, false],
  ];
  it.each(moves)('a shown %i becomes %i: %s', (from, to, moves) => {
    const { actor } = at(from);
    actor.send({ type: 'cash.statusChanged', request: cashRequestOf(to) });
    expect(actor.getSnapshot().context.request!.status).toBe(moves ? to : from);
  });

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
