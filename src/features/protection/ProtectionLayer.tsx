import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { RealityInterval } from '../../../contract/protection';
import { closeGameWindow } from '../../data/gameWindowHost';
import { useProtectionData, useRealityCheckLogic } from '../../data/protection';
import { useT } from '../../i18n';
import { formatDate, formatNumber, formatTime } from '../../i18n/format';
import { inspectOption } from '../../inspector';
import { Button } from '../../ui/Button';
import { Helpline } from '../../ui/Helpline';
import { Modal } from '../../ui/Modal';
import './protection.css';

/** The frame page's "stop": the game window closes itself (the site's own window is never closed). */
const closeOwnWindow = () => window.close();

/** The running break, when there is one: when it ends, and what is left to do meanwhile. */
function BreakNotice({ endsAt }: { endsAt: string }) {
  const t = useT();
  return (
    <div className="break-notice" role="status" data-testid="break-notice">
      <p>{t('front.protection.breakNotice', { date: `${formatDate(endsAt)} ${formatTime(endsAt)}` })}</p>
      <Helpline />
    </div>
  );
}

/** The reality check's reminder (machines/realityCheck.ts) every chosen interval: time played, net result, keep playing or stop. */
function RealityReminder({ minutes, inGameFrame }: { minutes: RealityInterval; inGameFrame: boolean }) {
  const t = useT();
  const actor = useActorRef(useRealityCheckLogic(inGameFrame ? closeOwnWindow : closeGameWindow), { input: { minutes }, ...inspectOption() });
  useEffect(() => actor.send({ type: 'reality.configure', minutes }), [actor, minutes]);
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const summary = useSelector(actor, (snapshot) => snapshot.context.summary);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const played = useSelector(actor, (snapshot) => snapshot.context.played);
  if (state !== 'showing' && state !== 'stopping') return null;
  const net = summary?.net ?? null;
  return (
    <Modal
      title={t('front.protection.realityTitle')}
      testId="reality-check"
      className="reality-check"
      closeButton={false}
      footer={(
        <>
          <Button variant="ghost" disabled={state === 'stopping'} onClick={() => actor.send({ type: 'reality.stop' })} data-testid="reality-stop">
            {t('front.protection.realityStop')}
          </Button>
          <Button autoFocus disabled={state === 'stopping'} onClick={() => actor.send({ type: 'reality.keep' })} data-testid="reality-keep">
            {t('front.protection.realityKeep')}
          </Button>
        </>
      )}
    >
      {summary ? (
        <dl className="reality-check__facts">
          <dt>{t('front.protection.realityPlayed')}</dt>
          <dd data-testid="reality-minutes">{t('front.protection.minutes', { minutes: formatNumber(Math.max(summary.minutes, played)) })}</dd>
          <dt>{t('front.protection.realityNet')}</dt>
          <dd data-testid="reality-net" className={net !== null && net < 0 ? 'reality-check__loss' : undefined}>
            {t('front.money.won', { amount: `${net !== null && net > 0 ? '+' : ''}${formatNumber(net ?? 0)}` })}
          </dd>
        </dl>
      ) : (
        <p>{t('front.protection.realityNoFacts', { minutes })}</p>
      )}
      {failure && <p className="reality-check__failure" role="alert">{t(failure)}</p>}
      <Helpline />
    </Modal>
  );
}

/**
 * Member protection above the page, for a signed-in member: the break notice while a break runs, and the
 * reality check's reminder (on the site, and in the game window's frame page with `inGameFrame`).
 */
export function ProtectionLayer({ inGameFrame = false }: { inGameFrame?: boolean }) {
  const info = useProtectionData(true);
  if (!info) return null;
  return (
    <>
      {info.activeBreak && !inGameFrame && <BreakNotice endsAt={info.activeBreak.endsAt} />}
      {info.realityMinutes > 0 && <RealityReminder minutes={info.realityMinutes} inGameFrame={inGameFrame} />}
    </>
  );
}
