/** Reading the errors that invoked actors reject with (ApiError-like `{ code, message }` objects). */
import { isResultCode, RETRY_CODES, type ResultCode } from '../contract/codes';

/** The message for a call that never got an answer from the server. */
export const NETWORK_ERROR_ID = 'front.error.network';

/**
 * The catalogue code the server answered with, or null when the call never got a real answer
 * (network failure, timeout codes, an unknown code, a plain Error).
 */
export function resultCodeOf(error: unknown): ResultCode | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error;
  return isResultCode(code) && !RETRY_CODES.includes(code) ? code : null;
}

export function resultMessageOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('message' in error)) return null;
  return typeof error.message === 'string' ? error.message : null;
}
