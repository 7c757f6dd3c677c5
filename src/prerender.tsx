/**
 * The guest's main page as HTML, made at build time (scripts/prerender.mjs runs this through Vite's SSR
 * loader): the real route tree, shell and main page, rendered in a memory history for a guest with no
 * outside world, once per tree and language. The server sends it for `/` to a visitor with no session,
 * so the first paint needs no script; main.tsx then renders the live page over it (entry.ts).
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Locale } from '../contract/constants';
import type { SessionToken } from '../contract/types';
import { sessionMachine } from '../machines/session';
import { siteCheckMachine, type SiteCheckAnswer } from '../machines/siteCheck';
import type { AppActors } from './app/actors';
import type { Api } from './data/api';
import { Providers } from './app/Providers';
import { activateLocale } from './i18n';
import { createDesktopRouter } from './routes/desktop';
import { createMobileRouter } from './routes/mobile';
import type { Tree } from './routes/screens';

/** A guest: no stored token, no maintenance known yet; nothing is called. */
async function guestActors(): Promise<AppActors> {
  const session = createActor(sessionMachine.provide({ actors: { restoreToken: fromPromise<SessionToken | null, void>(async () => null) } })).start();
  const siteCheck = createActor(siteCheckMachine.provide({ actors: { fetchSiteCheck: fromPromise<SiteCheckAnswer | null, void>(async () => null) } })).start();
  await waitFor(session, (snapshot) => snapshot.matches('guest'));
  return { session, siteCheck };
}

/** Reads that never answer: the page is drawn as it is before its first answer arrives. */
const never = () => new Promise<never>(() => undefined);
const unanswered: Api = { call: never, get: never, upload: never };

export async function renderHome(locale: Locale, tree: Tree): Promise<string> {
  await activateLocale(locale);
  const actors = await guestActors();
  const history = createMemoryHistory({ initialEntries: ['/'] });
  const router = tree === 'phone' ? createMobileRouter(actors, history) : createDesktopRouter(actors, history);
  await router.load();
  try {
    // prerender waits for every lazy part (the shell, the page) where renderToString would leave a fallback.
    const { prelude } = await prerender(
      <StrictMode>
        <Providers actors={actors} api={unanswered}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
    return await new Response(prelude).text();
  } finally {
    actors.session.stop();
    actors.siteCheck.stop();
  }
}
