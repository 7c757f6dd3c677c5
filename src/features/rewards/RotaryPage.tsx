import { useRewardCalls, useRotary } from '../../data/community';
import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import './rewards.css';
import { useRewardPress } from './useRewardPress';

/** /rotary: the once-a-day prize wheel; the prize is drawn on the server and credited as points. */
export function RotaryPage() {
  const t = useT();
  const info = useRotary();
  const { spin } = useRewardCalls();
  const { busy, press } = useRewardPress(spin, (result) => (result.points > 0
    ? { messageId: 'front.rotary.won', values: { points: formatNumber(result.points) }, level: 'agreeart' }
    : { messageId: 'front.rotary.nothing' }));

  if (info.status !== 'ready') {
    return <section className="panel"><p className="panel-note">{t(info.status === 'loading' ? 'front.loading' : 'front.error.loadFailed')}</p></section>;
  }
  const r = info.data;
  return (
    <section className="panel rewards-page">
      <h1 className="panel-title">{t('front.rotary.title')}</h1>
      <p>{t('front.rotary.rules')}</p>
      <ol className="rotary-prizes">
        {r.prizes.map((prize) => (
          <li key={prize.prizeIdx} className={prize.prizeIdx === r.todayPrizeIdx ? 'rotary-prize rotary-prize--won' : 'rotary-prize'}>
            {prize.points > 0 ? t('front.rotary.points', { points: formatNumber(prize.points) }) : t('front.rotary.blank')}
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn--gold btn--lg" disabled={busy || r.spunToday || !r.enabled} onClick={() => void press()} data-testid="rotary-spin">
        {t(r.spunToday ? 'front.rotary.spun' : r.enabled ? 'front.rotary.spin' : 'api.RT002')}
      </button>
    </section>
  );
}
