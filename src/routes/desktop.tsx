/** The desktop route tree (SPEC §2, width > 600), generated from the screen map (screens.ts). */
import type { RouterHistory } from '@tanstack/react-router';
import type { AppActors } from '../session/actors';
import { lazyComponent } from './lazyComponent';
import { buildTree, createTreeRouter } from './shared';

const routeTree = buildTree('desktop', {
  site: lazyComponent(() => import('./DesktopShell'), 'DesktopShell'),
  partner: lazyComponent(() => import('./PartnerShell'), 'PartnerShell'),
});

export function createDesktopRouter(actors: AppActors, history?: RouterHistory, prerendering = false) {
  return createTreeRouter(routeTree, { ...actors, tree: 'desktop', prerendering }, history);
}

export type DesktopRouter = ReturnType<typeof createDesktopRouter>;
