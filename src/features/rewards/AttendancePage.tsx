import { useAttendance, useRewardCalls } from '../../data/community';
import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import './rewards.css';
import { useRewardPress } from './useRewardPress';

/** /attendendance (sic, SPEC §2), phone /member/attendance: a check-in a Seoul day, its streak and this month's days. */
export function AttendancePage() {
  const t = useT();
  const info = useAttendance();
  const { checkIn } = useRewardCalls();
  const { busy, press } = useRewardPress(checkIn, (result) => ({ messageId: 'front.attendance.done', values: { points: formatNumber(result.points), streak: result.streak }, level: 'agreeart' }));

  if (info.status !== 'ready') {
    return <section className="panel"><p className="panel-note">{t(info.status === 'loading' ? 'front.loading' : 'front.error.loadFailed')}</p></section>;
  }
  const a = info.data;
  return (
    <section className="panel rewards-page">
      <h1 className="panel-title">{t('front.attendance.title')}</h1>
      <p>{t('front.attendance.rules', { daily: formatNumber(a.dailyPoints), every: a.bonusEvery, bonus: formatNumber(a.bonusPoints) })}</p>
      <p className="rewards-streak" data-testid="attendance-streak">{t('front.attendance.streak', { streak: a.streak })}</p>
      <p>{t('front.attendance.monthCount', { count: a.days.length })}</p>
      <ul className="rewards-days">
        {a.days.map((day) => <li key={day}>{day.slice(5).replace('-', '/')}</li>)}
      </ul>
      <button type="button" className="btn btn--gold btn--lg" disabled={busy || a.checkedToday || !a.enabled} onClick={() => void press()} data-testid="attendance-check">
        {t(a.checkedToday ? 'front.attendance.checked' : a.enabled ? 'front.attendance.check' : 'api.AT002')}
      </button>
    </section>
  );
}
