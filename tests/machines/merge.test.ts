import { describe, expect, it } from 'vitest';
import { MERGE_CLOSE_MS } from '../../contract/games';
import { MERGE_FAILED_ID, MERGE_IN_PROGRESS_ID, mergeFailureId } from '../../machines/merge';
import { startMerge } from './games.fixtures';
import { flush } from './support';

const tailState = (merge: ReturnType<typeof startMerge>) => merge.tail()?.getSnapshot().value;

describe('mergeMachine', () => {
  it('asks first, merges on confirmation, then closes itself after MERGE_CLOSE_MS', async () => {
    const merge = startMerge();
    expect(merge.actor.getSnapshot().value).toBe('ready');
    merge.actor.send({ type: 'merge.start' });
    expect(tailState(merge)).toBe('confirming');
    merge.tail()?.send({ type: 'send.confirm' });
    expect(merge.mergeGameMoney.current().input.request).toEqual({ variant: 'header' });
    merge.mergeGameMoney.current().resolve({ amount: 42_000 });
    await flush();
    expect(merge.actor.getSnapshot().value).toBe('complete');
    expect(merge.actor.getSnapshot().context.merged).toBe(42_000);
    expect(merge.effects).toEqual(['announceMerged']);
    merge.clock.increment(MERGE_CLOSE_MS - 1);
    expect(merge.actor.getSnapshot().status).toBe('active');
    merge.clock.increment(1);
    expect(merge.actor.getSnapshot().status).toBe('done');
    expect(merge.actor.getSnapshot().output).toEqual({ merged: true });
  });

  it('going back from the question merges nothing', () => {
    const merge = startMerge();
    merge.actor.send({ type: 'merge.start' });
    merge.tail()?.send({ type: 'send.cancel' });
    expect(merge.actor.getSnapshot().value).toBe('ready');
    merge.actor.send({ type: 'merge.close' });
    expect(merge.mergeGameMoney.runs).toHaveLength(0);
    expect(merge.actor.getSnapshot().output).toEqual({ merged: false });
  });

  it('C009 shows that a round is still in progress; any other code, or no answer, the customer-service message', async () => {
    for (const [error, failure] of [
      [{ code: 'C009', message: '' }, MERGE_IN_PROGRESS_ID],
      [{ code: '9999', message: '' }, MERGE_FAILED_ID],
      [new TypeError('Failed to fetch'), MERGE_FAILED_ID],
    ] as const) {
      const merge = startMerge();
      merge.actor.send({ type: 'merge.start' });
      merge.tail()?.send({ type: 'send.confirm' });
      merge.mergeGameMoney.current().reject(error);
      await flush();
      expect(['refused', 'unanswered']).toContain(tailState(merge));
      expect(mergeFailureId(merge.tail()!.getSnapshot().context.code)).toBe(failure);
      expect(merge.effects).toEqual([]);
    }
  });

  it('can be tried again after a failure (asked again), and a double confirmation merges once', async () => {
    const merge = startMerge();
    merge.actor.send({ type: 'merge.start' });
    merge.tail()?.send({ type: 'send.confirm' });
    merge.tail()?.send({ type: 'send.confirm' });
    expect(merge.mergeGameMoney.runs).toHaveLength(1);
    merge.mergeGameMoney.current().reject({ code: 'C009', message: '' });
    await flush();
    merge.tail()?.send({ type: 'send.dismiss' });
    expect(tailState(merge)).toBe('confirming');
    merge.tail()?.send({ type: 'send.confirm' });
    merge.mergeGameMoney.current().resolve({ amount: 0 });
    await flush();
    expect(merge.actor.getSnapshot().context.merged).toBe(0);
    merge.actor.send({ type: 'merge.close' });
    expect(merge.actor.getSnapshot().output).toEqual({ merged: true });
  });

  it('after no answer, trying again sends the same key (a merge that did happen is answered, never made twice)', async () => {
    const merge = startMerge();
    merge.actor.send({ type: 'merge.start' });
    merge.tail()?.send({ type: 'send.confirm' });
    merge.mergeGameMoney.current().reject(new TypeError('Failed to fetch'));
    await flush();
    merge.tail()?.send({ type: 'send.dismiss' });
    merge.tail()?.send({ type: 'send.confirm' });
    const [first, second] = merge.mergeGameMoney.runs.map((run) => run.input.idempotencyKey);
    expect(second).toBe(first);
  });

  it('closing after a failure ends the modal unmerged', async () => {
    const merge = startMerge();
    merge.actor.send({ type: 'merge.start' });
    merge.tail()?.send({ type: 'send.confirm' });
    merge.mergeGameMoney.current().reject({ code: 'C009', message: '' });
    await flush();
    merge.actor.send({ type: 'merge.close' });
    expect(merge.actor.getSnapshot().output).toEqual({ merged: false });
  });

  it('the partner variant asks for the partner merge', () => {
    const merge = startMerge({ variant: 'partner' });
    merge.actor.send({ type: 'merge.start' });
    merge.tail()?.send({ type: 'send.confirm' });
    expect(merge.mergeGameMoney.current().input.request).toEqual({ variant: 'partner' });
  });
});
