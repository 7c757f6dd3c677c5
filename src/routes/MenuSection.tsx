import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { MenuEntry } from './MenuEntry';
import type { Menu } from './screens';
import { useMenu } from './useMenu';
import './MenuSection.css';

/**
 * A screen's frame: the tab menu of the screen map when the screen carries one (e.g. the support centre's
 * 'supportTabs'), the title (a message id) and the content.
 */
export function MenuSection({ menu, current, title, testId, className, children }: {
  menu?: Menu; current?: string; title: string; testId: string; className?: string; children: ReactNode;
}) {
  const t = useT();
  return (
    <section className={className ? `menu-section ${className}` : 'menu-section'} data-testid={testId}>
      {menu && <Tabs menu={menu} current={current} label={t(title)} />}
      <h1 className="section-title">{t(title)}</h1>
      {children}
    </section>
  );
}

function Tabs({ menu, current, label }: { menu: Menu; current?: string; label: string }) {
  const t = useT();
  const tabs = useMenu(menu);
  return (
    <nav className="menu-section__nav" aria-label={label}>
      {tabs.map((tab) => (
        <MenuEntry key={tab.id} link={tab.link} className={tab.id === current ? 'menu-section__link menu-section__link--current' : 'menu-section__link'} testId={`tab-${tab.id}`}>
          {t(tab.title)}
        </MenuEntry>
      ))}
    </nav>
  );
}
