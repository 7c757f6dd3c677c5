/** Which route tree this visit uses: picked once at start by width (SPEC §2: <= 600 is mobile) and kept. */
import { MOBILE_MAX_WIDTH } from '../../contract/constants';

export type LayoutTree = 'desktop' | 'mobile';

let tree: LayoutTree | null = null;

export function layoutTree(): LayoutTree {
  tree ??= typeof window !== 'undefined' && window.innerWidth <= MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
  return tree;
}
