/**
 * Amount parsing shared by every money call: only a safe positive integer passes, given as a JSON
 * number or a string of digits. Anything else (missing, empty, negative, fractional, 1e30, '12abc',
 * a float that merely looks whole) is refused with the calling rule's own "enter amount" code.
 */
import type { ResultCode } from '../../contract/codes';
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
