import { I18nProvider } from '@lingui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { DataProvider } from '../data/DataProvider';
import type { Api } from '../data/api';
import { i18n } from '../i18n';
import { OfflineBanner } from '../pwa/OfflineBanner';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { usePwaState } from '../pwa/usePwaState';
import { AlertHost } from '../ui/AlertHost';
import type { AppActors } from '../session/actors';
import { AppActorsContext } from '../session/context';
import { ErrorBoundary } from './ErrorBoundary';
import { SessionNotices } from './SessionNotices';

// Most visits are never offered an install: its card's code comes only when it is (the guest's first load has a budget).
const InstallPrompt = lazy(async () => ({ default: (await import('../pwa/InstallPrompt')).InstallPrompt }));

function InstallOffer() {
  const { install } = usePwaState();
  return install === 'none' ? null : <Suspense fallback={null}><InstallPrompt /></Suspense>;
}

/**
 * Everything every screen relies on: translations, the root actors, the data layer (one QueryClient;
 * tests pass a fake `api`), the error boundary, the alert host, the offline banner, the update prompt and the install offer.
 */
export function Providers({ actors, api, children }: { actors: AppActors; api?: Api; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <AppActorsContext.Provider value={actors}>
        <DataProvider api={api}>
          <OfflineBanner />
          <ErrorBoundary>{children}</ErrorBoundary>
          <SessionNotices />
          <AlertHost />
          <UpdatePrompt />
          <InstallOffer />
        </DataProvider>
      </AppActorsContext.Provider>
    </I18nProvider>
  );
}
