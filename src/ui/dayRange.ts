import { formatDate } from '../i18n/format';

/** Calendar days as 'yyyy-MM-dd' (the value of a date input). */
export interface DayRange {
  startDay: string;
  endDay: string;
}

/** SPEC §9 default search range: today (Asia/Seoul). */
export function todayRange(now: Date = new Date()): DayRange {
  const today = formatDate(now);
  return { startDay: today, endDay: today };
}

/** The list calls' startDate/endDate: the first and last second of the chosen days. */
export function rangePayload({ startDay, endDay }: DayRange): { startDate: string; endDate: string } {
  return { startDate: `${startDay} 00:00:00`, endDate: `${endDay} 23:59:59` };
}
