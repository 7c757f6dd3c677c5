import { useAttendance, useCheckIn } from '../../data/community';
import { useT } from '../../i18n';
import { formatMonthDay, formatNumber } from '../../i18n/format';
import { MenuSection } from '../../routes/MenuSection';
import { ReadNote } from '../../ui/ReadNote';
import { AttendanceCalendar } from './AttendanceCalendar';
import { useSendDialogs } from '../../ui/useSendDialogs';
import './rewards.css';

/** /attendendance (sic, SPEC §2), phone /member/attendance: this month's calendar, the streak, the next rewards and the check-in. */
export function AttendancePage() {
  const t = useT();
  const info = useAttendance();
  const checkIn = useSendDialogs(useCheckIn(), {
    done: (result) => ({ messageId: 'front.attendance.done', values: { points: formatNumber(result.points), streak: result.streak } }),
  });

  if (info.status !== 'ready') {
    return <MenuSection title="front.attendance.title" testId="attendance-page" className="rewards-page"><ReadNote read={info} /></MenuSection>;
  }
  const a = info.data;
  const noon = (day: string) => `${day}T12:00:00+09:00`;
  return (
    <MenuSection title="front.attendance.title" testId="attendance-page" className="rewards-page">
      <p className="rewards-lead">{t('front.attendance.rules', { daily: formatNumber(a.dailyPoints), every: a.bonusEvery, bonus: formatNumber(a.bonusPoints) })}</p>
      <div className="attendance">
        <AttendanceCalendar info={a} />
        <aside className="rewards-card attendance-side">
          <p className="rewards-streak" data-testid="attendance-streak">{t('front.attendance.streak', { streak: a.streak })}</p>
          <dl className="attendance-facts">
            <div>
              <dt>{t('front.attendance.nextTitle')}</dt>
              <dd data-testid="attendance-next">
                {t(a.checkedToday ? 'front.attendance.nextTomorrow' : 'front.attendance.nextToday', { points: formatNumber(a.next.points) })}
              </dd>
            </div>
            {a.nextBonus && (
              <div>
                <dt>{t('front.attendance.bonusTitle')}</dt>
                <dd data-testid="attendance-bonus">
                  {t('front.attendance.nextBonus', { date: formatMonthDay(noon(a.nextBonus.day)), streak: a.nextBonus.streak, points: formatNumber(a.nextBonus.points) })}
                </dd>
              </div>
            )}
          </dl>
          <p className="attendance-count">{t('front.attendance.monthCount', { count: a.days.length })}</p>
          <button type="button" className="btn btn--gold btn--lg btn--block" disabled={checkIn.busy || a.checkedToday || !a.enabled} onClick={() => checkIn.submit(null)} data-testid="attendance-check">
            {t(a.checkedToday ? 'front.attendance.checked' : a.enabled ? 'front.attendance.check' : 'api.AT002')}
          </button>
        </aside>
      </div>
    </MenuSection>
  );
}
