/**
 * The code a refusal carries, apart from machines/errors.ts: the session machine, which every first load
 * carries, needs only this, and errors.ts brings the whole result-code catalogue (contract/codes.ts) with it.
 */
import { NO_ANSWER_CODE, RETRY_CODES } from '../contract/codeBasics';

/**
 * The code the server answered with, by its shape alone (not a retry code, not the client's no-answer code), without looking
 * it up in the catalogue: what the session machine needs, which every first load carries, and the catalogue
 * with it otherwise.
 */
export function answeredCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error;
  return typeof code === 'string' && code !== '' && code !== NO_ANSWER_CODE && !RETRY_CODES.includes(code) ? code : null;
}
