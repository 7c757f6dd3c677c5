import { useState } from 'react';
import { useFaqPage } from '../../data/support';
import { useT } from '../../i18n';
import { FreshNote } from '../../ui/FreshNote';
import { Pager } from '../../ui/Pager';
import { PostText } from '../../ui/PostText';
import { SupportLayout } from './SupportLayout';

/** FAQ: the operator's questions and answers, each opening in place. */
export function FaqPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const state = useFaqPage(page);
  return (
    <SupportLayout current="faq" title="front.menu.faq" testId="faq-page">
      {state.status === 'loading' && <p className="panel-note">{t('front.loading')}</p>}
      {state.status === 'failed' && <p className="panel-note panel-note--error">{t('front.error.loadFailed')}</p>}
      {state.status === 'ready' && (
        <>
          <FreshNote kept={state.data.kept} />
          {state.data.list.length === 0 && <p className="panel-note">{t('front.board.empty')}</p>}
          <div className="faq-list" data-testid="faq-list">
            {state.data.list.map((entry) => (
              <details key={entry.boardIdx} className="faq-item" data-testid="faq-item">
                <summary>{entry.title}</summary>
                <PostText text={entry.content} />
              </details>
            ))}
          </div>
          <Pager pageInfo={state.data.pageInfo} onPage={setPage} />
        </>
      )}
    </SupportLayout>
  );
}
