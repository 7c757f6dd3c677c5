/**
 * The session token lives in the 'token' cookie (SPEC §9: 120-minute life) as JSON {token, expiresAt},
 * so a reload or a second tab picks up the same session.
 */
import { SESSION_TTL_MS, TOKEN_COOKIE } from '../../contract/constants';
import { cookieValue } from '../../contract/cookies';
import type { SessionToken } from '../../contract/types';

function cookieAttributes(maxAgeSeconds: number): string {
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  return `; max-age=${maxAgeSeconds}; path=/; SameSite=Lax${secure}`;
}

function parseToken(raw: string): SessionToken | null {
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<SessionToken> | null;
    if (typeof value?.token !== 'string' || value.token === '' || typeof value.expiresAt !== 'string') return null;
    if (Number.isNaN(Date.parse(value.expiresAt))) return null;
    return { token: value.token, expiresAt: value.expiresAt };
  } catch {
    return null;
  }
}

/** The stored token, or null when there is none or it is unreadable or already expired. */
export function readToken(): SessionToken | null {
  if (typeof document === 'undefined') return null;
  const raw = cookieValue(document.cookie, TOKEN_COOKIE);
  if (raw === null) return null;
  const token = parseToken(raw);
  if (token === null || Date.parse(token.expiresAt) <= Date.now()) return null;
  return token;
}

export function writeToken(token: SessionToken): void {
  const value = encodeURIComponent(JSON.stringify({ token: token.token, expiresAt: token.expiresAt }));
  document.cookie = `${TOKEN_COOKIE}=${value}${cookieAttributes(SESSION_TTL_MS / 1000)}`;
}

export function clearToken(): void {
  document.cookie = `${TOKEN_COOKIE}=${cookieAttributes(0)}`;
}
