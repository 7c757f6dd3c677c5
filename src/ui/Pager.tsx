import type { PageInfo } from '../../contract/wallet';
import { useT } from '../i18n';
import { pagerModel } from './pagerModel';
import './Pager.css';

export interface PagerProps {
  pageInfo: PageInfo;
  onPage(page: number): void;
  /** Disables the buttons while a page loads. */
  busy?: boolean;
}

/** Page numbers of a list in blocks of ten, with first, previous-block, next-block and last buttons. */
export function Pager({ pageInfo, onPage, busy = false }: PagerProps) {
  const t = useT();
  const model = pagerModel(pageInfo);
  const go = (page: number | null) => () => {
    if (page !== null && page !== model.page) onPage(page);
  };
  const step = (label: string, text: string, page: number | null) => (
    <button type="button" className="pager__step" aria-label={label} disabled={busy || page === null || page === model.page} onClick={go(page)}>
      {text}
    </button>
  );
  return (
    <nav className="pager" aria-label={t('front.pager.label')} data-testid="pager">
      {step(t('front.pager.first'), '«', 1)}
      {step(t('front.pager.previous'), '‹', model.previousBlock)}
      {model.pages.map((page) => (
        <button
          key={page}
          type="button"
          className={page === model.page ? 'pager__page pager__page--current' : 'pager__page'}
          aria-current={page === model.page ? 'page' : undefined}
          aria-label={t('front.pager.page', { page })}
          disabled={busy}
          onClick={go(page)}
        >
          {page}
        </button>
      ))}
      {step(t('front.pager.next'), '›', model.nextBlock)}
      {step(t('front.pager.last'), '»', model.totalPages)}
    </nav>
  );
}
