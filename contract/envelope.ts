/**
 * The envelope every call and every real-time message travels in (SPEC §7).
 *
 * It is obfuscation, not secrecy: the key ships inside the client bundle. Confidentiality comes from
 * HTTPS and access control from the server. A random IV and a random nonce make the same payload
 * encrypt differently every time.
 *
 * On the wire: base64 of a random 16-byte IV followed by the AES-256-CBC cipher text (PKCS#7 padding) under
 * ENVELOPE_KEY. crypto-js seals and opens it in the browser with the key and IV given (no passphrase, so no
 * key derivation) and the platform's base64 (vite.config.ts leaves crypto-js's MD5, key derivation and base64
 * out of the bundle); the server uses node:crypto
 * (server/http/envelope.ts) around the same plain text below.
 */
import AES from 'crypto-js/aes.js';
import Utf8 from 'crypto-js/enc-utf8.js';
import CryptoJS from 'crypto-js/core.js';

/** The AES-256 key, hex: SHA-256 of "hb-envelope-2026:obfuscation-only". */
export const ENVELOPE_KEY = '1ba678e9eec2949ac20099f5929c49e941400d72fefe46d8039a04093321cca6';
/** The IV's length in bytes, at the start of every sealed string. */
export const ENVELOPE_IV_BYTES = 16;

/** The JSON body on the wire: `{ "data": "<ciphertext>" }`. */
export interface WireBody {
  data: string;
}

interface Sealed {
  n: string; // random per-message nonce
  s: string; // site id
  d: unknown; // the payload
}

export type Opened = { ok: true; siteId: string; payload: unknown } | { ok: false };

/** The plain text that gets encrypted: the payload with its site id and a nonce (12 random bytes, hex). */
export function sealedText(payload: unknown, siteId: string, nonceHex: string): string {
  const sealed: Sealed = { n: nonceHex, s: siteId, d: payload ?? {} };
  return JSON.stringify(sealed);
}

/** Reads a decrypted plain text; anything that is not a well-formed envelope gives `{ ok: false }`. */
export function openedText(text: string): Opened {
  if (!text) return { ok: false };
  try {
    const sealed = JSON.parse(text) as Partial<Sealed> | null;
    if (!sealed || typeof sealed !== 'object' || typeof sealed.n !== 'string' || typeof sealed.s !== 'string') {
      return { ok: false };
    }
    return { ok: true, siteId: sealed.s, payload: sealed.d };
  } catch {
    return { ok: false };
  }
}

function nonce(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const KEY = CryptoJS.enc.Hex.parse(ENVELOPE_KEY);
const IV_WORDS = ENVELOPE_IV_BYTES / 4;

export function seal(payload: unknown, siteId: string): string {
  const iv = CryptoJS.lib.WordArray.random(ENVELOPE_IV_BYTES);
  const { ciphertext } = AES.encrypt(sealedText(payload, siteId, nonce()), KEY, { iv });
  return btoa(CryptoJS.enc.Latin1.stringify(iv.clone().concat(ciphertext)));
}

/** Opens a sealed string; anything that is not a well-formed envelope gives `{ ok: false }`. */
export function open(cipher: unknown): Opened {
  if (typeof cipher !== 'string' || cipher.length === 0) return { ok: false };
  let text: string;
  try {
    const bytes = CryptoJS.enc.Latin1.parse(atob(cipher));
    const bodyBytes = bytes.sigBytes - ENVELOPE_IV_BYTES;
    if (bodyBytes <= 0 || bodyBytes % 16 !== 0) return { ok: false };
    const iv = CryptoJS.lib.WordArray.create(bytes.words.slice(0, IV_WORDS), ENVELOPE_IV_BYTES);
    const ciphertext = CryptoJS.lib.WordArray.create(bytes.words.slice(IV_WORDS, IV_WORDS + bodyBytes / 4), bodyBytes);
    text = AES.decrypt(CryptoJS.lib.CipherParams.create({ ciphertext }), KEY, { iv }).toString(Utf8);
  } catch {
    return { ok: false };
  }
  return openedText(text);
}
