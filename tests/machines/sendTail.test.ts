/**
 * The confirmed-send tail and its plain owner (the money actions, the presses, the forms): the question,
 * one send however often the member clicks, the answers, and the one key rule.
 */
import { describe, expect, it } from 'vitest';
import { failureMessageId } from '../../machines/errors';
import { requestIdentity } from '../../machines/sendTail';
import { ACCEPTED, OFFLINE, REFUSED, startSendOnce, startTail } from './sendTail.fixtures';
import { flush } from './support';

type Started = ReturnType<typeof startSendOnce>;
const state = ({ actor }: Started) => actor.getSnapshot().value;
const tailState = (started: Started) => started.tail()?.getSnapshot().value;

function submitConfirmed(started: Started, amount: number | null = 50_000) {
  started.actor.send({ type: 'send.submit', request: { amount } });
  started.tail()?.send({ type: 'send.confirm' });
}

describe('failureMessageId', () => {
  it('reads a refusal as its catalogue entry and anything else as no answer (or what the caller names)', () => {
    expect(failureMessageId({ code: 'C102', message: '' })).toBe('api.C102');
    expect(failureMessageId(OFFLINE)).toBe('front.error.network');
    // Timeout codes and unknown codes are no answer.
    expect(failureMessageId({ code: 'NT99', message: '' })).toBe('front.error.network');
    expect(failureMessageId({ code: 'nope', message: '' })).toBe('front.error.network');
    expect(failureMessageId(OFFLINE, 'front.error.loadFailed')).toBe('front.error.loadFailed');
  });
});

describe('sendTailMachine', () => {
  it('a problem is a refusal with its message id: nothing is sent, no key is made, a kept key stays', () => {
    const kept = { request: requestIdentity({ amount: 1 }), key: 'kept-key' };
    const { actor, send } = startTail({ request: { amount: null }, kept, problem: 'api.C002' });
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.errorId).toBe('api.C002');
    actor.send({ type: 'send.dismiss' });
    expect(send.runs).toHaveLength(0);
    expect(actor.getSnapshot().output).toEqual({ outcome: 'refused', answer: null, code: null, kept, data: null });
  });

  it('asks first by default; a press (confirm false) sends at once', () => {
    expect(startTail({ request: { amount: 1 }, kept: null }).actor.getSnapshot().value).toBe('confirming');
    const press = startTail({ request: null, kept: null, confirm: false });
    expect(press.actor.getSnapshot().value).toBe('sending');
    expect(press.send.runs).toHaveLength(1);
  });

  it('going back from the question sends nothing and keeps what was kept', () => {
    const kept = { request: requestIdentity({ amount: 1 }), key: 'kept-key' };
    const { actor, send } = startTail({ request: { amount: 2 }, kept });
    actor.send({ type: 'send.cancel' });
    expect(send.runs).toHaveLength(0);
    expect(actor.getSnapshot().output).toMatchObject({ outcome: 'cancelled', kept });
  });

  it('reuses a key kept for the same request, and drops it for another', () => {
    const kept = { request: requestIdentity({ amount: 1 }), key: 'kept-key' };
    const same = startTail({ request: { amount: 1 }, kept });
    same.actor.send({ type: 'send.confirm' });
    expect(same.send.current().input).toEqual({ request: { amount: 1 }, idempotencyKey: 'kept-key' });
    const other = startTail({ request: { amount: 2 }, kept });
    other.actor.send({ type: 'send.confirm' });
    expect(other.send.current().input.idempotencyKey).not.toBe('kept-key');
    expect(other.actor.getSnapshot().context.kept?.request).toBe(requestIdentity({ amount: 2 }));
  });

  it('tells files apart by name, size, type and date (JSON alone shows every file as {})', () => {
    const file = (name: string, text: string) => new File([text], name, { type: 'image/png', lastModified: 1 });
    expect(requestIdentity({ images: [file('a.png', 'aa')] })).not.toBe(requestIdentity({ images: [file('b.png', 'aa')] }));
    expect(requestIdentity({ images: [file('a.png', 'aa')] })).not.toBe(requestIdentity({ images: [file('a.png', 'aaa')] }));
    expect(requestIdentity({ images: [file('a.png', 'aa')] })).toBe(requestIdentity({ images: [file('a.png', 'aa')] }));
  });

  it('ends with the answer, and the key ends with it', async () => {
    const { actor, send } = startTail({ request: { amount: 1 }, kept: null });
    actor.send({ type: 'send.confirm' });
    send.current().resolve(ACCEPTED);
    await flush();
    expect(actor.getSnapshot().output).toEqual({ outcome: 'answered', answer: ACCEPTED, code: null, kept: null, data: null });
  });

  it('hands a refusal the owner answers itself back at once, with its data and without the alert; the key ends', async () => {
    const { actor, send } = startTail({ request: { amount: 1 }, kept: null, handBack: ['C102'] });
    actor.send({ type: 'send.confirm' });
    send.current().reject(REFUSED);
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'refused', answer: null, code: 'C102', kept: null, data: REFUSED.data });
    // Any other refusal is the member's to read, and carries no data back.
    const other = startTail({ request: { amount: 1 }, kept: null, handBack: ['B6002'] });
    other.actor.send({ type: 'send.confirm' });
    other.send.current().reject(REFUSED);
    await flush();
    expect(other.actor.getSnapshot().value).toBe('refused');
    other.actor.send({ type: 'send.dismiss' });
    expect(other.actor.getSnapshot().output).toMatchObject({ outcome: 'refused', code: 'C102', data: null });
  });
});

