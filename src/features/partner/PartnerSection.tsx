import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { screen, type ScreenId } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { PartnerNav } from './PartnerNav';
import './partner.css';

/**
 * A partner screen's frame: its title and content. On a phone it also carries the area's tabs (the desktop
 * partner frame has them as its side menu, routes/PartnerShell.tsx).
 */
export function PartnerSection({ id, actions, children }: { id: ScreenId; actions?: ReactNode; children: ReactNode }) {
  const t = useT();
  const tree = useTree();
  return (
    <section className="partner-section" data-testid={`partner-${id}`}>
      {tree === 'phone' && <PartnerNav current={id} variant="tabs" />}
      <div className="partner-section__head">
        <h1 className="section-title">{t(screen(id).title)}</h1>
        {actions && <div className="partner-section__actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
