import { LOCALE_COOKIE, type Locale } from '../../contract/constants';
import { localeOfCookies } from '../../contract/cookies';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** The member's language from the 'lang' cookie; ko when unset or unknown. */
export function readLocaleCookie(cookie: string = globalThis.document?.cookie ?? ''): Locale {
  return localeOfCookies(cookie);
}

export function writeLocaleCookie(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
}
