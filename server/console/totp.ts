/**
 * TOTP (RFC 6238) over HOTP (RFC 4226) with node:crypto: 6 digits, 30-second steps, HMAC-SHA1 (what
 * authenticator apps read from an otpauth:// URL without parameters). A code is accepted one step early
 * or late (clock drift) and only for a step after the last one accepted (no replay).
 */
import { createHmac, randomBytes } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps before and after the current one that are still accepted. */
const DRIFT_STEPS = 1;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export type HmacAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** RFC 4226 §5.3: the counter as 8 big-endian bytes, HMAC, dynamic truncation, `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm: HmacAlgorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of an instant (RFC 6238 §4: T = floor((unix time - T0) / X), T0 = 0). */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

export function totpAt(key: Buffer, at: Date, digits = TOTP_DIGITS, algorithm: HmacAlgorithm = 'sha1'): string {
  return hotp(key, totpStep(at), digits, algorithm);
}

/** A fresh secret: 20 random bytes (RFC 4226's recommended 160 bits), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/**
 * The step a code belongs to when it is right at `at` (give or take one step) and after `lastStep`;
 * null otherwise. The caller stores the step so the same code is not accepted again.
 */
export function matchTotp(secret: string, code: string, at: Date, lastStep: number): number | null {
  const key = base32Decode(secret);
  const now = totpStep(at);
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    if (step > lastStep && hotp(key, step) === code) return step;
  }
  return null;
}

/** The otpauth:// URL an authenticator app reads from a QR code (Key Uri Format). */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
}
