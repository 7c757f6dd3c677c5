import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { MY_PAGE_SECTIONS, SECTION_LABEL, isDesktopPath, type MyPageSection } from './sections';
import './mypage.css';

/** A my-page screen: the section links (on the tree the page is on), the title and the content. */
export function MyPageLayout({ section, children }: { section: MyPageSection; children: ReactNode }) {
  const t = useT();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const tree = isDesktopPath(pathname) ? 'desktop' : 'mobile';
  return (
    <section className="mypage" data-testid={`mypage-${section}`}>
      <nav className="mypage__nav" aria-label={t('front.mypage.title')}>
        {MY_PAGE_SECTIONS.map((entry) => (
          <Link
            key={entry.id}
            to={entry[tree]}
            className={entry.id === section ? 'mypage__link mypage__link--current' : 'mypage__link'}
            aria-current={entry.id === section ? 'page' : undefined}
          >
            {t(SECTION_LABEL[entry.id])}
          </Link>
        ))}
      </nav>
      <h1 className="section-title">{t(SECTION_LABEL[section])}</h1>
      {children}
    </section>
  );
}
