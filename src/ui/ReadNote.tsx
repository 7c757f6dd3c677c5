import type { Loaded } from '../data/loaded';
import { isOfflineError } from '../data/offline';
import { useT } from '../i18n';
import { OfflineNotice } from './OfflineNotice';

/** What a screen shows in place of a read that is not ready: loading, no connection, or failed. */
export function ReadNote({ read }: { read: Exclude<Loaded<unknown>, { status: 'ready' }> }) {
  const t = useT();
  if (read.status === 'loading') return <p className="panel-note">{t('front.loading')}</p>;
  if (isOfflineError(read.error)) return <OfflineNotice />;
  return <p className="panel-note panel-note--error">{t('front.error.loadFailed')}</p>;
}
