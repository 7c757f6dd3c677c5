import { LOCALES } from '../../../contract/constants';
import { activateLocale, currentLocale, useT } from '../../i18n';
import { isLocale } from '../../../contract/cookies';

function GlobeIcon() {
  return (
    <svg className="lang-switch__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/**
 * ko / en / vi: saves the choice in the 'lang' cookie and switches the texts in place. `compact` shows the
 * language codes (phones), each option still named in full for screen readers.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const t = useT();
  return (
    <label className={compact ? 'lang-switch lang-switch--compact' : 'lang-switch'}>
      <span className="visually-hidden">{t('front.lang.label')}</span>
      <GlobeIcon />
      <select
        value={currentLocale()}
        data-testid="language-switcher"
        onChange={(event) => {
          if (isLocale(event.target.value)) void activateLocale(event.target.value);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} aria-label={t(`front.lang.${locale}`)}>
            {compact ? locale.toUpperCase() : t(`front.lang.${locale}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
