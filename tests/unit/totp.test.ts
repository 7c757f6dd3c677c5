/** TOTP (server/console/totp.ts) against RFC 6238 Appendix B and HOTP against RFC 4226 Appendix D. */
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, totpAt, totpStep } from '../../server/console/totp';

const SEED_SHA1 = Buffer.from('12345678901234567890');
const SEED_SHA256 = Buffer.from('12345678901234567890123456789012');
const SEED_SHA512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

// RFC 6238 Appendix B: time (seconds), then the 8-digit TOTP for SHA1, SHA256, SHA512.
const RFC6238: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC6238)('at %i s gives the RFC values', (seconds, sha1, sha256, sha512) => {
    const at = new Date(seconds * 1000);
    expect(totpAt(SEED_SHA1, at, 8, 'sha1')).toBe(sha1);
    expect(totpAt(SEED_SHA256, at, 8, 'sha256')).toBe(sha256);
    expect(totpAt(SEED_SHA512, at, 8, 'sha512')).toBe(sha512);
  });

  it('HOTP gives RFC 4226 Appendix D values', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(SEED_SHA1, counter))).toEqual(expected);
  });

  it('base32 round-trips (RFC 4648 test vector)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
  });

  it('accepts a code one step early or late, never twice, never older', () => {
    const secret = base32Encode(SEED_SHA1);
    const at = new Date(1_234_567_890_000);
    const step = totpStep(at);
    const code = (s: number) => hotp(SEED_SHA1, s);
    expect(matchTotp(secret, code(step), at, 0)).toBe(step);
    expect(matchTotp(secret, code(step - 1), at, 0)).toBe(step - 1);
    expect(matchTotp(secret, code(step + 1), at, 0)).toBe(step + 1);
    expect(matchTotp(secret, code(step - 2), at, 0)).toBeNull();
    expect(matchTotp(secret, code(step), at, step)).toBeNull();
  });

  it('makes the otpauth URL an authenticator reads', () => {
    expect(otpauthUrl('Hanbit Console', 'owner', 'ABC')).toBe(
      'otpauth://totp/Hanbit%20Console%3Aowner?secret=ABC&issuer=Hanbit+Console&algorithm=SHA1&digits=6&period=30',
    );
  });
});
