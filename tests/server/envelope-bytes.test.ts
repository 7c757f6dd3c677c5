/**
 * The server's envelope (node:crypto) and the client's (crypto-js) are byte-compatible both ways: a
 * member's call opens on the server and the server's answer opens in the browser.
 */
import AES from 'crypto-js/aes.js';
import CryptoJS from 'crypto-js/core.js';
import { describe, expect, it } from 'vitest';
import * as client from '../../contract/envelope';
import * as server from '../../server/http/envelope';

const PAYLOADS: unknown[] = [
  {},
  { memId: 'demo01', memPass: 'secret12', captchaId: 'c-1', captcha: '1234' },
  { resultCode: '0', resultMessage: 'OK', data: { balance: 1_000_000, isPlayGame: 'N', gameMoney: 0 } },
  { memNick: '한빛회원', note: 'Xin chào — ✓ 🎰', list: [1, 2.5, null, true, 'a'.repeat(5_000)] },
  'a bare string',
  [],
];

const hex = (bytes: Buffer) => CryptoJS.enc.Hex.parse(bytes.toString('hex'));

/** What crypto-js seals with `keyHex` and a random IV, in the envelope's wire format. */
function sealWith(text: string, keyHex: string): string {
  const iv = CryptoJS.lib.WordArray.random(client.ENVELOPE_IV_BYTES);
  const { ciphertext } = AES.encrypt(text, CryptoJS.enc.Hex.parse(keyHex), { iv });
  return Buffer.concat([Buffer.from(iv.toString(), 'hex'), Buffer.from(ciphertext.toString(), 'hex')]).toString('base64');
}

describe('the server envelope and crypto-js', () => {
  it('opens what crypto-js sealed', () => {
    for (const payload of PAYLOADS) {
      expect(server.open(client.seal(payload, 'hanbit'))).toEqual({ ok: true, siteId: 'hanbit', payload });
    }
  });

  it('seals what crypto-js opens', () => {
    for (const payload of PAYLOADS) {
      expect(client.open(server.seal(payload, 'hanbit'))).toEqual({ ok: true, siteId: 'hanbit', payload });
    }
  });

  it('decrypts to the very plain text crypto-js decrypts, from the same cipher text', () => {
    const sealed = Buffer.from(server.seal({ cashAmt: 5_000 }, 'hanbit'), 'base64');
    const crypted = AES.decrypt(
      CryptoJS.lib.CipherParams.create({ ciphertext: hex(sealed.subarray(client.ENVELOPE_IV_BYTES)) }),
      hex(Buffer.from(client.ENVELOPE_KEY, 'hex')),
      { iv: hex(sealed.subarray(0, client.ENVELOPE_IV_BYTES)) },
    ).toString();
    expect(crypted).toMatch(/^[0-9a-f]+$/);
    const text = Buffer.from(crypted, 'hex').toString('utf8');
    expect(JSON.parse(text)).toMatchObject({ s: 'hanbit', d: { cashAmt: 5_000 } });
  });

  it('never gives the same body twice for the same payload', () => {
    expect(server.seal({ memPass: 'p' }, 's')).not.toEqual(server.seal({ memPass: 'p' }, 's'));
    expect(server.seal({ memPass: 'p' }, 's')).not.toContain('memPass');
  });

  it('carries the site id, so the server can refuse an envelope sealed for another site', () => {
    expect(server.open(client.seal({}, 'othersite'))).toEqual({ ok: true, siteId: 'othersite', payload: {} });
    expect(client.open(server.seal({}, 'othersite'))).toMatchObject({ ok: true, siteId: 'othersite' });
  });

  it('refuses garbage, another key, cut or altered cipher texts and non-strings', () => {
    const good = client.seal({ memId: 'demo01' }, 'hanbit');
    const otherKey = sealWith(JSON.stringify({ n: 'x', s: 'hanbit', d: {} }), 'ab'.repeat(32));
    const notEnvelope = sealWith(JSON.stringify({ hello: 'world' }), client.ENVELOPE_KEY);
    const flipped = Buffer.from(good, 'base64');
    flipped[flipped.length - 1]! ^= 0xff;
    for (const bad of [
      '', 'abc', 'U2FsdGVkX1+garbage==', 'U2FsdGVkX1', 42, null, undefined, { data: 1 }, 'x'.repeat(10_000),
      good.slice(0, 24), // the IV alone
      otherKey, notEnvelope, good.slice(0, -8), flipped.toString('base64'),
      Buffer.from('an IV, then one block of junk..').toString('base64'),
    ]) {
      expect(server.open(bad)).toEqual({ ok: false });
      expect(client.open(bad)).toEqual({ ok: false });
    }
  });
});
