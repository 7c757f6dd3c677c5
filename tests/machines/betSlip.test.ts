/** The bet slip: pick, amount, one confirmed send with one key, and every answer. */
import { describe, expect, it } from 'vitest';
import { CLOSED, ODD, OFFLINE, PLACED, startBetSlip } from './betSlip.fixtures';
import { flush } from './support';

function ready() {
  const started = startBetSlip();
  started.actor.send({ type: 'slip.round', roundId: 3 });
  started.actor.send({ type: 'slip.pick', pick: ODD });
  started.actor.send({ type: 'slip.add', amount: 10_000, max: 1_000_000 });
  started.actor.send({ type: 'slip.add', amount: 50_000, max: 1_000_000 });
  return started;
}

describe('betSlipMachine', () => {
  it('adds presets, toggles a pick, and refuses an empty slip or a closed round without sending', () => {
    const { actor, send } = startBetSlip();
    actor.send({ type: 'slip.submit', open: true });
    expect(actor.getSnapshot().context.errorId).toBe('mini.slip.noPick');
    actor.send({ type: 'slip.dismiss' });
    actor.send({ type: 'slip.round', roundId: 3 });
    actor.send({ type: 'slip.pick', pick: ODD });
    actor.send({ type: 'slip.submit', open: true });
    expect(actor.getSnapshot().context.errorId).toBe('mini.slip.noAmount');
    actor.send({ type: 'slip.dismiss' });
    actor.send({ type: 'slip.amount', amount: 30_000 });
    actor.send({ type: 'slip.submit', open: false });
    expect(actor.getSnapshot().context.errorId).toBe('api.B0202');
    actor.send({ type: 'slip.dismiss' });
    actor.send({ type: 'slip.pick', pick: ODD });
    expect(actor.getSnapshot().context.pick).toBeNull();
    expect(send.runs).toHaveLength(0);
  });

  it('sends a confirmed bet once, with the amount and pick, and keeps the answer', async () => {
    const { actor, send, accepted } = ready();
    actor.send({ type: 'slip.submit', open: true });
    actor.send({ type: 'slip.confirm' });
    actor.send({ type: 'slip.confirm' });
    expect(send.runs).toHaveLength(1);
    expect(send.runs[0]!.input.draft).toEqual({ game: 'powerball', roundId: 3, market: 'pbOddEven', selection: 'odd', amount: 60_000 });
    send.current().resolve(PLACED);
    await flush();
    expect(actor.getSnapshot().matches('placed')).toBe(true);
    expect(accepted).toEqual([PLACED]);
    expect(actor.getSnapshot().context.pick).toBeNull();
  });

  it('retries with the same key when no answer came, and shows a refusal by its code', async () => {
    const { actor, send } = ready();
    actor.send({ type: 'slip.submit', open: true });
    actor.send({ type: 'slip.confirm' });
    send.current().reject(OFFLINE);
    await flush();
    expect(actor.getSnapshot().matches('unanswered')).toBe(true);
    actor.send({ type: 'slip.retry' });
    expect(send.runs[1]!.input.idempotencyKey).toBe(send.runs[0]!.input.idempotencyKey);
    send.current().reject(CLOSED);
    await flush();
    expect(actor.getSnapshot().context.errorId).toBe('api.B0202');
  });

  it('keeps the pick and the amount after a refusal, and a preset then never takes the amount past the maximum', async () => {
    const { actor, send } = startBetSlip();
    actor.send({ type: 'slip.round', roundId: 3 });
    actor.send({ type: 'slip.pick', pick: ODD });
    actor.send({ type: 'slip.amount', amount: 1_010_000 });
    actor.send({ type: 'slip.submit', open: true });
    actor.send({ type: 'slip.confirm' });
    send.current().reject({ code: 'B6002', message: '레벨 최대 베팅 금액을 초과했습니다.' });
    await flush();
    expect(actor.getSnapshot().context.errorId).toBe('api.B6002');
    actor.send({ type: 'slip.dismiss' });
    expect(actor.getSnapshot().context).toMatchObject({ pick: ODD, amount: 1_010_000 });
    actor.send({ type: 'slip.add', amount: 10_000, max: 1_000_000 });
    expect(actor.getSnapshot().context.amount).toBe(1_000_000);
    actor.send({ type: 'slip.add', amount: 10_000, max: 1_000_000 });
    expect(actor.getSnapshot().context.amount).toBe(1_000_000);
    actor.send({ type: 'slip.clear' });
    actor.send({ type: 'slip.add', amount: 500_000, max: 1_000_000 });
    actor.send({ type: 'slip.add', amount: 100_000, max: 1_000_000 });
    expect(actor.getSnapshot().context.amount).toBe(600_000);
  });
});
