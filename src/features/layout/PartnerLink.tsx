import { Link, useRouter } from '@tanstack/react-router';
import { selectIsPartner } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import { useT } from '../../i18n';
import { useMenu } from '../../routes/useMenu';
import { useTree } from '../../routes/useTree';
import { usePartnerHosts } from '../../data/partnerHost';

/**
 * Shown to partner members only (SPEC §6), from the screen map's 'headerPartner' menu. On the desktop it opens
 * the partner area (/partner, its own frame without the main header) in a new tab, on the partner host when
 * the operator set one (`usePartnerHosts`: the session cookie is shared with it), else on this host; on a
 * phone the partner pages sit under /member, so it is an ordinary link.
 */
export function PartnerLink() {
  const t = useT();
  const tree = useTree();
  const isPartner = useSessionSelector(selectIsPartner);
  const partner = useMenu('headerPartner')[0];
  const router = useRouter();
  const hosts = usePartnerHosts();
  if (!isPartner || !partner?.link) return null;
  if (tree === 'phone') {
    return (
      <Link {...partner.link} className="btn btn--ghost btn--sm partner-link" data-testid="partner-link">
        {t('front.header.partnerPage')}
      </Link>
    );
  }
  return (
    <a className="btn btn--ghost btn--sm" href={`${hosts && !hosts.onPartnerHost ? hosts.partnerOrigin : ''}${router.buildLocation(partner.link).href}`} target="_blank" rel="noopener noreferrer" data-testid="partner-link">
      {t('front.header.partnerPage')}
    </a>
  );
}
