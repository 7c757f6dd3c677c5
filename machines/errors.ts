/**
 * Reading the errors that invoked actors reject with (ApiError-like `{ code, message }` objects), and the
 * one way a refusal or a missing answer becomes the message id the member is shown.
 */
import { isResultCode, type ResultCode } from '../contract/codes';
import { answeredCode } from './answeredCode';

/** The message for a call that never got an answer from the server. */
export const NETWORK_ERROR_ID = 'front.error.network';

/**
 * The catalogue code the server answered with, or null when the call never got a real answer
 * (network failure, timeout codes, an unknown code, a plain Error).
 */
export function resultCodeOf(error: unknown): ResultCode | null {
  const code = answeredCode(error);
  return isResultCode(code) ? code : null;
}


/** What the server sent with its refusal (e.g. a bet's changed prices), or null. */
export function refusalDataOf(error: unknown): unknown {
  return resultCodeOf(error) !== null && typeof error === 'object' && error !== null && 'data' in error ? error.data ?? null : null;
}

export function resultMessageOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('message' in error)) return null;
  return typeof error.message === 'string' ? error.message : null;
}

/** The message id of a result code (the server's refusal, or a client-side check answering one): its catalogue entry. */
export function codeMessageId(code: string): string {
  return `api.${code}`;
}

/**
 * The message id to show for a call that failed: the refusal's catalogue entry when the server answered
 * with a code, otherwise `noAnswer` (by default "no connection"; a read shows "failed to load").
 */
export function failureMessageId(error: unknown, noAnswer: string = NETWORK_ERROR_ID): string {
  const code = resultCodeOf(error);
  return code === null ? noAnswer : codeMessageId(code);
}
