import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSalted, encryptSalted } from '../../contract/opensslAes';

const PASS = 'hb-envelope-2026:obfuscation-only';

/** OpenSSL's own EVP_BytesToKey (MD5, one round), from node:crypto: the reference the wire format follows. */
function keyIv(salt: Buffer) {
  let last = Buffer.alloc(0);
  let out = Buffer.alloc(0);
  while (out.length < 48) {
    last = createHash('md5').update(Buffer.concat([last, Buffer.from(PASS), salt])).digest();
    out = Buffer.concat([out, last]);
  }
  return { key: out.subarray(0, 32), iv: out.subarray(32, 48) };
}

const texts = ['', 'a', '0123456789abcdef', `한국어 {"memId":"demo01"} ${'y'.repeat(1000)}`];

describe('OpenSSL "Salted__" AES-256-CBC', () => {
  it('writes what OpenSSL reads', () => {
    for (const text of texts) {
      const bytes = Buffer.from(encryptSalted(text, PASS), 'base64');
      expect(bytes.subarray(0, 8).toString()).toBe('Salted__');
      const { key, iv } = keyIv(bytes.subarray(8, 16));
      const decipher = createDecipheriv('aes-256-cbc', key, iv);
      expect(Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]).toString()).toBe(text);
    }
  });

  it('reads what OpenSSL writes', () => {
    for (const text of texts) {
      const salt = randomBytes(8);
      const { key, iv } = keyIv(salt);
      const cipher = createCipheriv('aes-256-cbc', key, iv);
      const wire = Buffer.concat([Buffer.from('Salted__'), salt, cipher.update(text), cipher.final()]).toString('base64');
      expect(decryptSalted(wire, PASS)).toBe(text);
    }
  });

  it('refuses another passphrase and a cut ciphertext', () => {
    const wire = encryptSalted('{"a":1}', PASS);
    const withOther = () => {
      try {
        return decryptSalted(wire, 'other');
      } catch {
        return null;
      }
    };
    expect(withOther()).not.toBe('{"a":1}');
    expect(() => decryptSalted(wire.slice(0, -8), PASS)).toThrow();
  });
});
