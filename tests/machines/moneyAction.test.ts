import { describe, expect, it } from 'vitest';
import { formatUsdt, parseUsdt, parseWon, readAmount, typedDigits, usdtForWon, wonForUsdt } from '../../contract/amounts';
import { newIdempotencyKey } from '../../contract/wallet';
import { pointConvertPayload } from '../../contract/walletPayloads';
import { cashDraft, checkCash, checkGive, checkPoints, EMPTY_CASH_FORM, pointDraft, removalOf } from '../../machines/moneyDrafts';
import { isAllowedStep, reachableFrom } from '../../machines/cashStatus';
import { VALID_ADDRESS, cashRequestOf, startCashStatus } from './moneyAction.fixtures';

describe('amounts (contract/amounts.ts, shared by client and server)', () => {
  it('reads won and points with separators and refuses anything that is not a positive whole number', () => {
    expect(parseWon('1,250,000')).toBe(1_250_000);
    expect(parseWon(' 50000 ')).toBe(50_000);
    for (const bad of ['', 'abc', '12abc', '-5000', '10.5', '0', '1e6', '99999999999999999']) expect(parseWon(bad), bad).toBeNull();
  });

  it('reads payload amounts as the server takes them: safe positive integers, as numbers or digits', () => {
    expect(readAmount(50_000)).toBe(50_000);
    expect(readAmount('50000')).toBe(50_000);
    for (const bad of [0, -1, 1.5, 1e30, '1,000', '12abc', '', null, undefined, {}]) expect(readAmount(bad), String(bad)).toBeNull();
  });

  it('keeps only digits of what is typed into an amount box', () => {
    expect(typedDigits('1,000원')).toBe('1000');
    expect(typedDigits('007')).toBe('7');
    expect(typedDigits('1'.repeat(20))).toHaveLength(15);
  });

  it('turns decimal USDT into integer micro-units without floating point', () => {
    expect(parseUsdt('12.5')).toBe(12_500_000);
    expect(parseUsdt('0.000001')).toBe(1);
    expect(parseUsdt('1.10')).toBe(1_100_000);
    expect(parseUsdt('0.3')).toBe(300_000);
    for (const bad of ['', '.', '1.2345678', '-1', 'abc', '1,5', '0', '0.000000']) expect(parseUsdt(bad), bad).toBeNull();
    expect(formatUsdt(12_500_000)).toBe('12.5');
    expect(formatUsdt(1_234_000_001)).toBe('1,234.000001');
  });

  it('prices USDT in won rounded down, exactly, and says when the won would not be a safe integer', () => {
    expect(wonForUsdt(12_500_000, 1_450)).toBe(18_125);
    expect(wonForUsdt(1, 1_450)).toBe(0);
    expect(wonForUsdt(Number.MAX_SAFE_INTEGER, 1_000_000_000)).toBeNull();
    expect(usdtForWon(100_000, 1_450)).toBe(68_965_517);
    expect(usdtForWon(100_000, 0)).toBe(0);
  });
});

describe('idempotency keys', () => {
  it('makes a different key each time, of the form the server validates', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(pointConvertPayload.safeParse({ idempotencyKey: key, amount: 1000 }).success).toBe(true);
    expect(pointConvertPayload.safeParse({ idempotencyKey: 'short', amount: 1000 }).success).toBe(false);
  });
});

