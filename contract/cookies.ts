/** Reading the site's cookies from a Cookie header (the server) or document.cookie (the browser): one parser for both. */
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, type Locale } from './constants';

/** The raw (still encoded) value of one cookie, or null when it is not set. */
export function cookieValue(cookies: string, name: string): string | null {
  const prefix = `${name}=`;
  const entry = cookies.split(';').map((part) => part.trim()).find((part) => part.startsWith(prefix));
  return entry === undefined ? null : entry.slice(prefix.length);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The visitor's language from the 'lang' cookie; ko when unset or unknown. */
export function localeOfCookies(cookies: string): Locale {
  const raw = cookieValue(cookies, LOCALE_COOKIE);
  let value: string | null = null;
  try {
    value = raw === null ? null : decodeURIComponent(raw);
  } catch {
    // A malformed escape is no language.
  }
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
