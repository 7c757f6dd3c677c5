import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { DataProvider } from '../data/DataProvider';
import type { Api } from '../data/api';
import { i18n } from '../i18n';
import { InstallPrompt } from '../pwa/InstallPrompt';
import { OfflineBanner } from '../pwa/OfflineBanner';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { AlertHost } from '../ui/AlertHost';
import type { AppActors } from './actors';
import { AppActorsContext } from './appContext';
import { ErrorBoundary } from './ErrorBoundary';
import { SessionNotices } from './SessionNotices';

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
          <InstallPrompt />
        </DataProvider>
      </AppActorsContext.Provider>
    </I18nProvider>
  );
}
