import type { AnyRouter } from '@tanstack/react-router';
import { i18n, t } from '../i18n';
import type { AppActors } from '../app/actors';

function resetTitle(): void {
  document.title = t('front.site.title');
}

/**
 * SPEC §2: on every route change, re-check maintenance, keep the session token fresh and reset the title.
 * Returns the unsubscribe function.
 */
export function syncOnRouteChange(router: AnyRouter, { session, siteCheck }: AppActors): () => void {
  const stopRoutes = router.subscribe('onResolved', () => {
    siteCheck.send({ type: 'siteCheck.sync' });
    session.send({ type: 'session.sync' });
    resetTitle();
  });
  const stopLocale = i18n.on('change', resetTitle);
  return () => {
    stopRoutes();
    stopLocale();
  };
}
