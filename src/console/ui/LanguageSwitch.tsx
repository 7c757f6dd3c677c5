import { useLingui } from '@lingui/react';
import { activateConsoleLocale, CONSOLE_LOCALES, type ConsoleLocale, useCt } from '../i18n';

export function LanguageSwitch() {
  const t = useCt();
  const { i18n } = useLingui();
  return (
    <select className="language" aria-label={t('console.common.language')} value={i18n.locale} data-testid="console-language"
      onChange={(event) => void activateConsoleLocale(event.target.value as ConsoleLocale)}>
      {CONSOLE_LOCALES.map((locale) => <option key={locale} value={locale}>{t(`console.language.${locale}`)}</option>)}
    </select>
  );
}
