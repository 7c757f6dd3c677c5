import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, type Locale } from '../../contract/constants';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The member's language from the 'lang' cookie; ko when unset or unknown. */
export function readLocaleCookie(cookie: string = globalThis.document?.cookie ?? ''): Locale {
  const entry = cookie.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${LOCALE_COOKIE}=`));
  const value = entry ? decodeURIComponent(entry.slice(LOCALE_COOKIE.length + 1)) : '';
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function writeLocaleCookie(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
}
