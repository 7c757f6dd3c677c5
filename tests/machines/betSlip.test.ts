/** The bet slip: legs and a stake, sent through the confirmed-send tail once with one key, and every answer. */
import { describe, expect, it } from 'vitest';
import { pickLeg, slipOddsCents } from '../../machines/betSlip';
import { CLOSED, EVEN, ODD, OFFLINE, PLACED, UNDER, startBetSlip } from './betSlip.fixtures';
import { flush } from './support';

function ready() {
  const started = startBetSlip();
  started.actor.send({ type: 'slip.round', roundId: 3 });
  started.actor.send({ type: 'slip.pick', leg: ODD });
  started.actor.send({ type: 'slip.add', amount: 10_000, max: 1_000_000 });
  started.actor.send({ type: 'slip.add', amount: 50_000, max: 1_000_000 });
  return started;
}

const refusal = (started: ReturnType<typeof startBetSlip>) => started.tail()?.getSnapshot().context.errorId;

describe('betSlipMachine', () => {
  it('adds presets, toggles a leg, and refuses an empty slip or a closed round without sending', () => {
    const started = startBetSlip();
    const { actor, send } = started;
    actor.send({ type: 'slip.submit', open: true });
    expect(refusal(started)).toBe('mini.slip.noPick');
    started.tail()?.send({ type: 'send.dismiss' });
    actor.send({ type: 'slip.round', roundId: 3 });
    actor.send({ type: 'slip.pick', leg: ODD });
    actor.send({ type: 'slip.submit', open: true });
    expect(refusal(started)).toBe('mini.slip.noAmount');
    started.tail()?.send({ type: 'send.dismiss' });
    actor.send({ type: 'slip.stake', stake: 30_000 });
    actor.send({ type: 'slip.submit', open: false });
    expect(refusal(started)).toBe('api.B0202');
    started.tail()?.send({ type: 'send.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'slip.pick', leg: ODD });
    expect(actor.getSnapshot().context.legs).toEqual([]);
    expect(send.runs).toHaveLength(0);
  });

  it('sends a confirmed bet once, with its legs and stake, and keeps the answer', async () => {
    const started = ready();
    const { actor, send, accepted } = started;
    actor.send({ type: 'slip.submit', open: true });
    started.tail()?.send({ type: 'send.confirm' });
    started.tail()?.send({ type: 'send.confirm' });
    actor.send({ type: 'slip.submit', open: true });
    expect(send.runs).toHaveLength(1);
    expect(send.runs[0]!.input.request).toEqual({ game: 'powerball', roundId: 3, legs: [ODD], stake: 60_000 });
    send.current().resolve(PLACED);
    await flush();
    expect(actor.getSnapshot().matches('placed')).toBe(true);
    expect(accepted).toEqual([PLACED]);
    expect(actor.getSnapshot().context).toMatchObject({ legs: [], placed: PLACED.bet });
    actor.send({ type: 'slip.again' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('edits are not taken while the slip is sent, and a new round keeps the legs for it', () => {
    const started = ready();
    started.actor.send({ type: 'slip.submit', open: true });
    started.actor.send({ type: 'slip.pick', leg: EVEN });
    started.actor.send({ type: 'slip.stake', stake: 1 });
    expect(started.actor.getSnapshot().context).toMatchObject({ legs: [ODD], stake: 60_000 });
    started.tail()?.send({ type: 'send.cancel' });
    started.actor.send({ type: 'slip.round', roundId: 4 });
    expect(started.actor.getSnapshot().context).toMatchObject({ legs: [ODD], roundId: 4 });
  });

  it('retries with the same key when no answer came, and shows a refusal by its code', async () => {
    const started = ready();
    const { actor, send } = started;
    actor.send({ type: 'slip.submit', open: true });
    started.tail()?.send({ type: 'send.confirm' });
    send.current().reject(OFFLINE);
    await flush();
    expect(started.tail()?.getSnapshot().value).toBe('unanswered');
    started.tail()?.send({ type: 'send.retry' });
    expect(send.runs[1]!.input.idempotencyKey).toBe(send.runs[0]!.input.idempotencyKey);
    send.current().reject(CLOSED);
    await flush();
    expect(refusal(started)).toBe('api.B0202');
  });

  it('keeps the key after no answer when the member gives up, for the same slip sent again (as the money actions do)', async () => {
    const started = ready();
    const { actor, send } = started;
    actor.send({ type: 'slip.submit', open: true });
    started.tail()?.send({ type: 'send.confirm' });
    send.current().reject(OFFLINE);
    await flush();
    started.tail()?.send({ type: 'send.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'slip.submit', open: true });
    started.tail()?.send({ type: 'send.confirm' });
    expect(send.runs[1]!.input.idempotencyKey).toBe(send.runs[0]!.input.idempotencyKey);
    send.current().reject(OFFLINE);
    await flush();
    started.tail()?.send({ type: 'send.dismiss' });
    // A changed slip (another stake) is another request: a new key.
    actor.send({ type: 'slip.add', amount: 10_000, max: 1_000_000 });
    actor.send({ type: 'slip.submit', open: true });
    started.tail()?.send({ type: 'send.confirm' });
    expect(send.runs[2]!.input.idempotencyKey).not.toBe(send.runs[0]!.input.idempotencyKey);
  });

  it('keeps the legs and the stake after a refusal, and a preset then never takes the stake past the maximum', async () => {
    const started = startBetSlip();
    const { actor, send } = started;
    actor.send({ type: 'slip.round', roundId: 3 });
    actor.send({ type: 'slip.pick', leg: ODD });
    actor.send({ type: 'slip.stake', stake: 1_010_000 });
    actor.send({ type: 'slip.submit', open: true });
    started.tail()?.send({ type: 'send.confirm' });
    send.current().reject({ code: 'B6002', message: '레벨 최대 베팅 금액을 초과했습니다.' });
    await flush();
    expect(refusal(started)).toBe('api.B6002');
    started.tail()?.send({ type: 'send.dismiss' });
    expect(actor.getSnapshot().context).toMatchObject({ legs: [ODD], stake: 1_010_000 });
    actor.send({ type: 'slip.add', amount: 10_000, max: 1_000_000 });
    expect(actor.getSnapshot().context.stake).toBe(1_000_000);
    actor.send({ type: 'slip.add', amount: 10_000, max: 1_000_000 });
    expect(actor.getSnapshot().context.stake).toBe(1_000_000);
    actor.send({ type: 'slip.clear' });
    actor.send({ type: 'slip.add', amount: 500_000, max: 1_000_000 });
    actor.send({ type: 'slip.add', amount: 100_000, max: 1_000_000 });
    expect(actor.getSnapshot().context.stake).toBe(600_000);
  });

  it('a one-leg slip takes the last pick; a slip of more legs combines markets and multiplies their odds', async () => {
    expect(pickLeg([ODD], UNDER, 1)).toEqual([UNDER]);
    expect(pickLeg([ODD], EVEN, 1)).toEqual([EVEN]);
    expect(pickLeg([ODD], UNDER, 3)).toEqual([ODD, UNDER]);
    // Another selection of a market on the slip takes its place.
    expect(pickLeg([ODD, UNDER], EVEN, 3)).toEqual([UNDER, EVEN]);
    expect(pickLeg([ODD, UNDER], ODD, 3)).toEqual([UNDER]);
    expect(slipOddsCents([])).toBe(100);
    expect(slipOddsCents([ODD])).toBe(195);
    expect(slipOddsCents([ODD, UNDER])).toBe(376);

    const started = startBetSlip({ game: 'powerball', maxLegs: 2 });
    started.actor.send({ type: 'slip.round', roundId: 3 });
    started.actor.send({ type: 'slip.pick', leg: ODD });
    started.actor.send({ type: 'slip.pick', leg: UNDER });
    started.actor.send({ type: 'slip.stake', stake: 10_000 });
    started.actor.send({ type: 'slip.submit', open: true });
    started.tail()?.send({ type: 'send.confirm' });
    expect(started.send.current().input.request).toEqual({ game: 'powerball', roundId: 3, legs: [ODD, UNDER], stake: 10_000 });
  });
});
