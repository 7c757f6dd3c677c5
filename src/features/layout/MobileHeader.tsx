import { selectIsSignedIn } from '../../../machines/session';
import { useSessionSelector } from '../../app/appContext';
import { GuestButtons } from './GuestButtons';
import { LanguageSwitcher } from './LanguageSwitcher';
import { LogoutButton, MemberFacts, PartnerLink } from './memberLayer';
import { PhoneNav } from './PhoneNav';
import { SiteLogo } from './SiteLogo';

/**
 * The phone header, kept to two short rows: the menu button, logo, language and account buttons, then the
 * member's facts in one line. Everything else is in the phone navigation.
 */
export function MobileHeader() {
  const signedIn = useSessionSelector(selectIsSignedIn);
  return (
    <header className="mobile-header">
      <div className="mobile-header__top">
        <div className="mobile-header__brand">
          <PhoneNav />
          <SiteLogo compact />
        </div>
        <div className="mobile-header__tools">
          <LanguageSwitcher compact />
          {signedIn ? <LogoutButton /> : <GuestButtons />}
        </div>
      </div>
      {signedIn && (
        <div className="mobile-header__member">
          <MemberFacts />
          <PartnerLink quiet />
        </div>
      )}
    </header>
  );
}
