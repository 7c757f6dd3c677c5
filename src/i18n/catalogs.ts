import type { Messages } from '@lingui/core';
import type { Locale } from '../../contract/constants';

/** Each catalog is its own chunk, fetched only when its language is chosen. */
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  ko: () => import('../../locales/ko/messages.po'),
  en: () => import('../../locales/en/messages.po'),
  vi: () => import('../../locales/vi/messages.po'),
};

export async function loadCatalog(locale: Locale): Promise<Messages> {
  const { messages } = await loaders[locale]();
  return messages;
}
