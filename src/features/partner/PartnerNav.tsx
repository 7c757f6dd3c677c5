import { useEffect, useRef } from 'react';
import { useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { useMenu } from '../../routes/useMenu';

/**
 * The partner area's navigation, generated from the screen map (menu 'partnerTabs'): the desktop partner
 * frame's side menu, or the row of tabs a phone's partner screen carries.
 */
export function PartnerNav({ current, variant }: { current?: string; variant: 'side' | 'tabs' }) {
  const t = useT();
  const items = useMenu('partnerTabs');
  const nav = useRef<HTMLElement>(null);
  // A phone's row of tabs scrolls sideways: the current one is brought into view (centred when it can be).
  useEffect(() => {
    const row = nav.current;
    const link = row?.querySelector<HTMLElement>('.partner-nav__link--current');
    if (variant === 'tabs' && row && link) row.scrollLeft = link.offsetLeft - row.offsetLeft - (row.clientWidth - link.offsetWidth) / 2;
  }, [current, variant]);
  return (
    <nav ref={nav} className={`partner-nav partner-nav--${variant}`} aria-label={t('front.partner.area')} data-testid="partner-nav">
      {items.map((item) => (
        <MenuEntry key={item.id} link={item.link} className={item.id === current ? 'partner-nav__link partner-nav__link--current' : 'partner-nav__link'} testId={`partner-tab-${item.id}`}>
          {t(item.title)}
        </MenuEntry>
      ))}
    </nav>
  );
}
