import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import type { MergeInput } from '../../../machines/merge';
import { onMergeRequest } from '../../prompts/mergePrompt';
import { retryGameWindow, useGameWindowActor, useMergeLogic, type GameWindowActor, type MergeActor } from '../../data/games';
import { useT } from '../../i18n';
import { showAlert } from '../../ui/alerts';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { MergeModal } from './MergeModal';
import './games.css';

/**
 * Everything of games that sits above the page, mounted once by each shell: the game window's loading
 * overlay, the blocked pop-up notice, launch refusals, the merge offered when the window closes, and
 * the merge modal any screen asks for (header, cash page, partner).
 */
export function GameHost() {
  const gameWindow = useGameWindowActor();
  const [request, setRequest] = useState<MergeInput | null>(null);
  useEffect(() => onMergeRequest(setRequest), []);
  const closeRequested = useCallback(() => setRequest(null), []);
  return (
    <>
      {gameWindow && <GameWindowView actor={gameWindow} />}
      {request && <RequestedMerge key={request.variant} input={request} onClosed={closeRequested} />}
    </>
  );
}

function RequestedMerge({ input, onClosed }: { input: MergeInput; onClosed: () => void }) {
  const actor = useActorRef(useMergeLogic(), { input });
  return <MergeModal actor={actor} onClosed={onClosed} />;
}

function GameWindowView({ actor }: { actor: GameWindowActor }) {
  const t = useT();
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice);
  const vendor = useSelector(actor, (snapshot) => snapshot.context.request?.vendor ?? '');
  const merge = useSelector(actor, (snapshot) => snapshot.children.merge as MergeActor | undefined);

  useEffect(() => {
    if (state === 'failed' && failure) void showAlert({ messageId: failure }).then(() => actor.send({ type: 'game.dismiss' }));
  }, [state, failure, actor]);

  if (state === 'launching') return <LoadingOverlay label={t('front.game.launching')} />;
  if (state === 'blocked') {
    return (
      <Modal
        title={t('front.game.popupBlockedTitle')}
        onClose={() => actor.send({ type: 'game.dismiss' })}
        closeLabel={t('front.modal.close')}
        testId="popup-blocked"
        footer={<Button onClick={() => retryGameWindow(actor, vendor)} data-testid="popup-retry">{t('front.game.retry')}</Button>}
      >
        <p>{t('front.game.popupBlocked')}</p>
      </Modal>
    );
  }
  if (state === 'offering' && merge) return <MergeModal actor={merge} notice={notice} />;
  return null;
}
