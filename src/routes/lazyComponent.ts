/**
 * Every lazily loaded route component (screens, the shells) comes through here. TanStack Router reloads
 * the page once when a component's code cannot be fetched, which is right after a deploy (the page
 * asks for files that are gone) but wrong with no connection: before the service worker keeps the
 * screens (a first visit), the reload would leave the member on the browser's offline page. Offline,
 * the failure is passed on as an OfflineError instead, which the route's error screen shows as such.
 */
import { lazyRouteComponent } from '@tanstack/react-router';
import { OfflineError } from '../app/ErrorBoundary';

export function lazyComponent<M extends Record<string, unknown>>(importer: () => Promise<M>, exportName?: keyof M & string) {
  return lazyRouteComponent(async () => {
    try {
      return await importer();
    } catch (error) {
      throw typeof navigator !== 'undefined' && !navigator.onLine ? new OfflineError() : error;
    }
  }, exportName);
}
