import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { MenuEntry } from './MenuEntry';
import type { Menu } from './screens';
import { useMenu } from './useMenu';
import './MenuSection.css';

/** A screen that carries a tab menu of the screen map (e.g. the support centre's 'supportTabs'): the tabs, the title, the content. */
export function MenuSection({ menu, current, title, testId, children }: { menu: Menu; current: string; title: string; testId: string; children: ReactNode }) {
  const t = useT();
  const tabs = useMenu(menu);
  return (
    <section className="menu-section" data-testid={testId}>
      <nav className="menu-section__nav" aria-label={t(title)}>
        {tabs.map((tab) => (
          <MenuEntry key={tab.id} to={tab.to} className={tab.id === current ? 'menu-section__link menu-section__link--current' : 'menu-section__link'} testId={`tab-${tab.id}`}>
            {t(tab.title)}
          </MenuEntry>
        ))}
      </nav>
      <h1 className="section-title">{t(title)}</h1>
      {children}
    </section>
  );
}
