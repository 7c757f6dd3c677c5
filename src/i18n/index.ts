import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { Locale } from '../../contract/constants';
import { loadCatalog } from './catalogs';
import { writeLocaleCookie } from './localeCookie';

export { i18n };

export type MessageValues = Record<string, unknown>;

/** Translates a message id (a spec key such as 'front.member.emptyMemId' or 'api.U101'). */
export function t(id: string, values?: MessageValues): string {
  return i18n._(id, values);
}

/** True when the active catalog has a text for the id (used to fall back to a server message). */
export function hasMessage(id: string): boolean {
  return Boolean(i18n.messages[id]);
}

/** Loads the locale's catalog, activates it and remembers the choice in the 'lang' cookie. */
export async function activateLocale(locale: Locale): Promise<void> {
  const messages = await loadCatalog(locale);
  i18n.loadAndActivate({ locale, messages });
  writeLocaleCookie(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export function currentLocale(): Locale {
  return i18n.locale as Locale;
}

/** The translate function for components; re-renders them when the language changes. */
export function useT(): (id: string, values?: MessageValues) => string {
  const { _ } = useLingui();
  return (id, values) => _(id, values);
}
