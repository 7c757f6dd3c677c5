/**
 * The console's texts: a catalog of its own (locales/{ko,en}/console.po, ids `console.*`), Korean first
 * with English. The choice is kept in the console's own cookie, apart from the member site's language.
 */
import { setupI18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';

export const CONSOLE_LOCALES = ['ko', 'en'] as const;
export type ConsoleLocale = (typeof CONSOLE_LOCALES)[number];

const COOKIE = 'console_lang';

const catalogs: Record<ConsoleLocale, () => Promise<{ messages: Messages }>> = {
  ko: () => import('../../locales/ko/console.po'),
  en: () => import('../../locales/en/console.po'),
};

export const consoleI18n = setupI18n();

export function savedLocale(): ConsoleLocale {
  const match = new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]*)`).exec(document.cookie);
  return (CONSOLE_LOCALES as readonly string[]).includes(match?.[1] ?? '') ? (match![1] as ConsoleLocale) : 'ko';
}

export async function activateConsoleLocale(locale: ConsoleLocale): Promise<void> {
  const { messages } = await catalogs[locale]();
  consoleI18n.load(locale, messages);
  consoleI18n.activate(locale);
  document.documentElement.lang = locale;
  document.cookie = `${COOKIE}=${locale}; path=/admin; max-age=31536000; samesite=strict`;
}

export type Translate = (id: string, values?: Record<string, unknown>) => string;

/** The console's translate function (re-renders on a language change through I18nProvider). */
export function useCt(): Translate {
  const { _ } = useLingui();
  return (id, values) => _(id, values);
}
