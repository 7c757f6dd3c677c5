/// <reference lib="webworker" />
/**
 * The service worker (vite-plugin-pwa injectManifest). The shell and route chunks are precached, so
 * the site opens offline; navigations fall back to the shell; API, operator and socket traffic is
 * never cached; images are cached at run time.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { liveMarkers, pruneExpiredMarkers } from './pwa/popupMarkers';
import { POPUP_MARKERS, SKIP_WAITING } from './pwa/messages';

declare let self: ServiceWorkerGlobalScope;

// /vendor is the house game vendor mounted on this origin: its game pages, calls and art are its own,
// never the site's shell or caches.
const NEVER_CACHED = [/^\/api/, /^\/admin/, /^\/ws/, /^\/vendor\//];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Registered before the image route so that nothing under these paths (an image from /api included)
// is ever answered from a cache.
registerRoute(({ url, sameOrigin }) => sameOrigin && NEVER_CACHED.some((path) => path.test(url.pathname)), new NetworkOnly());

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NEVER_CACHED }));

registerRoute(
  ({ request }) => request.destination === 'image',
  new CacheFirst({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === SKIP_WAITING) void self.skipWaiting();
  // Answered through the MessageChannel port workbox-window's messageSW() opens.
  if (type === POPUP_MARKERS) event.waitUntil(liveMarkers().then((markers) => event.ports[0]?.postMessage(markers)));
});

self.addEventListener('activate', (event) => event.waitUntil(pruneExpiredMarkers()));

clientsClaim();
