/**
 * The envelope on the server: the same bytes as contract/envelope.ts (crypto-js, which the client keeps),
 * opened and sealed with node:crypto: base64 of a random 16-byte IV and the AES-256-CBC cipher text (PKCS#7
 * padding) under ENVELOPE_KEY.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ENVELOPE_IV_BYTES, ENVELOPE_KEY, type Opened, openedText, sealedText } from '../../contract/envelope';

const NONCE_BYTES = 12;
const KEY = Buffer.from(ENVELOPE_KEY, 'hex');
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

export function seal(payload: unknown, siteId: string): string {
  const random = randomBytes(ENVELOPE_IV_BYTES + NONCE_BYTES);
  const iv = random.subarray(0, ENVELOPE_IV_BYTES);
  const cipher = createCipheriv('aes-256-cbc', KEY, iv);
  const text = sealedText(payload, siteId, random.subarray(ENVELOPE_IV_BYTES).toString('hex'));
  return Buffer.concat([iv, cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}

/** Opens a sealed string; anything that is not a well-formed envelope gives `{ ok: false }`. */
export function open(cipher: unknown): Opened {
  if (typeof cipher !== 'string' || cipher.length === 0) return { ok: false };
  const bytes = Buffer.from(cipher, 'base64');
  const body = bytes.subarray(ENVELOPE_IV_BYTES);
  if (body.length === 0 || body.length % 16 !== 0) return { ok: false };
  let text: string;
  try {
    const decipher = createDecipheriv('aes-256-cbc', KEY, bytes.subarray(0, ENVELOPE_IV_BYTES));
    text = STRICT_UTF8.decode(Buffer.concat([decipher.update(body), decipher.final()]));
  } catch {
    return { ok: false };
  }
  return openedText(text);
}
