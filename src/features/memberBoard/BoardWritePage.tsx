import { Link, useNavigate } from '@tanstack/react-router';
import { screenLink } from '../../routes/screens';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { BOARD_CONTENT_MAX, BOARD_IMAGES_MAX, BOARD_TITLE_MAX, IMAGE_TYPES } from '../../../contract/community';
import { useBoardChanged, useBoardUploadLogic } from '../../data/community';
import { useT } from '../../i18n';
import { MenuSection } from '../../routes/MenuSection';
import { useTree } from '../../routes/useTree';
import { useAlertOnce } from '../../ui/useAlertOnce';
import { tailOf, useTailDialogs } from '../../ui/useSendDialogs';
import './memberBoard.css';

/**
 * /board/write: the board-upload machine (machines/boardUpload.ts). The draft is kept as it is typed
 * (it survives a reload); the tail's confirm and post, then "등록되었습니다" and back to the list.
 */
export function BoardWritePage() {
  const t = useT();
  const tree = useTree();
  const navigate = useNavigate();
  const changed = useBoardChanged();
  const [snapshot, send] = useMachine(useBoardUploadLogic());
  const { draft, images } = snapshot.context;
  const listLink = screenLink(tree, 'boardList');

  const phase = useTailDialogs(tailOf(snapshot), { confirm: () => ({ messageId: 'front.board.confirmUpload' }), retry: 'front.board.retryQuestion' });
  // A post written with no connection waits in the outbox and is made when the connection returns.
  const queued = snapshot.context.boardIdx === null;
  useAlertOnce(snapshot.matches('done') ? 'done' : null, { messageId: queued ? 'front.board.queued' : 'front.board.complete', level: 'agreeart' },
    () => void navigate(listLink));
  const done = snapshot.matches('done');
  useEffect(() => {
    if (done) void changed();
  }, [done, changed]);

  const busy = phase === 'sending' || snapshot.matches('loading');
  const edit = (change: Partial<typeof draft>) => send({ type: 'board.edit', draft: { ...draft, ...change } });

  return (
    <MenuSection title="front.board.writeTitle" testId="board-write-page" className="board-page">
      <form className="board-write" onSubmit={(e) => { e.preventDefault(); send({ type: 'board.submit' }); }}>
        <label className="field">
          <span className="field__label">{t('front.board.title')}</span>
          <input value={draft.title} maxLength={BOARD_TITLE_MAX} onChange={(e) => edit({ title: e.target.value })} data-testid="write-title" />
        </label>
        <label className="field">
          <span className="field__label">{t('front.board.content')}</span>
          <textarea value={draft.content} maxLength={BOARD_CONTENT_MAX} rows={10} onChange={(e) => edit({ content: e.target.value })} data-testid="write-content" />
        </label>
        <label className="field">
          <span className="field__label">{t('front.board.images')}</span>
          <input type="file" accept={IMAGE_TYPES.join(',')} multiple data-testid="write-images"
            onChange={(e) => send({ type: 'board.images', images: [...(e.target.files ?? [])].slice(0, BOARD_IMAGES_MAX) })} />
          <span className="field__hint">{t('front.board.imagesHint', { count: BOARD_IMAGES_MAX })} {images.length > 0 && t('front.board.imagesChosen', { count: images.length })}</span>
        </label>
        <div className="board-read__actions">
          <Link {...listLink} className="btn btn--ghost btn--md">{t('front.board.toList')}</Link>
          <button type="submit" className="btn btn--gold btn--md" disabled={busy} data-testid="write-submit">{t('front.board.submit')}</button>
        </div>
      </form>
    </MenuSection>
  );
}
