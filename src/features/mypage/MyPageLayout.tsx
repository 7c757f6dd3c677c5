import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { screen } from '../../routes/screens';
import { useMenu } from '../../routes/useMenu';
import type { MyPageSection } from './sections';
import './mypage.css';

/** A my-page screen: the my-page tabs of this tree (from the screen map), the title and the content. */
export function MyPageLayout({ section, children }: { section: MyPageSection; children: ReactNode }) {
  const t = useT();
  const tabs = useMenu('myPageTabs');
  return (
    <section className="mypage" data-testid={`mypage-${section}`}>
      <nav className="mypage__nav" aria-label={t('front.mypage.title')}>
        {tabs.map((tab) => (
          <MenuEntry key={tab.id} link={tab.link} className={tab.id === section ? 'mypage__link mypage__link--current' : 'mypage__link'} testId={`mypage-tab-${tab.id}`}>
            {t(tab.title)}
          </MenuEntry>
        ))}
      </nav>
      <h1 className="section-title">{t(screen(section).title)}</h1>
      {children}
    </section>
  );
}
