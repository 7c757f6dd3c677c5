/**
 * The envelope on the server: the same bytes as contract/envelope.ts (crypto-js, which the client
 * keeps), opened and sealed with node:crypto. OpenSSL's passphrase format: base64 of "Salted__", an
 * 8-byte salt and the AES-256-CBC cipher text (PKCS#7 padding), key and IV from EVP_BytesToKey with
 * MD5 and one iteration. crypto-js derives the key in JavaScript on every call, which made the
 * envelope a fifth of the balance call's time; node:crypto does it natively.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { ENVELOPE_KEY, type Opened, openedText, sealedText } from '../../contract/envelope';

const SALTED = Buffer.from('Salted__', 'latin1');
const SALT_BYTES = 8;
const NONCE_BYTES = 12;
const KEY_BYTES = 32;
const IV_BYTES = 16;
const PASSPHRASE = Buffer.from(ENVELOPE_KEY, 'utf8');
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** EVP_BytesToKey(MD5, passphrase, salt, 1 iteration): 48 bytes, the key then the IV. */
function keyAndIv(salt: Buffer): { key: Buffer; iv: Buffer } {
  const blocks: Buffer[] = [];
  let previous = Buffer.alloc(0);
  while (blocks.length * 16 < KEY_BYTES + IV_BYTES) {
    previous = createHash('md5').update(previous).update(PASSPHRASE).update(salt).digest();
    blocks.push(previous);
  }
  const material = Buffer.concat(blocks);
  return { key: material.subarray(0, KEY_BYTES), iv: material.subarray(KEY_BYTES, KEY_BYTES + IV_BYTES) };
}

export function seal(payload: unknown, siteId: string): string {
  const random = randomBytes(SALT_BYTES + NONCE_BYTES);
  const salt = random.subarray(0, SALT_BYTES);
  const { key, iv } = keyAndIv(salt);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const text = sealedText(payload, siteId, random.subarray(SALT_BYTES).toString('hex'));
  return Buffer.concat([SALTED, salt, cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}

/** Opens a sealed string; anything that is not a well-formed envelope gives `{ ok: false }`. */
export function open(cipher: unknown): Opened {
  if (typeof cipher !== 'string' || cipher.length === 0) return { ok: false };
  const bytes = Buffer.from(cipher, 'base64');
  const body = bytes.subarray(SALTED.length + SALT_BYTES);
  if (!bytes.subarray(0, SALTED.length).equals(SALTED) || body.length === 0 || body.length % 16 !== 0) return { ok: false };
  const { key, iv } = keyAndIv(bytes.subarray(SALTED.length, SALTED.length + SALT_BYTES));
  let text: string;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, iv);
    text = STRICT_UTF8.decode(Buffer.concat([decipher.update(body), decipher.final()]));
  } catch {
    return { ok: false };
  }
  return openedText(text);
}
