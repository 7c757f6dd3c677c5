import { useT } from '../../i18n';
import { SiteMenu } from './SiteMenu';

/** SPEC §2 left menu (desktop): the site menu beside every page. */
export function LeftMenu() {
  const t = useT();
  return (
    <nav className="side-menu" aria-label={t('front.menu.title')}>
      <SiteMenu />
    </nav>
  );
}