describe('the money actions\' client-side checks', () => {
  it('refuses a deposit without a readable amount with C002', () => {
    expect(checkCash(cashDraft('in', { ...EMPTY_CASH_FORM, amount: 'abc' }, null))).toBe('api.C002');
    expect(cashDraft('in', { ...EMPTY_CASH_FORM, amount: '50,000' }, null)).toEqual({ cashType: 'in', amount: 50_000, bonusYn: 'Y' });
  });

  it('asks withdrawals for an amount (C206) and the cash-out password (C205) before the confirm', () => {
    expect(checkCash(cashDraft('out', { ...EMPTY_CASH_FORM, amount: '' }, null))).toBe('api.C206');
    expect(checkCash(cashDraft('out', { ...EMPTY_CASH_FORM, amount: '10000' }, null))).toBe('api.C205');
    expect(checkCash(cashDraft('out', { ...EMPTY_CASH_FORM, amount: '10000', cashOutPass: '1234' }, null))).toBeNull();
  });

  it('checks the TRC-20 address of a USDT withdrawal and locks the shown price', () => {
    const form = { ...EMPTY_CASH_FORM, amount: '100000', cashOutPass: '1234' };
    expect(checkCash(cashDraft('coinOut', { ...form, address: '0xabc' }, 1_450))).toBe('api.C802');
    expect(checkCash(cashDraft('coinOut', { ...form, address: VALID_ADDRESS }, null))).toBe('front.cash.noPrice');
    expect(cashDraft('coinOut', { ...form, address: ` ${VALID_ADDRESS} ` }, 1_450)).toEqual({
      cashType: 'coinOut', amount: 100_000, priceKrw: 1_450, address: VALID_ADDRESS, cashOutPass: '1234',
    });
  });

  it('sends a USDT deposit in micro-units at the price the member saw', () => {
    expect(checkCash(cashDraft('coinIn', { ...EMPTY_CASH_FORM, usdt: '1.5' }, null))).toBe('front.cash.noPrice');
    expect(checkCash(cashDraft('coinIn', { ...EMPTY_CASH_FORM, usdt: '1.5.0' }, 1_450))).toBe('api.C002');
    expect(cashDraft('coinIn', { ...EMPTY_CASH_FORM, usdt: '1.5' }, 1_450)).toEqual({ cashType: 'coinIn', usdtAmount: 1_500_000, priceKrw: 1_450 });
  });

  it('checks conversions against the locale minimum and the held points, transfers in the order of the form', () => {
    expect(checkPoints(pointDraft(''), 50_000, 'ko')).toBe('api.P001');
    expect(checkPoints(pointDraft('999'), 50_000, 'ko')).toBe('front.mypage.pointMinimum');
    expect(checkPoints(pointDraft('5000'), 50_000, 'vi')).toBe('front.mypage.pointMinimum');
    expect(checkPoints(pointDraft('60,000'), 50_000, 'ko')).toBe('api.P002');
    expect(checkPoints(pointDraft('1000'), 50_000, 'ko')).toBeNull();
    expect(checkGive({ toMemId: '', amount: null, cashOutPass: '' })).toBe('front.mypage.giveTargetEmpty');
    expect(checkGive({ toMemId: 'x', amount: null, cashOutPass: '' })).toBe('api.C303');
    expect(checkGive({ toMemId: 'x', amount: 1, cashOutPass: '' })).toBe('api.C205');
    expect(removalOf(cashRequestOf(0))).toBe('cancel');
    expect(removalOf(cashRequestOf(2))).toBeNull();
    expect(removalOf(cashRequestOf(1))).toBe('hide');
  });
});

describe('cashStatusMachine', () => {
  it('knows the allowed steps and where they lead', () => {
    expect(isAllowedStep(0, 2)).toBe(true);
    expect(isAllowedStep(2, 0)).toBe(false);
    expect(reachableFrom(0).sort()).toEqual([-1, 1, 2]);
    expect(reachableFrom(1)).toEqual([]);
  });

  it('follows reads forward only, and follows the request\'s real-time pushes while it is open', () => {
    const { actor, followRequest } = startCashStatus();
    actor.send({ type: 'cash.statusChanged', request: cashRequestOf(0) });
    expect(actor.getSnapshot().value).toEqual({ open: 'applied' });
    expect(followRequest.live().input).toEqual({ requestId: 7 });
    followRequest.live().sendBack({ type: 'cash.statusPushed', requestId: 7, status: 2 });
    expect(actor.getSnapshot().value).toEqual({ open: 'waiting' });
    expect(actor.getSnapshot().context.request?.status).toBe(2);
    // A stale read of the applied request never moves it back.
    actor.send({ type: 'cash.statusChanged', request: cashRequestOf(0) });
    expect(actor.getSnapshot().value).toEqual({ open: 'waiting' });
    actor.send({ type: 'cash.statusChanged', request: cashRequestOf(1) });
    expect(actor.getSnapshot().value).toBe('complete');
    expect(followRequest.runs.every((run) => run.stopped)).toBe(true);
    actor.send({ type: 'cash.statusChanged', request: cashRequestOf(-1) });
    expect(actor.getSnapshot().value).toBe('complete');
  });
});
