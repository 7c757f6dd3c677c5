import { describe, expect, it } from 'vitest';
import { draftFrom, EMPTY_FORM, type CashFormField } from '../../machines/cashRequest';
import { formatUsdt, parseUsdt, parseWon, usdtForWon, wonForUsdt } from '../../machines/walletAmounts';
import { ACCEPTED, OFFLINE, REFUSED, VALID_ADDRESS, startCashRequest } from './cashRequest.fixtures';
import { flush } from './support';

type Started = ReturnType<typeof startCashRequest>;

function fill({ actor }: Started, fields: Partial<Record<CashFormField, string>>) {
  for (const [field, value] of Object.entries(fields)) actor.send({ type: 'cash.change', field: field as CashFormField, value });
}

describe('money typed by members', () => {
  it('reads won with separators and refuses anything that is not a positive whole number', () => {
    expect(parseWon('1,250,000')).toBe(1_250_000);
    expect(parseWon(' 50000 ')).toBe(50_000);
    for (const bad of ['', 'abc', '12abc', '-5000', '10.5', '0', '1e6', '99999999999999999']) expect(parseWon(bad), bad).toBeNull();
  });

  it('turns decimal USDT into integer micro-units without floating point', () => {
    expect(parseUsdt('12.5')).toBe(12_500_000);
    expect(parseUsdt('0.1')).toBe(100_000);
    expect(parseUsdt('0.000001')).toBe(1);
    expect(parseUsdt('100')).toBe(100_000_000);
    expect(parseUsdt('1.10')).toBe(1_100_000);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; parsing the string keeps it exact.
    expect(parseUsdt('0.3')).toBe(300_000);
    for (const bad of ['', '.', '1.2345678', '-1', 'abc', '1,5', '0', '0.000000']) expect(parseUsdt(bad), bad).toBeNull();
    expect(formatUsdt(12_500_000)).toBe('12.5');
    expect(formatUsdt(1_234_000_001)).toBe('1,234.000001');
  });

  it('prices USDT in won rounded down, exactly', () => {
    expect(wonForUsdt(12_500_000, 1_450)).toBe(18_125);
    expect(wonForUsdt(1, 1_450)).toBe(0);
    expect(usdtForWon(100_000, 1_450)).toBe(68_965_517);
  });
});

describe('draftFrom: the client-side checks', () => {
  it('refuses a deposit without a readable amount with C002', () => {
    expect(draftFrom('in', { ...EMPTY_FORM, amount: 'abc' }, null)).toEqual({ draft: null, errorId: 'api.C002' });
    expect(draftFrom('in', { ...EMPTY_FORM, amount: '50,000' }, null).draft).toEqual({ cashType: 'in', payload: { amount: 50_000, bonusYn: 'Y' } });
  });

  it('asks withdrawals for an amount (C206) and the cash-out password (C205)', () => {
    expect(draftFrom('out', { ...EMPTY_FORM, amount: '' }, null).errorId).toBe('api.C206');
    expect(draftFrom('out', { ...EMPTY_FORM, amount: '10000' }, null).errorId).toBe('api.C205');
    expect(draftFrom('out', { ...EMPTY_FORM, amount: '10000', cashOutPass: '1234' }, null).draft)
      .toEqual({ cashType: 'out', payload: { amount: 10_000, cashOutPass: '1234' } });
  });

  it('checks the TRC-20 address of a USDT withdrawal and locks the shown price', () => {
    const form = { ...EMPTY_FORM, amount: '100000', cashOutPass: '1234' };
    expect(draftFrom('coinOut', { ...form, address: '0xabc' }, 1_450).errorId).toBe('api.C802');
    expect(draftFrom('coinOut', { ...form, address: VALID_ADDRESS }, null).errorId).toBe('front.cash.noPrice');
    expect(draftFrom('coinOut', { ...form, address: ` ${VALID_ADDRESS} ` }, 1_450).draft).toEqual({
      cashType: 'coinOut', payload: { amount: 100_000, priceKrw: 1_450, address: VALID_ADDRESS, cashOutPass: '1234' },
    });
  });

  it('sends a USDT deposit in micro-units at the price the member saw', () => {
    expect(draftFrom('coinIn', { ...EMPTY_FORM, usdt: '1.5' }, null).errorId).toBe('front.cash.noPrice');
    expect(draftFrom('coinIn', { ...EMPTY_FORM, usdt: '1.5.0' }, 1_450).errorId).toBe('api.C002');
    expect(draftFrom('coinIn', { ...EMPTY_FORM, usdt: '1.5' }, 1_450).draft).toEqual({ cashType: 'coinIn', payload: { usdtAmount: 1_500_000, priceKrw: 1_450 } });
  });
});

