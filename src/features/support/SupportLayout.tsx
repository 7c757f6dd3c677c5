import type { ReactNode } from 'react';
import { MenuSection } from '../../routes/MenuSection';
import '../../ui/posts.css';
import './support.css';

/** A support-centre screen: the centre's tabs (screen map menu 'supportTabs'), the title and the content. */
export function SupportLayout({ current, title, testId, children }: { current: string; title: string; testId: string; children: ReactNode }) {
  return <MenuSection menu="supportTabs" current={current} title={title} testId={testId}>{children}</MenuSection>;
}
