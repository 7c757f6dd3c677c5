import { BUSINESS_TIME_ZONE } from '../../contract/constants';
import { t } from './index';

const numberFormat = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 0 });

/** Integer amounts with thousands separators: 1234567 -> '1,234,567'. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Calendar fields of an instant in business time (Asia/Seoul), zero-padded. */
export function seoulParts(date: Date | string): { year: string; month: string; day: string; hour: string; minute: string } {
  const parts = Object.fromEntries(partsFormat.formatToParts(new Date(date)).map((part) => [part.type, part.value]));
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

/** 'yyyy-MM-dd' in Asia/Seoul. */
export function formatDate(date: Date | string): string {
  const { year, month, day } = seoulParts(date);
  return `${year}-${month}-${day}`;
}

/** 'MM월 dd일' in Korean (each language orders month and day its own way), Asia/Seoul. */
export function formatMonthDay(date: Date | string): string {
  const { month, day } = seoulParts(date);
  return t('front.format.monthDay', { month, day });
}

/** 'HH:mm' in Asia/Seoul. */
export function formatTime(date: Date | string): string {
  const { hour, minute } = seoulParts(date);
  return `${hour}:${minute}`;
}
