/**
 * Amount parsing shared by every money call: only a safe positive integer passes, given as a JSON
 * number or a string of digits. Anything else (missing, empty, negative, fractional, 1e30, '12abc',
 * a float that merely looks whole) is refused with the calling rule's own "enter amount" code.
 */
import type { ResultCode } from '../../contract/codes';
import { readAmount } from '../../contract/amounts';
import { Failure } from '../failure';

export { readAmount };

/** The amount, or a refusal with `code`. */
export function requireAmount(value: unknown, code: ResultCode): number {
  const amount = readAmount(value);
  if (amount === null) throw new Failure(code);
  return amount;
}
