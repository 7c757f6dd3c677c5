import { Link, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { SupportPost } from '../../../contract/support';
import { usePost } from '../../data/support';
import { useT } from '../../i18n';
import { screenLink, type ScreenId } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { DateText } from '../../ui/DateText';
import { FreshNote } from '../../ui/FreshNote';
import { PostText } from '../../ui/PostText';
import { SupportLayout } from './SupportLayout';

/** A post id from the path; 0 (never an id) when it is not one. */
function useBoardIdx(): number {
  const { boardIdx } = useParams({ strict: false }) as { boardIdx?: string };
  const id = Number(boardIdx);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/**
 * A support-centre post read from its path (/notice/read/7, /qna/read/7): its title, date, text and
 * what the page adds (a question's status and answer), the kept copy when there is no connection, and
 * the way back to its list.
 */
export function PostPage({ call, list, title, testId, meta, children }: {
  call: 'noticeDetail' | 'qnaDetail';
  /** The list screen: the centre's current tab and the way back. */
  list: Extract<ScreenId, 'notice' | 'cscenter'>;
  title: string;
  testId: string;
  meta?: (post: SupportPost) => ReactNode;
  children?: (post: SupportPost) => ReactNode;
}) {
  const t = useT();
  const tree = useTree();
  const state = usePost(call, useBoardIdx());
  return (
    <SupportLayout current={list} title={title} testId={testId}>
      {state.status === 'loading' && <p className="panel-note">{t('front.loading')}</p>}
      {state.status === 'failed' && <p className="panel-note panel-note--error">{t('api.BD006')}</p>}
      {state.status === 'ready' && (
        <article className="post">
          <FreshNote kept={state.data.kept} />
          <h2 className="post__title" data-testid="post-title">{state.data.post.title}</h2>
          <p className="post__meta"><DateText value={state.data.post.regDate} />{meta?.(state.data.post)}</p>
          <PostText text={state.data.post.content} testId="post-content" />
          {children?.(state.data.post)}
        </article>
      )}
      <Link {...screenLink(tree, list)} className="btn btn--ghost btn--sm">{t('front.board.backToList')}</Link>
    </SupportLayout>
  );
}
