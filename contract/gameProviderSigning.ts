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

/** The names of a signed call's three headers (VENDOR_HEADERS, FEED_HEADERS). */
export interface SigningHeaderNames {
  readonly operator: string;
  readonly timestamp: string;
  readonly signature: string;
}

/** The headers of a signed JSON call: the operator, the timestamp, and the signature over them, the path and the body. */
export function signedCallHeaders(
  names: SigningHeaderNames, operator: string, secret: string, path: string, body: string, timestamp = String(Date.now()),
): Record<string, string> {
  return {
    'content-type': 'application/json',
    [names.operator]: operator,
    [names.timestamp]: timestamp,
    [names.signature]: vendorSignature(secret, timestamp, path, body),
  };
}
