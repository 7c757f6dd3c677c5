/** How the console writes money and moments: won as integers with separators, times in Seoul. */
import { useCt } from '../i18n';

const number = new Intl.NumberFormat('ko-KR');
const moment = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Seoul', dateStyle: 'short', timeStyle: 'medium' });

export function won(amount: number): string {
  return number.format(amount);
}

export function seoulTime(iso: string | null | undefined): string {
  return iso ? moment.format(new Date(iso)) : '';
}

/** A status or kind shown by its console text (`console.<group>.<value>`). */
export function Label({ group, value }: { group: string; value: string | number }) {
  const t = useCt();
  return <span className={`label label-${group}-${String(value).replace(/[^\w-]/g, '')}`}>{t(`console.${group}.${value}`)}</span>;
}
