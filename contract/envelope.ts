/**
 * The envelope every call and every real-time message travels in (SPEC §7).
 *
 * It is obfuscation, not secrecy: the key ships inside the client bundle. Confidentiality comes from
 * HTTPS and access control from the server. A random nonce and the cipher's random salt make the same
 * payload encrypt differently every time.
 */
import { decryptSalted, encryptSalted } from './opensslAes';

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

function nonce(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function seal(payload: unknown, siteId: string): string {
  const sealed: Sealed = { n: nonce(), s: siteId, d: payload ?? {} };
  return encryptSalted(JSON.stringify(sealed), ENVELOPE_KEY);
}

export type Opened = { ok: true; siteId: string; payload: unknown } | { ok: false };

/** Opens a sealed string; anything that is not a well-formed envelope gives `{ ok: false }`. */
export function open(cipher: unknown): Opened {
  if (typeof cipher !== 'string' || cipher.length === 0) return { ok: false };
  try {
    const text = decryptSalted(cipher, ENVELOPE_KEY);
    if (!text) return { ok: false };
    const sealed = JSON.parse(text) as Partial<Sealed> | null;
    if (!sealed || typeof sealed !== 'object' || typeof sealed.n !== 'string' || typeof sealed.s !== 'string') {
      return { ok: false };
    }
    return { ok: true, siteId: sealed.s, payload: sealed.d };
  } catch {
    return { ok: false };
  }
}
