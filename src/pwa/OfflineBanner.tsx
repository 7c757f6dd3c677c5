import { useLingui } from '@lingui/react';
import { usePwaState } from './usePwaState';

/** A strip at the top of the page while the device has no connection. */
export function OfflineBanner() {
  const { i18n } = useLingui();
  const { offline } = usePwaState();
  if (!offline) return null;
  return (
    <div className="pwa-offline" role="status" data-testid="offline-banner">
      {i18n._('front.pwa.offline')}
    </div>
  );
}
