import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { GameHost, NewMessagePopup } from '../app/memberShell';
import { LanguageSwitcher } from '../features/layout/LanguageSwitcher';
import { LogoutButton, MemberFacts } from '../features/layout/memberLayer';
import { SiteLogo } from '../features/layout/SiteLogo';
import { PartnerNav } from '../features/partner/PartnerNav';
import { usePartnerHosts } from '../data/partnerHost';
import { useT } from '../i18n';
import { screenLink } from './screens';
import './PartnerShell.css';

/**
 * The desktop partner area's frame (SPEC §2: the main header is hidden there): a slim bar with the brand, the
 * area's name, the partner's own money, a way back to the site, the language and logout; the area's menu on
 * the left. It opens in a tab of its own from the site header's partner link; on the partner host (a site
 * option) the way back leads to the site's own host.
 */
export function PartnerShell() {
  const t = useT();
  const current = useMatches({ select: (matches) => matches.at(-1)?.staticData.screen });
  const hosts = usePartnerHosts();
  return (
    <div className="partner-shell">
      <header className="partner-bar" data-testid="partner-bar">
        <div className="partner-bar__brand">
          <SiteLogo />
          <span className="partner-bar__area">{t('front.partner.area')}</span>
        </div>
        <div className="partner-bar__actions">
          <MemberFacts />
          {hosts?.onPartnerHost ? (
            <a href={`${hosts.siteOrigin}/`} className="btn btn--ghost btn--sm" data-testid="partner-back-to-site">{t('front.partner.backToSite')}</a>
          ) : (
            <Link {...screenLink('desktop', 'main')} className="btn btn--ghost btn--sm" data-testid="partner-back-to-site">
              {t('front.partner.backToSite')}
            </Link>
          )}
          <LanguageSwitcher />
          <LogoutButton />
        </div>
      </header>
      <div className="partner-shell__body">
        <aside className="partner-shell__menu">
          <PartnerNav current={current} variant="side" />
        </aside>
        <main className="partner-shell__page">
          <Outlet />
        </main>
      </div>
      <NewMessagePopup />
      <GameHost />
    </div>
  );
}
