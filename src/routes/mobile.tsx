/** The phone route tree (SPEC §2 mobile routes, width <= 600), generated from the screen map (screens.ts). */
import type { RouterHistory } from '@tanstack/react-router';
import type { AppActors } from '../session/actors';
import { lazyComponent } from './lazyComponent';
import { buildTree, createTreeRouter } from './shared';

const shell = lazyComponent(() => import('./MobileShell'), 'MobileShell');

// A phone has no separate partner frame (SPEC §2: the partner pages sit under /member): its partner layout is
// the site's frame, and the screens carry the area's tabs themselves.
const routeTree = buildTree('phone', { site: shell, partner: shell });

export function createMobileRouter(actors: AppActors, history?: RouterHistory, prerendering = false) {
  return createTreeRouter(routeTree, { ...actors, tree: 'phone', prerendering }, history);
}

export type PhoneRouter = ReturnType<typeof createMobileRouter>;
