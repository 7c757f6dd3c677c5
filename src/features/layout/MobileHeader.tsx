import { selectIsSignedIn } from '../../../machines/session';
import { useSessionSelector } from '../../app/appContext';
import { GuestButtons } from './GuestButtons';
import { LanguageSwitcher } from './LanguageSwitcher';
import { LogoutButton } from './LogoutButton';
import { MemberFacts } from './MemberFacts';
import { PartnerLink } from './PartnerLink';
import { SiteLogo } from './SiteLogo';

/** The phone header: the same member facts as the desktop header, stacked. */
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
    </header>
  );
}
