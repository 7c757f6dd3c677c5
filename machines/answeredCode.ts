/**
 * The code a refusal carries, apart from machines/errors.ts: the session machine, which every first load
 * carries, needs only this, and errors.ts brings the whole result-code catalogue (contract/codes.ts) with it.
 */
import { RETRY_CODES } from '../contract/codeBasics';

/**
 * The code the server answered with, by its shape alone (a code that is not a retry code), without looking
 * it up in the catalogue: what the session machine needs, which every first load carries, and the catalogue
 * with it otherwise.
 */
export function answeredCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error;
  return typeof code === 'string' && code !== '' && !RETRY_CODES.includes(code) ? code : null;
}
