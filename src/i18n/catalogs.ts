import type { Messages } from '@lingui/core';
import type { Locale } from '../../contract/constants';

/**
 * Each catalog comes in two chunks (vite.config.ts, splitCatalogs): the texts the first paint can show
 * (the shell's, the main page's, every menu label) and the rest, fetched only when its language is used.
 */
export type CatalogPart = 'firstPaint' | 'rest';

const loaders: Record<Locale, Record<CatalogPart, () => Promise<{ messages: Messages }>>> = {
  ko: { firstPaint: () => import('../../locales/ko/messages.po?part=firstPaint'), rest: () => import('../../locales/ko/messages.po?part=rest') },
  en: { firstPaint: () => import('../../locales/en/messages.po?part=firstPaint'), rest: () => import('../../locales/en/messages.po?part=rest') },
  vi: { firstPaint: () => import('../../locales/vi/messages.po?part=firstPaint'), rest: () => import('../../locales/vi/messages.po?part=rest') },
};

export async function loadCatalog(locale: Locale, parts: readonly CatalogPart[]): Promise<Messages> {
  const loadedParts = await Promise.all(parts.map((part) => loaders[locale][part]()));
  return Object.assign({}, ...loadedParts.map((part) => part.messages)) as Messages;
}
