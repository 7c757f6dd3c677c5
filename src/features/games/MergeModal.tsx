import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { mergeFailureId } from '../../../machines/merge';
import { selectGameMoney } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import type { MergeActor } from '../../data/games';
import { usePartnerSummary } from '../../data/partner';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Money } from '../../ui/Money';
import { tailOf } from '../../ui/useSendDialogs';

/** The partner variant's amount: the settled commission not yet merged (the partner's summary). */
function CommissionBalance() {
  const t = useT();
  const summary = usePartnerSummary();
  return (
    <p className="merge__amount">
      <span>{t('front.partner.commissionBalance')}</span>
      <Money amount={summary.data?.commissionBalance ?? null} testId="merge-commission" />
    </p>
  );
}

/**
 * The money-merge modal (SPEC §2, §4) in its three variants, drawn from its machine: ready (the game
 * money and the button), then the confirmed-send tail's states (the question, in progress, the
 * failure), complete (it closes itself).
 */
export function MergeModal({ actor, notice, onClosed }: { actor: MergeActor; notice?: string | null; onClosed?: () => void }) {
  const t = useT();
  const snapshot = useSelector(actor, (current) => current);
  const gameMoney = useSessionSelector(selectGameMoney);
  const tail = useSelector(tailOf(snapshot), (current) => current);
  const { variant, merged } = snapshot.context;
  const finished = snapshot.status === 'done';
  useEffect(() => {
    if (finished) onClosed?.();
  }, [finished, onClosed]);
  if (finished) return null;
  // While the merge runs, the tail's state is the modal's.
  const state = snapshot.value === 'merging' ? tail?.value : snapshot.value;
  const send = (type: 'send.confirm' | 'send.cancel' | 'send.dismiss') => tailOf(snapshot)?.send({ type });
  const close = state === 'sending' ? undefined : () => actor.send({ type: 'merge.close' });

  let body;
  let footer;
  switch (state) {
    case 'ready':
      body = (
        <>
          {notice && <p className="merge__notice">{t(notice)}</p>}
          <p>{t(variant === 'partner' ? 'front.merge.partnerBody' : 'front.merge.body')}</p>
          {variant === 'partner' ? (
            <CommissionBalance />
          ) : (
            <p className="merge__amount">
              <span>{t('front.header.gameMoney')}</span>
              <Money amount={gameMoney} testId="merge-game-money" />
            </p>
          )}
        </>
      );
      footer = <Button onClick={() => actor.send({ type: 'merge.start' })} data-testid="merge-start">{t('front.merge.start')}</Button>;
      break;
    case 'confirming':
      body = <p data-testid="merge-question">{t('front.merge.confirm')}</p>;
      footer = (
        <>
          <Button variant="ghost" onClick={() => send('send.cancel')}>{t('front.alert.no')}</Button>
          <Button onClick={() => send('send.confirm')} data-testid="merge-confirm">{t('front.alert.yes')}</Button>
        </>
      );
      break;
    case 'sending':
      body = (
        <p className="merge__progress" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('front.merge.inProgress')}
        </p>
      );
      break;
    case 'complete':
      body = (
        <p role="status" data-testid="merge-complete">
          {t('front.merge.complete')} <Money amount={merged ?? 0} />
        </p>
      );
      break;
    case 'refused':
    case 'unanswered':
      body = <p className="merge__failure" role="alert" data-testid="merge-failure">{t(mergeFailureId(tail?.context.code ?? null))}</p>;
      // Trying again asks again.
      footer = <Button onClick={() => send('send.dismiss')}>{t('front.game.retry')}</Button>;
      break;
  }
  return (
    <Modal title={t(`front.merge.title.${variant}`)} onClose={close} closeLabel={t('front.modal.close')} testId={`merge-modal-${variant}`} className="merge" footer={footer}>
      {body}
    </Modal>
  );
}
