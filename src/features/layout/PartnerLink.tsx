import { useRouter } from '@tanstack/react-router';
import { selectIsPartner } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import { useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { useMenu } from '../../routes/useMenu';

/** The partner area lives on the partner sub-domain of the current host (SPEC §6). */
export function partnerPageUrl(path: string, where: Pick<Location, 'protocol' | 'host'> = location): string {
  return `${where.protocol}//partner.${where.host}${path}`;
}

/**
 * Shown to partner members only: opens the partner area in a new tab once its screen exists (screens.ts,
 * menu 'headerPartner'); until then the item says "준비 중입니다." and is not a link.
 */
/** `quiet`: where room is short (the phone header), the pending mark is for screen readers and hover only. */
export function PartnerLink({ quiet = false }: { quiet?: boolean }) {
  const t = useT();
  const isPartner = useSessionSelector(selectIsPartner);
  const partner = useMenu('headerPartner')[0];
  const router = useRouter();
  if (!isPartner || !partner) return null;
  if (!partner.link) {
    return (
      <MenuEntry className="btn btn--ghost btn--sm" testId="partner-link" quiet={quiet}>
        {t('front.header.partnerPage')}
      </MenuEntry>
    );
  }
  return (
    <a className="btn btn--ghost btn--sm" href={partnerPageUrl(router.buildLocation(partner.link).href)} target="_blank" rel="noopener noreferrer" data-testid="partner-link">
      {t('front.header.partnerPage')}
    </a>
  );
}
