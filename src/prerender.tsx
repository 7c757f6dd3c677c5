/**
 * Pages as HTML, made at build time (scripts/prerender.ts runs this through Vite's SSR loader): the real
 * route tree, shell and page, rendered in a memory history with no outside world, once per tree and
 * language: the guest's main page, and every member screen as a kept session sees it before the member's
 * read has answered. The server sends them to first visits, so the first paint needs no script; main.tsx
 * then renders the live page over it (entry.ts).
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Locale } from '../contract/constants';
import type { MemberInfoAnswer, SessionToken } from '../contract/types';
import { sessionMachine, type TokenInput } from '../machines/session';
import { siteCheckMachine, type SiteCheckAnswer } from '../machines/siteCheck';
import type { AppActors } from './session/actors';
import type { Api } from './data/api';
import { Providers } from './app/Providers';
import { activateLocale } from './i18n';
import { createDesktopRouter } from './routes/desktop';
import { createMobileRouter } from './routes/mobile';
import { treeEntries, type Tree } from './routes/screens';

/** Reads that never answer: the page is drawn as it is before its first answer arrives. */
const never = () => new Promise<never>(() => undefined);
const unanswered: Api = { call: never, get: never, upload: never };

/** Who a page is drawn for: a guest, or a visitor whose kept session is not yet known to be a member's. */
export type Visitor = 'guest' | 'member';

/**
 * The session and site check of a page drawn at build time: nothing is called. A member's session has
 * restored its token and waits for the member's read, which never answers: the shell shows neither the
 * guest's buttons nor the member's facts, as it does while a kept session is restored.
 */
async function buildActors(visitor: Visitor): Promise<AppActors> {
  const token: SessionToken | null = visitor === 'member' ? { token: 'prerendered', expiresAt: '2100-01-01T00:00:00.000Z' } : null;
  const session = createActor(sessionMachine.provide({
    actors: { restoreToken: fromPromise<SessionToken | null, void>(async () => token), loadMember: fromPromise<MemberInfoAnswer, TokenInput>(never) },
  })).start();
  const siteCheck = createActor(siteCheckMachine.provide({ actors: { fetchSiteCheck: fromPromise<SiteCheckAnswer | null, void>(async () => null) } })).start();
  await waitFor(session, (snapshot) => snapshot.matches(visitor === 'member' ? 'signingIn' : 'guest'));
  return { session, siteCheck };
}

/** The page at `path` of one tree, in one language, for the visitor. */
export async function renderPage(locale: Locale, tree: Tree, path: string, visitor: Visitor): Promise<string> {
  await activateLocale(locale);
  const actors = await buildActors(visitor);
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = tree === 'phone' ? createMobileRouter(actors, history, true) : createDesktopRouter(actors, history, true);
  await router.load();
  try {
    // prerender waits for every lazy part (the shell, the page) where renderToString would leave a fallback.
    // A part that throws would leave its boundary's fallback in the page: the build fails instead.
    const errors: unknown[] = [];
    const { prelude } = await prerender(
      <StrictMode>
        <Providers actors={actors} api={unanswered}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
      { onError: (error) => void errors.push(error) },
    );
    if (errors.length > 0) throw new Error(`prerender: ${path} on the ${tree} tree in ${locale} threw`, { cause: errors[0] });
    return await new Response(prelude).text();
  } finally {
    actors.session.stop();
    actors.siteCheck.stop();
  }
}

/** The member screens' paths in the site's frame (those without parameters), each with the trees it is on. */
export function memberPaths(): { path: string; trees: Tree[] }[] {
  const trees = new Map<string, Tree[]>();
  for (const tree of ['desktop', 'phone'] as const) {
    for (const entry of treeEntries(tree)) {
      const path = entry[tree]!;
      if (entry.kind === 'screen' && entry.access === 'member' && entry.layout === 'site' && !path.includes('$')) trees.set(path, [...(trees.get(path) ?? []), tree]);
    }
  }
  return [...trees].map(([path, on]) => ({ path, trees: on }));
}
