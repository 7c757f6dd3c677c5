/** The phone route tree (SPEC §2 mobile routes, width <= 600), generated from the screen map (screens.ts). */
import type { RouterHistory } from '@tanstack/react-router';
import type { AppActors } from '../session/actors';
import { lazyComponent } from './lazyComponent';
import { buildTree, createTreeRouter } from './shared';

const routeTree = buildTree('phone', {
  site: lazyComponent(() => import('./MobileShell'), 'MobileShell'),
});

export function createMobileRouter(actors: AppActors, history?: RouterHistory, prerendering = false) {
  return createTreeRouter(routeTree, { ...actors, tree: 'phone', prerendering }, history);
}

export type PhoneRouter = ReturnType<typeof createMobileRouter>;
