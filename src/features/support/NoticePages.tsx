import { Link, useParams } from '@tanstack/react-router';
import { usePost } from '../../data/support';
import { useT } from '../../i18n';
import { pathWith } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { DateText } from '../../ui/DateText';
import { FreshNote } from '../../ui/FreshNote';
import { BoardList } from './BoardList';
import { PostText, SupportLayout } from './SupportLayout';

export function NoticeListPage() {
  return (
    <SupportLayout current="notice" title="front.menu.notice" testId="notice-page">
      <BoardList call="noticeList" readScreen="noticeRead" testId="notice-list" />
    </SupportLayout>
  );
}

/** A post id from the path; 0 (never an id) when it is not one. */
export function useBoardIdx(): number {
  const { boardIdx } = useParams({ strict: false }) as { boardIdx?: string };
  const id = Number(boardIdx);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

export function NoticeReadPage() {
  const t = useT();
  const tree = useTree();
  const state = usePost('noticeDetail', useBoardIdx());
  return (
    <SupportLayout current="notice" title="front.menu.notice" testId="notice-read">
      {state.status === 'loading' && <p className="panel-note">{t('front.loading')}</p>}
      {state.status === 'failed' && <p className="panel-note panel-note--error">{t('api.BD006')}</p>}
      {state.status === 'ready' && (
        <article className="post">
          <FreshNote kept={state.data.kept} />
          <h2 className="post__title" data-testid="post-title">{state.data.post.title}</h2>
          <p className="post__meta"><DateText value={state.data.post.regDate} /></p>
          <PostText text={state.data.post.content} testId="post-content" />
        </article>
      )}
      <Link to={pathWith('notice', tree)} className="btn btn--ghost btn--sm">{t('front.board.backToList')}</Link>
    </SupportLayout>
  );
}
