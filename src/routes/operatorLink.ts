/** Where an operator's link (a banner's or a popup's, contract/links.ts) goes on this tree. */
import { isLinkScreen, LINK_SCREENS } from '../../contract/links';
import { pathOn, type ScreenId, type Tree } from './screens';

// Every screen an operator may name is a screen of the map (a renamed or removed one fails tsc here).
LINK_SCREENS satisfies readonly ScreenId[];

export type LinkTarget = { href: string; external: boolean };

/** The link's target on `tree`: its screen's path there, or the https address; null for none. */
export function operatorLinkTarget(link: string, tree: Tree): LinkTarget | null {
  if (link.startsWith('https://')) return { href: link, external: true };
  if (!isLinkScreen(link)) return null;
  const href = pathOn(link, tree);
  return href === undefined ? null : { href, external: false };
}
