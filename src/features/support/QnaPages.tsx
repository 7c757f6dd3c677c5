import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { CONTENT_MAX, TITLE_MAX } from '../../../contract/support';
import { useOutboxItems } from '../../data/outbox';
import { useAskQuestion, useMemId, type QuestionRequest } from '../../data/support';
import { useT } from '../../i18n';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { PostText } from '../../ui/PostText';
import { SubmitForm } from '../../ui/SubmitForm';
import { useSendDialogs } from '../../ui/useSendDialogs';
import { SupportBoardList } from './SupportBoardList';
import { PostPage } from './PostPage';
import { SupportLayout } from './SupportLayout';

/** Questions written without a connection, waiting in the outbox to be sent. */
function WaitingDrafts() {
  const t = useT();
  const drafts = useOutboxItems(useMemId() || null, 'qnaSave');
  if (drafts.length === 0) return null;
  return (
    <div className="outbox-drafts" data-testid="qna-drafts">
      <strong>{t('front.qna.draftsTitle')}</strong>
      <ul>
        {drafts.map((draft) => <li key={draft.key} data-testid="qna-draft">{draft.payload.title}</li>)}
      </ul>
    </div>
  );
}

export function QnaListPage() {
  const t = useT();
  const tree = useTree();
  return (
    <SupportLayout current="cscenter" title="front.menu.cscenter" testId="qna-page">
      <WaitingDrafts />
      <SupportBoardList
        call="qnaList"
        readScreen="qnaRead"
        testId="qna-list"
        extra={<Link {...screenLink(tree, 'qnaWrite')} className="btn btn--gold btn--sm" data-testid="qna-write-link">{t('front.qna.write')}</Link>}
      />
    </SupportLayout>
  );
}

/**
 * Writing a question: title and content required (SPEC §5), confirm, then sent through the outbox with
 * one key; without a connection it is kept as a draft and sent once when the connection returns.
 */
export function QnaWritePage() {
  const t = useT();
  const tree = useTree();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const ask = useSendDialogs<QuestionRequest, { sent: boolean }>(useAskQuestion(), {
    confirm: () => ({ messageId: 'front.board.confirmUpload' }),
    done: ({ sent }) => ({ messageId: sent ? 'front.board.complete' : 'front.qna.keptOffline' }),
    then: () => void navigate(screenLink(tree, 'cscenter')),
  });

  return (
    <SupportLayout current="cscenter" title="front.qna.writeTitle" testId="qna-write">
      <SubmitForm className="mypage-form support-form" onSubmit={() => ask.submit({ title, content })} testId="qna-form">
        <Field htmlFor="qna-title" label={t('front.board.title')}>
          <input id="qna-title" name="title" maxLength={TITLE_MAX} value={title} onChange={(event) => setTitle(event.target.value)} />
        </Field>
        <Field htmlFor="qna-content" label={t('front.board.content')} hint={t('front.board.textOnly')}>
          <textarea id="qna-content" name="content" rows={8} maxLength={CONTENT_MAX} value={content} onChange={(event) => setContent(event.target.value)} />
        </Field>
        <div className="support-bar">
          <Link {...screenLink(tree, 'cscenter')} className="btn btn--ghost btn--md">{t('front.board.backToList')}</Link>
          <Button type="submit" className="support-bar__end" data-testid="qna-submit">{t('front.qna.submit')}</Button>
        </div>
      </SubmitForm>
    </SupportLayout>
  );
}

export function QnaReadPage() {
  const t = useT();
  return (
    <PostPage
      call="qnaDetail" list="cscenter" title="front.menu.cscenter" testId="qna-read"
      meta={(post) => (
        <> ·{' '}<span data-testid="qna-status">{t(post.status === 'answered' ? 'front.qna.answered' : 'front.qna.waiting')}</span></>
      )}
    >
      {(post) => post.answer && (
        <div className="post__answer">
          <strong>{t('front.qna.answer')}</strong>
          <PostText text={post.answer} testId="qna-answer" />
        </div>
      )}
    </PostPage>
  );
}