describe('sendOnceMachine (the money actions, the presses, the forms)', () => {
  it('refuses a request the check finds wrong with its message id, and sends nothing', () => {
    const started = startSendOnce();
    started.actor.send({ type: 'send.submit', request: { amount: null } });
    expect(tailState(started)).toBe('refused');
    expect(started.tail()?.getSnapshot().context.errorId).toBe('api.C002');
    started.tail()?.send({ type: 'send.confirm' });
    expect(started.send.runs).toHaveLength(0);
    started.tail()?.send({ type: 'send.dismiss' });
    expect(state(started)).toBe('idle');
    expect(started.tail()).toBeUndefined();
  });

  it('asks for confirmation, then sends once however often submit and confirm are clicked', async () => {
    const started = startSendOnce();
    started.actor.send({ type: 'send.submit', request: { amount: 50_000 } });
    started.actor.send({ type: 'send.submit', request: { amount: 60_000 } });
    expect(tailState(started)).toBe('confirming');
    expect(started.send.runs).toHaveLength(0);
    started.tail()?.send({ type: 'send.confirm' });
    started.tail()?.send({ type: 'send.confirm' });
    started.actor.send({ type: 'send.submit', request: { amount: 50_000 } });
    expect(started.send.runs).toHaveLength(1);
    const { input } = started.send.runs[0]!;
    expect(input.request).toEqual({ amount: 50_000 });
    expect(input.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{24}$/);

    started.send.current().resolve(ACCEPTED);
    await flush();
    expect(state(started)).toBe('done');
    expect(started.actor.getSnapshot().context.answer).toEqual(ACCEPTED);
    expect(started.accepted).toEqual([ACCEPTED]);
    started.actor.send({ type: 'send.again' });
    expect(state(started)).toBe('idle');
  });

  it('going back from the confirmation sends nothing', () => {
    const started = startSendOnce();
    started.actor.send({ type: 'send.submit', request: { amount: 50_000 } });
    started.tail()?.send({ type: 'send.cancel' });
    expect(state(started)).toBe('idle');
    expect(started.send.runs).toHaveLength(0);
  });

  it('reuses the key after no answer: on retry, and when the same request is sent again', async () => {
    const started = startSendOnce();
    submitConfirmed(started);
    started.send.current().reject(OFFLINE);
    await flush();
    expect(tailState(started)).toBe('unanswered');
    expect(started.tail()?.getSnapshot().context.errorId).toBe('front.error.network');
    started.tail()?.send({ type: 'send.retry' });
    started.send.current().reject(OFFLINE);
    await flush();
    started.tail()?.send({ type: 'send.dismiss' });
    expect(state(started)).toBe('idle');
    submitConfirmed(started);
    const keys = started.send.runs.map((run) => run.input.idempotencyKey);
    expect(new Set(keys).size).toBe(1);
    expect(keys).toHaveLength(3);
  });

  it('a press (no question) keeps its key after no answer too', async () => {
    const started = startSendOnce({ confirm: false });
    started.actor.send({ type: 'send.submit', request: null });
    started.send.current().reject(OFFLINE);
    await flush();
    started.tail()?.send({ type: 'send.dismiss' });
    started.actor.send({ type: 'send.submit', request: null });
    const [first, second] = started.send.runs.map((run) => run.input.idempotencyKey);
    expect(second).toBe(first);
  });

  it('a changed request after no answer gets a new key', async () => {
    const started = startSendOnce();
    submitConfirmed(started);
    started.send.current().reject(OFFLINE);
    await flush();
    started.tail()?.send({ type: 'send.dismiss' });
    submitConfirmed(started, 60_000);
    const [first, second] = started.send.runs.map((run) => run.input.idempotencyKey);
    expect(second).not.toBe(first);
  });

  it('a refusal shows the code\'s message and ends the key: the next request, edited or not, gets a new one', async () => {
    const started = startSendOnce();
    submitConfirmed(started);
    started.send.current().reject(REFUSED);
    await flush();
    expect(tailState(started)).toBe('refused');
    expect(started.tail()?.getSnapshot().context).toMatchObject({ code: 'C102', errorId: 'api.C102' });
    started.tail()?.send({ type: 'send.retry' });
    expect(started.send.runs).toHaveLength(1);
    started.tail()?.send({ type: 'send.dismiss' });
    submitConfirmed(started, 60_000);
    started.send.current().reject(REFUSED);
    await flush();
    started.tail()?.send({ type: 'send.dismiss' });
    submitConfirmed(started, 60_000);
    const keys = started.send.runs.map((run) => run.input.idempotencyKey);
    expect(new Set(keys).size).toBe(3);
    expect(started.accepted).toEqual([]);
  });

  it('an answer ends the key: the same request sent again gets a new one', async () => {
    const started = startSendOnce();
    submitConfirmed(started);
    started.send.current().resolve(ACCEPTED);
    await flush();
    started.actor.send({ type: 'send.again' });
    submitConfirmed(started);
    const [first, second] = started.send.runs.map((run) => run.input.idempotencyKey);
    expect(second).not.toBe(first);
  });
});
