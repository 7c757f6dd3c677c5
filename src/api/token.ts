/**
 * The session token lives in the 'token' cookie (SPEC §9: 120-minute life) as JSON {token, expiresAt},
 * so a reload or a second tab picks up the same session. When the operator puts the partner area on a host
 * of its own (site option `partnerHostPrefix`), the cookie is written for the site's parent domain instead
 * (`shareTokenWith`), so the partner host sees the same session.
 */
import { SESSION_TTL_MS, TOKEN_COOKIE } from '../../contract/constants';
import { cookieValue } from '../../contract/cookies';
import type { SessionToken } from '../../contract/types';

/** The parent domain the cookie is written for, or null for this host only. */
let sharedDomain: string | null = null;

function cookieAttributes(maxAgeSeconds: number, domain: string | null = sharedDomain): string {
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  return `; max-age=${maxAgeSeconds}; path=/${domain ? `; domain=${domain}` : ''}; SameSite=Lax${secure}`;
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
  // A shared cookie replaces this host's own, which would otherwise be read first and go stale.
  if (sharedDomain) document.cookie = `${TOKEN_COOKIE}=${cookieAttributes(0, null)}`;
  document.cookie = `${TOKEN_COOKIE}=${value}${cookieAttributes(SESSION_TTL_MS / 1000)}`;
}

export function clearToken(): void {
  document.cookie = `${TOKEN_COOKIE}=${cookieAttributes(0, null)}`;
  if (sharedDomain) document.cookie = `${TOKEN_COOKIE}=${cookieAttributes(0)}`;
}

/** Writes the session cookie for `domain` (the site's and the partner host's parent) from now on, or for this host only (null). */
export function shareTokenWith(domain: string | null): void {
  if (typeof document === 'undefined' || domain === sharedDomain) return;
  const token = readToken();
  if (token) clearToken();
  sharedDomain = domain;
  if (token) writeToken(token);
}
