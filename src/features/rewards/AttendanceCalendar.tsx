import type { AttendanceInfo } from '../../../contract/community';
import { currentLocale, useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';

const DAY_MS = 24 * 60 * 60_000;
/** Noon UTC of a calendar day: the same day in every time zone the formatters might use. */
const dayInstant = (day: string) => new Date(`${day}T12:00:00Z`);

/** The days of the month of `day` ('yyyy-MM-dd'), and the weekday (0 = Sunday) of its first. */
function monthOf(day: string): { days: string[]; firstWeekday: number } {
  const first = `${day.slice(0, 7)}-01`;
  const days: string[] = [];
  for (let at = dayInstant(first).getTime(); new Date(at).toISOString().startsWith(day.slice(0, 7)); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return { days, firstWeekday: dayInstant(first).getUTCDay() };
}

/** The weekday names from Sunday, in the page's language. */
function weekdayNames(): string[] {
  const format = new Intl.DateTimeFormat(currentLocale(), { weekday: 'short', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => format.format(dayInstant(`2023-01-0${i + 1}`))); // 2023-01-01 was a Sunday
}

/** This month on the server's Seoul day: the days checked in, today, the next check-in and the next bonus day. */
export function AttendanceCalendar({ info }: { info: AttendanceInfo }) {
  const t = useT();
  const { days, firstWeekday } = monthOf(info.today);
  const checked = new Set(info.days);
  const title = new Intl.DateTimeFormat(currentLocale(), { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(dayInstant(info.today));
  const weekdays = weekdayNames();
  return (
    <section className="rewards-card attendance-calendar" aria-label={t('front.attendance.calendar')} data-testid="attendance-calendar">
      <h2 className="attendance-calendar__month" data-testid="attendance-month">{title}</h2>
      <ol className="attendance-grid">
        {weekdays.map((name, i) => <li key={name} className={`attendance-grid__weekday${i === 0 ? ' attendance-grid__weekday--sun' : ''}`} aria-hidden="true">{name}</li>)}
        {days.map((day, i) => {
          const state = checked.has(day) ? 'checked' : day < info.today ? 'missed' : 'open';
          const coming = day === info.nextBonus?.day ? info.nextBonus : day === info.next.day ? info.next : null;
          const classes = ['attendance-day', `attendance-day--${state}`, day === info.today && 'attendance-day--today', coming && 'attendance-day--coming',
            coming === info.nextBonus && coming && 'attendance-day--bonus'].filter(Boolean).join(' ');
          return (
            <li key={day} className={classes} style={i === 0 ? { gridColumnStart: firstWeekday + 1 } : undefined}
              data-testid="attendance-day" data-day={day} data-state={state} data-coming={coming ? 'yes' : undefined}>
              <span className="attendance-day__n">{Number(day.slice(8))}</span>
              {state === 'checked' && <span className="attendance-day__stamp">{t('front.attendance.stamp')}</span>}
              {state !== 'checked' && coming && <span className="attendance-day__points">+{formatNumber(coming.points)}P</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
