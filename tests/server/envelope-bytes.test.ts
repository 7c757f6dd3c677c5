/**
 * The server's envelope (node:crypto) and the client's (crypto-js) are byte-compatible both ways: a
 * member's call opens on the server and the server's answer opens in the browser.
 */
import AES from 'crypto-js/aes.js';
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
    const sealed = server.seal({ cashAmt: 5_000 }, 'hanbit');
    expect(sealed.startsWith('U2FsdGVkX1')).toBe(true); // base64 of "Salted__"
    const crypted = AES.decrypt(sealed, client.ENVELOPE_KEY).toString();
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
    const otherKey = AES.encrypt(JSON.stringify({ n: 'x', s: 'hanbit', d: {} }), 'another key').toString();
    const notEnvelope = AES.encrypt(JSON.stringify({ hello: 'world' }), client.ENVELOPE_KEY).toString();
    const flipped = Buffer.from(good, 'base64');
    flipped[flipped.length - 1]! ^= 0xff;
    for (const bad of [
      '', 'abc', 'U2FsdGVkX1+garbage==', 'U2FsdGVkX1', 42, null, undefined, { data: 1 }, 'x'.repeat(10_000),
      otherKey, notEnvelope, good.slice(0, -8), flipped.toString('base64'),
      Buffer.from('not salted at all, sixteen bytes!').toString('base64'),
    ]) {
      expect(server.open(bad)).toEqual({ ok: false });
      expect(client.open(bad)).toEqual({ ok: false });
    }
  });
});
