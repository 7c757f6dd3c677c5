import { Link, useParams } from '@tanstack/react-router';
import { useMessage } from '../../data/support';
import { useT } from '../../i18n';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { DateText } from '../../ui/DateText';
import { FreshNote } from '../../ui/FreshNote';
import { ReadNote } from '../../ui/ReadNote';
import { PostText } from '../../ui/PostText';
import '../../ui/posts.css';

/** One message; opening it marks it read (the unread count follows through MSG). */
export function MessageReadPage() {
  const t = useT();
  const tree = useTree();
  const { msgIdx } = useParams({ strict: false }) as { msgIdx?: string };
  const id = Number(msgIdx);
  const state = useMessage(Number.isSafeInteger(id) && id > 0 ? id : 0);
  return (
    <section className="support" data-testid="message-read">
      <h1 className="section-title">{t('front.menu.message')}</h1>
      {state.status !== 'ready' && <ReadNote read={state} failedId="front.msg.missing" failedTestId="message-missing" />}
      {state.status === 'ready' && (
        <article className="post">
          <FreshNote kept={state.data.kept} />
          <h2 className="post__title" data-testid="message-title">{state.data.message.title}</h2>
          <p className="post__meta"><DateText value={state.data.message.regDate} format="monthDayTime" /></p>
          <PostText text={state.data.message.content} testId="message-content" />
        </article>
      )}
      <Link {...screenLink(tree, 'message')} className="btn btn--ghost btn--sm" data-testid="message-back">{t('front.board.backToList')}</Link>
    </section>
  );
}
