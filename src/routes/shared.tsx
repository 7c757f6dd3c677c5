/**
 * Builds a route tree from the screen map (screens.ts): the root with the tree in its context, one
 * pathless route per layout, one per tab frame, and under them a route per screen or redirect at its full
 * path, guarded by the screen's access; unknown paths go to the main page.
 */
import { EmptyShell } from './EmptyShell';
import {
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
  type AnyRoute,
  type RouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import type { AppActors } from '../session/actors';
import { ErrorFallback } from '../app/ErrorBoundary';
import { loadAllMessages } from '../i18n';
import { lazyComponent } from './lazyComponent';
import { redirectHome, requireGuest, requireMaintenance, requireMember, requirePartner } from './guards';
import { pathOn, treeEntries, type Access, type Frame, type Layout, type RedirectEntry, type ScreenEntry, type SCREENS, type Tree } from './screens';

/** What every route (and, through useTree, every component) can read. */
export interface RouterContext extends AppActors {
  tree: Tree;
  /** A page drawn at build time (src/prerender.tsx) before anyone is known: no guard runs. */
  prerendering?: boolean;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The screen-map id of a screen's route. */
    screen?: string;
  }
}

const GUARDS: Record<Access, ((options: { context: RouterContext }) => Promise<void>) | undefined> = {
  public: undefined,
  guest: requireGuest,
  member: requireMember,
  partner: requirePartner,
  maintenance: requireMaintenance,
};

/**
 * A `beforeLoad` that sends the visitor on to `to` (a parent path opening its first page), with the entry's
 * search, or with the search it was reached with (`keepSearch`).
 */
const redirectTo = (to: string, search: Record<string, unknown> | undefined, keepSearch: boolean) =>
  async ({ search: reached }: { search: Record<string, unknown> }) => {
    throw redirect({ to, search: keepSearch ? reached : search, replace: true });
  };

function createRoot() {
  return createRootRouteWithContext<RouterContext>()({ component: Outlet });
}

type Root = ReturnType<typeof createRoot>;

function layoutRoute<const TId extends string>(root: Root, id: TId, component: RouteComponent) {
  return createRoute({ getParentRoute: () => root, id, component });
}

function entryRoute<TParent extends AnyRoute, const TPath extends string>(parent: TParent, path: TPath, entry: ScreenEntry | RedirectEntry, tree: Tree) {
  const isScreen = entry.kind === 'screen';
  const target = isScreen ? undefined : pathOn(entry.to, tree);
  if (!isScreen && !target) throw new Error(`redirect ${entry.id} leads to ${entry.to}, which is not on the ${tree} tree`);
  const guard = isScreen ? GUARDS[entry.access] : redirectTo(target!, entry.search, entry.keepSearch === true);
  return createRoute({
    getParentRoute: () => parent,
    path,
    component: isScreen ? entry.component : undefined,
    // The parent is generic here, so the router's context type is not known to the compiler; it is the root's.
    beforeLoad: guard && (({ context, search }: { context: unknown; search: Record<string, unknown> }) => (isScreen && (context as RouterContext).prerendering
      ? undefined : guard({ context: context as RouterContext, search }))),
    staticData: isScreen ? { screen: entry.id } : undefined,
  });
}

/** One route type per path (distributed), so each path has its own parameters ('/board/read/$boardIdx'). */
type EntryRoutes<TParent extends AnyRoute, TPath extends string> = TPath extends string ? ReturnType<typeof entryRoute<TParent, TPath>> : never;
type Entries = (typeof SCREENS)[number];
/** The literal paths of one layout's screens (redirects sit in the site layout) on a tree. */
type LayoutPaths<T extends Tree, L extends Layout> =
  Extract<Entries, Record<T, string> & ({ layout: L } | (L extends 'site' ? { kind: 'redirect' } : never))>[T];

export interface Shells {
  /** The site layout (header, menus, footer) of this tree. */
  site: RouteComponent;
  /** The partner area's layout (the desktop's has no main header; a phone's is its site frame). */
  partner: RouteComponent;
}

/** The tab frames (one per money direction), the same on both trees: each reads its tabs from the map. */
const money = async () => (await Promise.all([import('../features/wallet/MoneyMain'), loadAllMessages()]))[0];
const frameComponents: Record<Frame, RouteComponent> = {
  deposit: lazyComponent(money, 'DepositMain'),
  withdrawal: lazyComponent(money, 'WithdrawalMain'),
};

/**
 * The route tree of one tree. Screens sit at their full paths under their layout (frames are pathless, so
 * they change no path); the returned type lists every path of the tree so links are checked by `tsc`.
 */
export function buildTree<T extends Tree>(tree: T, shells: Shells) {
  const root = createRoot();
  const layouts = {
    site: layoutRoute(root, 'site', shells.site),
    empty: layoutRoute(root, 'empty', EmptyShell),
    partner: layoutRoute(root, 'partner', shells.partner),
  };
  const frameRoute = (frame: Frame) => createRoute({ getParentRoute: () => layouts.site, id: frame, component: frameComponents[frame] });
  const frames: Record<Frame, AnyRoute> = { deposit: frameRoute('deposit'), withdrawal: frameRoute('withdrawal') };

  const children = new Map<AnyRoute, AnyRoute[]>();
  for (const entry of treeEntries(tree) as (ScreenEntry | RedirectEntry)[]) {
    const parent: AnyRoute = entry.kind === 'redirect' ? layouts.site : entry.frame ? frames[entry.frame] : layouts[entry.layout];
    children.set(parent, [...(children.get(parent) ?? []), entryRoute(parent, entry[tree]!, entry, tree)]);
  }
  const withChildren = (route: AnyRoute) => route.addChildren(children.get(route) ?? []);
  const siteChildren = [...(children.get(layouts.site) ?? []), ...Object.values(frames).filter((frame) => children.has(frame)).map(withChildren)];

  // The runtime tree is built from the list above; its type is spelled from the same list (each layout's
  // literal paths), which is what makes a link to a path that is not on the tree fail to compile.
  const unknownRoute = createRoute({ getParentRoute: () => root, path: '$', beforeLoad: redirectHome });
  const used = [
    layouts.site.addChildren(siteChildren as EntryRoutes<typeof layouts.site, LayoutPaths<T, 'site'>>[]),
    layouts.empty.addChildren((children.get(layouts.empty) ?? []) as EntryRoutes<typeof layouts.empty, LayoutPaths<T, 'empty'>>[]),
    layouts.partner.addChildren((children.get(layouts.partner) ?? []) as EntryRoutes<typeof layouts.partner, LayoutPaths<T, 'partner'>>[]),
  ].filter((layout) => (layout.children as AnyRoute[]).length > 0);
  return root.addChildren([...used, unknownRoute]);
}

/** `history` defaults to the browser's; tests pass a memory history. */
export function createTreeRouter<TTree extends AnyRoute>(routeTree: TTree, context: RouterContext, history?: RouterHistory) {
  return createRouter({ routeTree, context, history, defaultErrorComponent: ErrorFallback, defaultPreload: 'intent' });
}
