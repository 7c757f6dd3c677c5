import { Link } from '@tanstack/react-router';
import { selectIsSignedIn } from '../../../machines/session';
import { useSessionSelector } from '../../app/appContext';
import { useT } from '../../i18n';
import { GuestButtons } from './GuestButtons';
import { LanguageSwitcher } from './LanguageSwitcher';
import { LogoutButton } from './LogoutButton';
import { MemberFacts } from './MemberFacts';
import { PartnerLink } from './PartnerLink';
import { SiteLogo } from './SiteLogo';

/** The phone's way to the money pages (the desktop has them in the left menu). */
function MoneyLinks() {
  const t = useT();
  return (
    <nav className="mobile-header__tools" aria-label={t('front.menu.wallet')}>
      <Link to="/member/chargeMain/charge" className="btn btn--gold btn--sm btn--block" data-testid="header-deposit">
        {t('front.menu.deposit')}
      </Link>
      <Link to="/member/exchangeMain/exchange" className="btn btn--ghost btn--sm btn--block" data-testid="header-withdrawal">
        {t('front.menu.withdrawal')}
      </Link>
    </nav>
  );
}

/** The phone header: the same member facts as the desktop header, stacked, and the money links. */
export function MobileHeader() {
  const signedIn = useSessionSelector(selectIsSignedIn);
  return (
    <header className="mobile-header">
      <div className="mobile-header__top">
        <SiteLogo compact />
        <div className="mobile-header__tools">
          <LanguageSwitcher compact />
          {signedIn ? <LogoutButton /> : <GuestButtons />}
        </div>
      </div>
      {signedIn && (
        <div className="mobile-header__member">
          <MemberFacts />
          <PartnerLink />
        </div>
      )}
      {signedIn && <MoneyLinks />}
    </header>
  );
}
