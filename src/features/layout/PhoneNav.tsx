import { useState } from 'react';
import { useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { SiteMenu } from './SiteMenu';

/** The phone's navigation: a header button opening the site menu (every phone screen, grouped). */
export function PhoneNav() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="phone-nav__toggle" aria-label={t('front.menu.open')} aria-expanded={open} data-testid="phone-nav-open" onClick={() => setOpen(true)}>
        <span aria-hidden="true">☰</span>
      </button>
      {open && (
        <Modal title={t('front.menu.title')} onClose={() => setOpen(false)} closeLabel={t('front.menu.close')} className="phone-nav" testId="phone-nav">
          <nav className="side-menu side-menu--phone" aria-label={t('front.menu.title')}>
            <SiteMenu onNavigate={() => setOpen(false)} />
          </nav>
        </Modal>
      )}
    </>
  );
}
