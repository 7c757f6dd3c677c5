import './app/noEval';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startAppActors, type AppActors } from './app/actors';
import { startInspector } from './app/inspector';
import { layoutTree } from './app/layoutTree';
import { setNavigator } from './app/navigation';
import { Providers } from './app/Providers';
import { activateLocale } from './i18n';
import { readLocaleCookie } from './i18n/localeCookie';
import { registerServiceWorker } from './pwa/register';
import { syncOnRouteChange } from './routes/routeSync';
import './styles/global.css';

/** One route tree for the whole visit, chosen by the width at start (SPEC §2); only that tree is loaded. */
async function createAppRouter(actors: AppActors) {
  if (layoutTree() === 'mobile') {
    const { createMobileRouter } = await import('./routes/mobile');
    return createMobileRouter(actors);
  }
  const { createDesktopRouter } = await import('./routes/desktop');
  return createDesktopRouter(actors);
}

async function boot(): Promise<void> {
  await activateLocale(readLocaleCookie());
  await startInspector();
  const actors = startAppActors();
  const router = await createAppRouter(actors);
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
