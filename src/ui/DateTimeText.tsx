import { useT } from '../i18n';
import { formatDate, formatTime } from '../i18n/format';
import './ListView.css';

/** 'yyyy-MM-dd HH:mm' in Asia/Seoul, or a dash when there is no time yet (e.g. not processed). */
export function DateTimeText({ value }: { value: string | null }) {
  const t = useT();
  if (!value) return <span className="list-table__none">{t('front.mypage.none')}</span>;
  return <time dateTime={new Date(value).toISOString()}>{`${formatDate(value)} ${formatTime(value)}`}</time>;
}
