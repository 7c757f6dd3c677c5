import type { Loaded } from '../data/loaded';
import { isOfflineError } from '../data/offline';
import { useT } from '../i18n';
import { OfflineNotice } from './OfflineNotice';

/**
 * What a screen shows in place of a read that is not ready: loading, no connection, or failed (the
 * screen may name its own failure text).
 */
export function ReadNote({ read, failedId = 'front.error.loadFailed', failedTestId }: {
  read: Exclude<Loaded<unknown>, { status: 'ready' }>;
  failedId?: string;
  failedTestId?: string;
}) {
  const t = useT();
  if (read.status === 'loading') return <p className="panel-note">{t('front.loading')}</p>;
  if (isOfflineError(read.error)) return <OfflineNotice />;
  return <p className="panel-note panel-note--error" data-testid={failedTestId}>{t(failedId)}</p>;
}