describe('cashRequestMachine', () => {
  it('adds the presets up, and clear starts again from nothing', () => {
    const started = startCashRequest();
    for (const amount of [10_000, 50_000, 1_000_000]) started.actor.send({ type: 'cash.add', amount });
    expect(started.actor.getSnapshot().context.form.amount).toBe('1060000');
    started.actor.send({ type: 'cash.clear' });
    started.actor.send({ type: 'cash.add', amount: 100_000 });
    expect(started.actor.getSnapshot().context.form.amount).toBe('100000');
  });

  it('stays editing with C002 when the amount is not numeric, and sends nothing', () => {
    const started = startCashRequest();
    fill(started, { amount: '5만원' });
    started.actor.send({ type: 'cash.submit' });
    expect(started.actor.getSnapshot().value).toBe('editing');
    expect(started.actor.getSnapshot().context.errorId).toBe('api.C002');
    expect(started.submitRequest.runs).toHaveLength(0);
  });

  it('asks for confirmation, then sends one request even when confirm is clicked twice', async () => {
    const started = startCashRequest();
    fill(started, { amount: '50000' });
    started.actor.send({ type: 'cash.submit' });
    expect(started.actor.getSnapshot().value).toBe('confirming');
    expect(started.submitRequest.runs).toHaveLength(0);
    started.actor.send({ type: 'cash.confirm' });
    started.actor.send({ type: 'cash.confirm' });
    started.actor.send({ type: 'cash.submit' });
    expect(started.submitRequest.runs).toHaveLength(1);
    const { input } = started.submitRequest.runs[0]!;
    expect(input).toMatchObject({ cashType: 'in', payload: { amount: 50_000, bonusYn: 'Y' } });
    expect(input.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    started.submitRequest.current().resolve(ACCEPTED);
    await flush();
    expect(started.actor.getSnapshot().value).toBe('done');
    expect(started.actor.getSnapshot().context.request).toEqual(ACCEPTED.request);
    expect(started.accepted).toEqual([ACCEPTED]);
  });

  it('going back from the confirmation sends nothing', () => {
    const started = startCashRequest();
    fill(started, { amount: '50000' });
    started.actor.send({ type: 'cash.submit' });
    started.actor.send({ type: 'cash.cancel' });
    expect(started.actor.getSnapshot().value).toBe('editing');
    expect(started.submitRequest.runs).toHaveLength(0);
  });

  it('reuses the key when the same request is sent again after no answer came', async () => {
    const started = startCashRequest();
    fill(started, { amount: '50000' });
    started.actor.send({ type: 'cash.submit' });
    started.actor.send({ type: 'cash.confirm' });
    started.submitRequest.current().reject(OFFLINE);
    await flush();
    expect(started.actor.getSnapshot().value).toBe('failed');
    expect(started.actor.getSnapshot().context.errorId).toBe('front.error.network');

    started.actor.send({ type: 'cash.retry' });
    started.submitRequest.current().reject(OFFLINE);
    await flush();
    started.actor.send({ type: 'cash.dismiss' });
    started.actor.send({ type: 'cash.submit' });
    started.actor.send({ type: 'cash.confirm' });
    const keys = started.submitRequest.runs.map((run) => run.input.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('a changed request after a lost answer gets a new key', async () => {
    const started = startCashRequest();
    fill(started, { amount: '50000' });
    started.actor.send({ type: 'cash.submit' });
    started.actor.send({ type: 'cash.confirm' });
    started.submitRequest.current().reject(OFFLINE);
    await flush();
    started.actor.send({ type: 'cash.dismiss' });
    fill(started, { amount: '60000' });
    started.actor.send({ type: 'cash.submit' });
    started.actor.send({ type: 'cash.confirm' });
    const [first, second] = started.submitRequest.runs.map((run) => run.input.idempotencyKey);
    expect(second).not.toBe(first);
  });

  it('shows the server code, forgets the key after a refusal, and offers no blind retry', async () => {
    const started = startCashRequest();
    fill(started, { amount: '5000' });
    started.actor.send({ type: 'cash.submit' });
    started.actor.send({ type: 'cash.confirm' });
    started.submitRequest.current().reject(REFUSED);
    await flush();
    expect(started.actor.getSnapshot().context.errorId).toBe('api.C102');
    started.actor.send({ type: 'cash.retry' });
    expect(started.actor.getSnapshot().value).toBe('failed');
    started.actor.send({ type: 'cash.dismiss' });
    started.actor.send({ type: 'cash.submit' });
    started.actor.send({ type: 'cash.confirm' });
    const [first, second] = started.submitRequest.runs.map((run) => run.input.idempotencyKey);
    expect(second).not.toBe(first);
  });

  it('locks the USDT price at submit: a newer price does not change the confirmed request', () => {
    const started = startCashRequest('coinIn');
    started.actor.send({ type: 'cash.price', priceKrw: 1_450 });
    fill(started, { usdt: '10' });
    started.actor.send({ type: 'cash.submit' });
    started.actor.send({ type: 'cash.price', priceKrw: 1_480 });
    started.actor.send({ type: 'cash.confirm' });
    expect(started.submitRequest.runs[0]!.input).toMatchObject({ cashType: 'coinIn', payload: { usdtAmount: 10_000_000, priceKrw: 1_450 } });
  });

  it('starts a fresh form after a done request, keeping the bonus choice', async () => {
    const started = startCashRequest();
    started.actor.send({ type: 'cash.bonus', bonusYn: 'N' });
    fill(started, { amount: '50000' });
    started.actor.send({ type: 'cash.submit' });
    started.actor.send({ type: 'cash.confirm' });
    started.submitRequest.current().resolve(ACCEPTED);
    await flush();
    started.actor.send({ type: 'cash.again' });
    expect(started.actor.getSnapshot().value).toBe('editing');
    expect(started.actor.getSnapshot().context.form).toEqual({ ...EMPTY_FORM, bonusYn: 'N' });
  });
});
