import { selectIsRestoring, selectIsSignedIn } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import { useT } from '../../i18n';
import { GuestButtons } from './GuestButtons';
import { LanguageSwitcher } from './LanguageSwitcher';
import { LogoutButton, MemberFacts, PartnerLink } from './memberLayer';
import { SiteLogo } from './SiteLogo';

/** SPEC §2 top header: logo and promotions; guests get sign-up/login, members their facts and logout. */
export function DesktopHeader() {
  const t = useT();
  const signedIn = useSessionSelector(selectIsSignedIn);
  // While a kept session is restored the visitor is neither: no login buttons for a member who is signed in.
  const restoring = useSessionSelector(selectIsRestoring);
  return (
    <header className="site-header">
      <div className="site-header__brand">
        <SiteLogo />
        <ul className="promo-chips" aria-label={t('front.main.promoBadge')}>
          <li className="promo-chip">{t('front.header.promoFirst')}</li>
          <li className="promo-chip promo-chip--daily">{t('front.header.promoDaily')}</li>
        </ul>
      </div>
      <div className="site-header__actions">
        {signedIn ? (
          <>
            <MemberFacts />
            <PartnerLink />
            <LogoutButton />
          </>
        ) : (
          !restoring && <GuestButtons />
        )}
        <LanguageSwitcher />
      </div>
    </header>
  );
}
