import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useSyncExternalStore } from 'react';
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

/** Locales whose whole catalog is loaded, and the loads of the rest under way. */
const whole = new Set<Locale>();
const restLoads = new Map<Locale, Promise<void>>();

/**
 * Loads the locale's catalog, activates it and remembers the choice in the 'lang' cookie. At start
 * (`firstPaint`) only the texts the first paint can show are loaded; loadAllMessages brings the rest.
 */
export async function activateLocale(locale: Locale, { firstPaint = false }: { firstPaint?: boolean } = {}): Promise<void> {
  const messages = await loadCatalog(locale, firstPaint && !whole.has(locale) ? ['firstPaint'] : ['firstPaint', 'rest']);
  if (!firstPaint) whole.add(locale);
  i18n.load(locale, messages);
  i18n.activate(locale);
  writeLocaleCookie(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * The rest of the active locale's catalog. Every screen but the main page and every dialog waits for it
 * before it shows (routes/screens.ts, routes/shared.tsx, the shells' dialogs); a text asked for before
 * it arrived asks for it too, and shows once it is there (the catalog's change re-renders).
 */
export function loadAllMessages(): Promise<void> {
  const locale = currentLocale();
  if (whole.has(locale)) return Promise.resolve();
  let load = restLoads.get(locale);
  if (!load) {
    load = loadCatalog(locale, ['rest']).then((messages) => {
      whole.add(locale);
      i18n.load(locale, messages);
    }).finally(() => restLoads.delete(locale));
    restLoads.set(locale, load);
  }
  return load;
}

i18n.on('missing', () => void loadAllMessages().catch(() => undefined));

export function currentLocale(): Locale {
  return i18n.locale as Locale;
}

// Bumped by every catalog change (a language switched, the rest of a catalog arrived).
let catalogVersion = 0;
i18n.on('change', () => {
  catalogVersion += 1;
});
const subscribeCatalog = (onChange: () => void) => i18n.on('change', onChange);
const readCatalogVersion = () => catalogVersion;

/**
 * The translate function for components; re-renders them when the language changes or more of its catalog
 * arrives. I18nProvider alone would miss a catalog that arrives between a component's render and the
 * provider's subscription (the first paint asking for a text of the rest): useSyncExternalStore checks
 * the version again when it subscribes.
 */
export function useT(): (id: string, values?: MessageValues) => string {
  const { _ } = useLingui();
  useSyncExternalStore(subscribeCatalog, readCatalogVersion, readCatalogVersion);
  return (id, values) => _(id, values);
}
