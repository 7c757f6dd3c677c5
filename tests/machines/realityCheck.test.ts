import { describe, expect, it } from 'vitest';
import { startRealityCheck, SUMMARY } from './realityCheck.fixtures';
import { flush } from './support';

const MINUTE = 60_000;

describe('realityCheckMachine', () => {
  it('stays off at 0 minutes, however long the member plays', () => {
    const { actor, clock, fetchSummary } = startRealityCheck(0);
    clock.increment(24 * 60 * MINUTE);
    expect(actor.getSnapshot().value).toBe('off');
    expect(fetchSummary.runs).toHaveLength(0);
  });

  it('shows the reminder with the facts after exactly the interval, and again one interval after "keep playing"', async () => {
    const { actor, clock, fetchSummary } = startRealityCheck(15);
    clock.increment(15 * MINUTE - 1);
    expect(actor.getSnapshot().value).toBe('counting');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('fetching');
    fetchSummary.current().resolve(SUMMARY);
    await flush();
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.summary).toEqual(SUMMARY);
    expect(actor.getSnapshot().context.played).toBe(15);
    actor.send({ type: 'reality.keep' });
    clock.increment(15 * MINUTE - 1);
    expect(actor.getSnapshot().value).toBe('counting');
    clock.increment(1);
    expect(fetchSummary.runs).toHaveLength(2);
    expect(actor.getSnapshot().context.played).toBe(30);
  });

  it('shows the reminder without facts when they cannot be read', async () => {
    const { actor, clock, fetchSummary } = startRealityCheck(30);
    clock.increment(30 * MINUTE);
    fetchSummary.current().reject(new TypeError('Failed to fetch'));
    await flush();
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.summary).toBeNull();
  });

  it('"stop" stops play; a failure shows the reminder again with its message', async () => {
    const { actor, clock, fetchSummary, stopPlay } = startRealityCheck(60);
    clock.increment(60 * MINUTE);
    fetchSummary.current().resolve(SUMMARY);
    await flush();
    actor.send({ type: 'reality.stop' });
    expect(actor.getSnapshot().value).toBe('stopping');
    stopPlay.current().reject(Object.assign(new Error('refused'), { code: 'C009' }));
    await flush();
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.failure).toMatch(/^api\.|^front\./);
    actor.send({ type: 'reality.stop' });
    stopPlay.current().resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toBe('counting');
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('a changed interval starts the count again, and 0 turns it off', () => {
    const { actor, clock } = startRealityCheck(15);
    clock.increment(10 * MINUTE);
    actor.send({ type: 'reality.configure', minutes: 30 });
    clock.increment(20 * MINUTE);
    expect(actor.getSnapshot().value).toBe('counting');
    clock.increment(10 * MINUTE);
    expect(actor.getSnapshot().value).toBe('fetching');
    actor.send({ type: 'reality.configure', minutes: 0 });
    expect(actor.getSnapshot().value).toBe('fetching');
  });
});
