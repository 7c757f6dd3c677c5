/**
 * The signature of the game provider's calls (contract/gameProvider.ts): hex HMAC-SHA256 of signedText with
 * the operator's secret. Node only (node:crypto): the site's server signs, the provider checks; the browser
 * project (tsconfig.app.json) leaves this file out.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { signedText } from './gameProvider';

export function vendorSignature(secret: string, timestamp: string, path: string, body: string): string {
  return createHmac('sha256', secret).update(signedText(timestamp, path, body)).digest('hex');
}

/** Constant-time check of a signature against the expected one. */
export function signatureMatches(secret: string, timestamp: string, path: string, body: string, signature: string): boolean {
  const expected = Buffer.from(vendorSignature(secret, timestamp, path, body), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
