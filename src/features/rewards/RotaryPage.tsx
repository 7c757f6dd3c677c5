import { useMemo } from 'react';
import type { RotaryInfo } from '../../../contract/community';
import { useRotary, useSpin } from '../../data/community';
import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { MenuSection } from '../../routes/MenuSection';
import { ReadNote } from '../../ui/ReadNote';
import { useSendDialogs } from '../../ui/useSendDialogs';
import { PrizeWheel, useWheel, type WheelSegment } from './PrizeWheel';
import './rewards.css';

/** /rotary: the once-a-day prize wheel; the prize is drawn on the server, the wheel spins to it, then the alert. */
export function RotaryPage() {
  const info = useRotary();
  return (
    <MenuSection title="front.rotary.title" testId="rotary-page" className="rewards-page">
      {info.status === 'ready' ? <Rotary info={info.data} /> : <ReadNote read={info} />}
    </MenuSection>
  );
}

function Rotary({ info }: { info: RotaryInfo }) {
  const t = useT();
  const segments: WheelSegment[] = useMemo(() => info.prizes.map((prize) => ({
    prizeIdx: prize.prizeIdx,
    blank: prize.points === 0,
    label: prize.points > 0 ? t('front.rotary.points', { points: formatNumber(prize.points) }) : t('front.rotary.blank'),
  })), [info.prizes, t]);
  const wheel = useWheel(segments, info.todayPrizeIdx);
  const spin = useSendDialogs(useSpin(), {
    // The wheel spins to the prize first, then the alert.
    done: async (result) => {
      await wheel.spinTo(result.prizeIdx);
      return result.points > 0
        ? { messageId: 'front.rotary.won', values: { points: formatNumber(result.points) }, level: 'agreeart' }
        : { messageId: 'front.rotary.nothing', level: 'warningart' };
    },
  });
  const today = segments.find((segment) => segment.prizeIdx === info.todayPrizeIdx);

  return (
    <>
      <p className="rewards-lead">{t('front.rotary.rules')}</p>
      <div className="rotary">
        <PrizeWheel segments={segments} rotation={wheel.rotation} state={wheel.state} onStopped={wheel.onStopped} label={t('front.rotary.wheel')} />
        <aside className="rewards-card rotary-side">
          <h2 className="rewards-card__title">{t('front.rotary.prizes')}</h2>
          <ul className="rotary-prizes">
            {segments.map((segment) => (
              <li key={segment.prizeIdx} className={segment.prizeIdx === info.todayPrizeIdx && wheel.state !== 'spinning' ? 'rotary-prize rotary-prize--won' : 'rotary-prize'}>
                {segment.label}
              </li>
            ))}
          </ul>
          {today && wheel.state !== 'spinning' && <p className="rotary-today" data-testid="rotary-today">{t('front.rotary.today', { prize: today.label })}</p>}
          <button type="button" className="btn btn--gold btn--lg btn--block" disabled={spin.busy || info.spunToday || !info.enabled} onClick={() => spin.submit(null)} data-testid="rotary-spin">
            {t(wheel.state === 'spinning' ? 'front.rotary.spinning' : info.spunToday ? 'front.rotary.spun' : info.enabled ? 'front.rotary.spin' : 'api.RT002')}
          </button>
        </aside>
      </div>
    </>
  );
}
