import { useT } from '../i18n';
import { DateText } from './DateText';
import './FreshNote.css';

/** Says that what is shown is a copy kept for offline reading, and when it was last fresh. */
export function FreshNote({ kept }: { kept: { freshAt: number; offline: boolean } | undefined }) {
  const t = useT();
  if (!kept?.offline) return null;
  return (
    <p className="fresh-note" role="status" data-testid="offline-copy">
      {t('front.offline.keptCopy')} <DateText value={new Date(kept.freshAt)} format="monthDayTime" />
    </p>
  );
}
