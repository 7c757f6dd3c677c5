/** Code for a call that never got a readable answer (no connection, time-out, garbled body). */
export { NO_ANSWER_CODE as NETWORK_ERROR } from '../../contract/codeBasics';
/** SPEC §8: the error text when the server gave no resultMessage. */
export const RESPONSE_FAILED = 'RESPONSE_FAILED';

/** A failed call: the server's resultCode (or NETWORK_ERROR), its resultMessage and what it sent with the refusal (null mostly). */
export class ApiError extends Error {
  readonly code: string;
  readonly data: unknown;

  constructor(code: string, message?: string | null, data: unknown = null) {
    super(message || RESPONSE_FAILED);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}
