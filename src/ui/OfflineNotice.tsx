import { useT } from '../i18n';

/**
 * What a screen shows in place of data it could not read for lack of a connection (check the read's
 * error with `isOfflineError` from data/offline.ts). The read runs again when the connection returns.
 */
export function OfflineNotice() {
  const t = useT();
  return (
    <p className="panel-note panel-note--offline" role="status" data-testid="offline-notice">
      {t('front.offline.notLoaded')}
    </p>
  );
}
