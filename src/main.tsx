import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startAppActors, type AppActors } from './app/actors';
import { startInspector } from './app/inspector';
import { layoutTree } from './app/layoutTree';
import { setNavigator } from './app/navigation';
import { Providers } from './app/Providers';
import type { createDesktopRouter } from './routes/desktop';
import { activateLocale } from './i18n';
import { readLocaleCookie } from './i18n/localeCookie';
import { registerServiceWorker } from './pwa/register';
import { syncOnRouteChange } from './routes/routeSync';
import './styles/global.css';

/** One route tree for the whole visit, chosen by the width at start (SPEC §2); only that tree is loaded. */
async function loadRouterFactory(): Promise<(actors: AppActors) => ReturnType<typeof createDesktopRouter>> {
  if (layoutTree() === 'mobile') return (await import('./routes/mobile')).createMobileRouter;
  return (await import('./routes/desktop')).createDesktopRouter;
}

async function boot(): Promise<void> {
  // The route tree downloads while the catalog does: one round trip before the first paint, not two.
  const [createAppRouter] = await Promise.all([loadRouterFactory(), activateLocale(readLocaleCookie()), startInspector()]);
  const actors = startAppActors();
  const router = createAppRouter(actors);
  // Skipping the current path keeps a repeated "go to /warning" from reloading the route over and over.
  setNavigator((path) => {
    if (router.state.location.pathname !== path) void router.navigate({ to: path, replace: true });
  });
  syncOnRouteChange(router, actors);

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers actors={actors}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  registerServiceWorker();
}

void boot();
