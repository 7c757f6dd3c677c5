import { useSessionSelector } from '../../app/appContext';
import { useT } from '../../i18n';

/** The partner area lives on the partner sub-domain of the current host (SPEC §6). */
export function partnerPageUrl(where: Pick<Location, 'protocol' | 'host'> = location): string {
  return `${where.protocol}//partner.${where.host}/partner`;
}

/** Shown to partner members only; opens the partner page in a new tab. */
export function PartnerLink() {
  const t = useT();
  const isPartner = useSessionSelector((snapshot) => snapshot.context.member?.isPartnerMember === 'Y');
  if (!isPartner) return null;
  return (
    <a className="btn btn--ghost btn--sm" href={partnerPageUrl()} target="_blank" rel="noopener noreferrer" data-testid="partner-link">
      {t('front.header.partnerPage')}
    </a>
  );
}
