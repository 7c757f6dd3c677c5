/**
 * The envelope every call and every real-time message travels in (SPEC §7).
 *
 * It is obfuscation, not secrecy: the key ships inside the client bundle. Confidentiality comes from
 * HTTPS and access control from the server. A random nonce and crypto-js's random salt make the same
 * payload encrypt differently every time.
 *
 * The cipher text is OpenSSL's "Salted__" format (EVP_BytesToKey with MD5, AES-256-CBC), which is what
 * crypto-js produces from a passphrase; the server opens and seals the same bytes with node:crypto
 * (server/http/envelope.ts) around the same plain text below.
 */
import AES from 'crypto-js/aes.js';
import Utf8 from 'crypto-js/enc-utf8.js';

export const ENVELOPE_KEY = 'hb-envelope-2026:obfuscation-only';

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

export function seal(payload: unknown, siteId: string): string {
  return AES.encrypt(sealedText(payload, siteId, nonce()), ENVELOPE_KEY).toString();
}

/** Opens a sealed string; anything that is not a well-formed envelope gives `{ ok: false }`. */
export function open(cipher: unknown): Opened {
  if (typeof cipher !== 'string' || cipher.length === 0) return { ok: false };
  let text: string;
  try {
    text = AES.decrypt(cipher, ENVELOPE_KEY).toString(Utf8);
  } catch {
    return { ok: false };
  }
  return openedText(text);
}
