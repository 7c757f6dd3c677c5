/**
 * Amounts as every money call reads them: won and points are safe positive integers, USDT integer
 * micro-units (USDT_MICRO per coin). An amount arrives as a JSON number or a string of digits;
 * anything else (missing, empty, negative, fractional, 1e30, '12abc', a float that merely looks
 * whole) is refused with the calling rule's own code. Conversions between USDT and won round down
 * and stay exact (BigInt) for any safe amount.
 */
import type { ResultCode } from '../../contract/codes';
import { USDT_MICRO } from '../../contract/wallet';
import { Failure } from '../failure';

const DIGITS = /^[0-9]{1,16}$/;

/** The amount as an integer, or null when it is not a safe positive integer. */
export function readAmount(value: unknown): number | null {
  let amount: number;
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string' && DIGITS.test(value)) amount = Number(value);
  else return null;
  return Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

/** The amount, or a refusal with `code`. */
export function requireAmount(value: unknown, code: ResultCode): number {
  const amount = readAmount(value);
  if (amount === null) throw new Failure(code);
  return amount;
}

/** A positive whole amount: `missing` when nothing was sent, `bad` for anything else that is not one. */
export function wholeAmount(value: number | string | undefined, codes: { missing: ResultCode; bad: ResultCode }): number {
  if (value === undefined || value === '') throw new Failure(codes.missing);
  return requireAmount(value, codes.bad);
}

/** Won for USDT micro-units at a price: floor(usdt * price / 1e6); null when beyond a safe integer. */
export function wonForUsdt(usdtMicro: number, priceKrw: number): number | null {
  const won = (BigInt(usdtMicro) * BigInt(priceKrw)) / BigInt(USDT_MICRO);
  return won <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(won) : null;
}

/** USDT micro-units paid for won at a price: floor(won * 1e6 / price). */
export function usdtForWon(won: number, priceKrw: number): number {
  return Number((BigInt(won) * BigInt(USDT_MICRO)) / BigInt(priceKrw));
}

/** floor(amount * percent / 100), exact for any safe amount (bonus and rate maths). */
export function percentOf(amount: number, percent: number): number {
  return Number((BigInt(amount) * BigInt(percent)) / 100n);
}
