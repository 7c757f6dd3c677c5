import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';

/** The brand mark; links home. */
export function SiteLogo({ compact = false }: { compact?: boolean }) {
  const t = useT();
  return (
    <Link {...screenLink(useTree(), 'main')} className={compact ? 'logo logo--compact' : 'logo'} data-testid="site-logo" aria-label={t('front.site.logoAlt')}>
      <span className="logo__mark" aria-hidden="true">
        ◆
      </span>
      <span className="logo__name">{t('front.site.title')}</span>
    </Link>
  );
}
