import { useRouter } from '@tanstack/react-router';
import type { RouterContext } from './shared';
import type { Tree } from './screens';

/** The route tree this visit uses, as main.tsx chose it once and put it in the router context. */
export function useTree(): Tree {
  return (useRouter().options.context as RouterContext).tree;
}
