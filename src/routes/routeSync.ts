import type { AnyRouter } from '@tanstack/react-router';
import { i18n, t } from '../i18n';
import type { AppActors } from '../session/actors';
import { screen, type ScreenId } from './screens';

/** "<screen> · <site>" from the screen map; the site's name alone on the main page. */
function resetTitle(router: AnyRouter): void {
  const id = router.state.matches.at(-1)?.staticData.screen as ScreenId | undefined;
  const site = t('front.site.title');
  document.title = id && id !== 'main' ? `${t(screen(id).title)} · ${site}` : site;
}

/**
 * SPEC §2: on every route change, re-check maintenance, keep the session token fresh and reset the title.
 * Returns the unsubscribe function.
 */
export function syncOnRouteChange(router: AnyRouter, { session, siteCheck }: AppActors): () => void {
  const stopRoutes = router.subscribe('onResolved', () => {
    siteCheck.send({ type: 'siteCheck.sync' });
    session.send({ type: 'session.sync' });
    resetTitle(router);
  });
  const stopLocale = i18n.on('change', () => resetTitle(router));
  return () => {
    stopRoutes();
    stopLocale();
  };
}
