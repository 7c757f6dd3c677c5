import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { screenLink } from '../../routes/screens';
import { useState, type FormEvent, type ReactNode } from 'react';
import { BOARD_COMMENT_MAX } from '../../../contract/community';
import { failureMessageId } from '../../../machines/errors';
import { useBoardComment, useBoardPost, useBoardRemoval, type BoardRemoval, type CommentRequest } from '../../data/community';
import { useT } from '../../i18n';
import { MenuSection } from '../../routes/MenuSection';
import { useTree } from '../../routes/useTree';
import { DateText } from '../../ui/DateText';
import { useSendDialogs } from '../../ui/useSendDialogs';
import './memberBoard.css';

/** /board/read/{boardIdx}: a post, its images and comments; its writer may delete it, and each their own comments. Text is shown as text. */
export function BoardReadPage() {
  const t = useT();
  const tree = useTree();
  const navigate = useNavigate();
  const { boardIdx } = useParams({ strict: false }) as { boardIdx?: string };
  const id = Number(boardIdx);
  const read = useBoardPost(id);
  const [comment, setComment] = useState('');
  const commenting = useSendDialogs<CommentRequest, unknown>(useBoardComment(), { onDone: () => setComment('') });
  const sendComment = (event: FormEvent) => {
    event.preventDefault();
    commenting.submit({ boardIdx: id, content: comment });
  };
  // A deleted post goes back to the list once its alert was read.
  const removal = useSendDialogs<BoardRemoval, unknown>(useBoardRemoval(), {
    confirm: () => ({ messageId: 'front.board.confirmDelete' }),
    done: () => ({ messageId: 'front.board.completeDelete' }),
    then: (_, removed) => {
      if ('boardIdx' in removed) void navigate(listLink);
    },
  });

  const listLink = screenLink(tree, 'boardList');
  const frame = (body: ReactNode) => <MenuSection title="front.board.listTitle" testId="board-read-page" className="board-page">{body}</MenuSection>;
  if (read.status === 'loading') return frame(<p className="panel-note">{t('front.loading')}</p>);
  if (read.status === 'failed') {
    return frame(
      <>
        <p className="panel-note panel-note--error">{t(failureMessageId(read.error, 'front.error.loadFailed'))}</p>
        <Link {...listLink} className="btn btn--ghost btn--md">{t('front.board.toList')}</Link>
      </>,
    );
  }
  const { post } = read.data;
  return frame(
    <article className="board-read" data-testid="board-post">
      <header className="board-read__head">
        <span className={`board-tag board-tag--${post.category}`}>{t(`front.board.cat.${post.category}`)}</span>
        <h2 className="board-read__title" data-testid="board-post-title">{post.title}</h2>
        <p className="board-read__meta">{post.memNick || t('front.board.operator')} · <DateText value={post.createdAt} format="monthDayTime" /></p>
      </header>
      <div className="board-read__content" data-testid="board-post-content">{post.content}</div>
      {post.images.length > 0 && (
        <div className="board-read__images">
          {post.images.map((src) => <img key={src} src={src} alt={t('front.board.image')} loading="lazy" data-testid="board-post-image" />)}
        </div>
      )}
      <div className="board-read__actions">
        <Link {...listLink} className="btn btn--ghost btn--md">{t('front.board.toList')}</Link>
        {post.mine && (
          <button type="button" className="btn btn--danger btn--md" data-testid="board-delete"
            onClick={() => removal.submit({ boardIdx: id })}>
            {t('front.board.delete')}
          </button>
        )}
      </div>
      <section className="board-comments" aria-label={t('front.board.comments')}>
        <h2 className="section-title">{t('front.board.comments')} ({post.comments.length})</h2>
        <ul className="board-comments__list">
          {post.comments.map((c) => (
            <li key={c.cmtIdx} className="board-comment" data-testid="board-comment">
              <p className="board-comment__meta">{c.memNick} · <DateText value={c.createdAt} format="monthDayTime" /></p>
              <p className="board-comment__text">{c.content}</p>
              {c.mine && (
                <button type="button" className="btn btn--link" onClick={() => removal.submit({ cmtIdx: c.cmtIdx })}>{t('front.board.delete')}</button>
              )}
            </li>
          ))}
        </ul>
        <form className="board-comment-form" onSubmit={(e) => void sendComment(e)}>
          <textarea value={comment} onChange={(e) => setComment(e.target.value)} maxLength={BOARD_COMMENT_MAX} rows={2}
            aria-label={t('front.board.commentPlaceholder')} placeholder={t('front.board.commentPlaceholder')} data-testid="comment-input" />
          <button type="submit" className="btn btn--gold btn--md" data-testid="comment-submit">{t('front.board.commentSave')}</button>
        </form>
      </section>
    </article>,
  );
}
