import { selectIsRestoring, selectIsSignedIn } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
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
  // While a kept session is restored the visitor is neither: no login buttons for a member who is signed in.
  const restoring = useSessionSelector(selectIsRestoring);
  return (
    <header className="mobile-header">
      <div className="mobile-header__top">
        <div className="mobile-header__brand">
          <PhoneNav />
          <SiteLogo compact />
        </div>
        <div className="mobile-header__tools">
          <LanguageSwitcher compact />
          {signedIn ? <LogoutButton /> : !restoring && <GuestButtons />}
        </div>
      </div>
      {/* Its row is kept while a kept session is restored, so the page below does not move when the facts come. */}
      {(signedIn || restoring) && (
        <div className="mobile-header__member">
          <MemberFacts />
          <PartnerLink />
        </div>
      )}
    </header>
  );
}
