import { LOCALES } from '../../../contract/constants';
import { activateLocale, currentLocale, useT } from '../../i18n';
import { isLocale } from '../../i18n/localeCookie';

/** ko / en / vi: saves the choice in the 'lang' cookie and switches the texts in place. */
export function LanguageSwitcher() {
  const t = useT();
  return (
    <label className="lang-switch">
      <span className="visually-hidden">{t('front.lang.label')}</span>
      <span aria-hidden="true" className="lang-switch__icon">
        🌐
      </span>
      <select
        value={currentLocale()}
        data-testid="language-switcher"
        onChange={(event) => {
          if (isLocale(event.target.value)) void activateLocale(event.target.value);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {t(`front.lang.${locale}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
