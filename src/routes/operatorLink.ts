/** Where an operator's link (a banner's or a popup's, contract/links.ts) goes on this tree. */
import { isLinkScreen, LINK_SCREENS } from '../../contract/links';
import { linkIfOn, type AnyScreenLink, type PlainScreenId, type Tree } from './screens';

// Every screen an operator may name is a screen of the map without parameters (a renamed or removed one,
// or one whose path takes a parameter, fails tsc here).
LINK_SCREENS satisfies readonly PlainScreenId[];

export type LinkTarget = { external: true; href: string } | { external: false; link: AnyScreenLink };

/** The link's target on `tree`: its screen's link there, or the https address; null for none. */
export function operatorLinkTarget(link: string, tree: Tree): LinkTarget | null {
  if (link.startsWith('https://')) return { href: link, external: true };
  if (!isLinkScreen(link)) return null;
  const screen = linkIfOn(link, tree);
  return screen === undefined ? null : { link: screen, external: false };
}
