/**
 * Amounts as every money call reads them: won and points are safe positive integers, USDT integer
 * micro-units (USDT_MICRO per coin). An amount arrives as a JSON number or a string of digits;
 * anything else (missing, empty, negative, fractional, 1e30, '12abc', a float that merely looks
 * whole) is refused with the calling rule's own code. Parsing and the USDT maths are the contract's
 * (contract/amounts.ts), shared with the client; this module adds the refusals.
 */
import type { ResultCode } from '../../contract/codes';
import { readAmount } from '../../contract/amounts';
import { Failure } from '../failure';

// One home for the maths: the contract's, shared with the client.
export { readAmount, usdtForWon, wonForUsdt } from '../../contract/amounts';

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

/** floor(amount * percent / 100), exact for any safe amount (bonus and rate maths). */
export function percentOf(amount: number, percent: number): number {
  return Number((BigInt(amount) * BigInt(percent)) / 100n);
}
