import { formatDate, formatMonthDay, formatTime } from '../i18n/format';
import { useT } from '../i18n';

export interface DateTextProps {
  value: Date | string;
  /** date: yyyy-MM-dd; monthDay: MM월 dd일; monthDayTime: MM월 dd일 HH:mm; all in Asia/Seoul. */
  format?: 'date' | 'monthDay' | 'monthDayTime';
}

export function DateText({ value, format = 'date' }: DateTextProps) {
  useT(); // re-render when the language changes (monthDay is worded per language)
  const iso = new Date(value).toISOString();
  const text =
    format === 'date'
      ? formatDate(value)
      : format === 'monthDay'
        ? formatMonthDay(value)
        : `${formatMonthDay(value)} ${formatTime(value)}`;
  return <time dateTime={iso}>{text}</time>;
}
