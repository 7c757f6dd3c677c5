import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useT } from '../i18n';
import { usePwaState } from '../pwa/usePwaState';
import { Button } from '../ui/Button';

/** A screen's code could not be fetched because there is no connection (routes/lazyComponent.ts). */
export class OfflineError extends Error {
  constructor() {
    super('this screen cannot be loaded with no connection');
    this.name = 'OfflineError';
  }
}

/**
 * What a member sees when a screen fails to render or its chunk fails to load. When that was the
 * connection it says so, and opens the screen again by itself once the connection returns (a reload: the
 * page then comes from the network).
 */
export function ErrorFallback({ error }: { error?: unknown }) {
  const t = useT();
  const { offline } = usePwaState();
  const [connectionLost] = useState(() => error instanceof OfflineError || offline);
  useEffect(() => {
    // The store's first answer may predate its subscription: the browser has the last word.
    if (connectionLost && !offline && navigator.onLine) location.reload();
  }, [connectionLost, offline]);
  if (connectionLost) {
    return (
      <section className="error-fallback" role="alert" data-testid="screen-offline">
        <h1>{t('front.error.offlineTitle')}</h1>
        <p>{t('front.error.offlineBody')}</p>
      </section>
    );
  }
  return (
    <section className="error-fallback" role="alert">
      <h1>{t('front.error.boundaryTitle')}</h1>
      <p>{t('front.error.boundaryBody')}</p>
      <Button onClick={() => location.reload()}>{t('front.error.reload')}</Button>
    </section>
  );
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
