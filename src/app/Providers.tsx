import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { i18n } from '../i18n';
import { OfflineBanner } from '../pwa/OfflineBanner';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { AlertHost } from '../ui/AlertHost';
import type { AppActors } from './actors';
import { AppActorsContext } from './appContext';
import { ErrorBoundary } from './ErrorBoundary';
import { SessionNotices } from './SessionNotices';

/**
 * Everything every screen relies on: translations, the root actors, the error boundary, the alert host,
 * the offline banner and the update prompt.
 */
export function Providers({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <AppActorsContext.Provider value={actors}>
        <ErrorBoundary>{children}</ErrorBoundary>
        <SessionNotices />
        <AlertHost />
        <OfflineBanner />
        <UpdatePrompt />
      </AppActorsContext.Provider>
    </I18nProvider>
  );
}
