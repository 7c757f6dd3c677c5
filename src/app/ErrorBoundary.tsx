import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useT } from '../i18n';
import { Button } from '../ui/Button';

/** What a member sees when a screen fails to render or its chunk fails to load. */
export function ErrorFallback() {
  const t = useT();
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
