import { selectIsPartner, selectIsSignedIn } from '../../machines/session';
import { useSessionSelector } from '../session/context';
import { menuItems, type Menu, type MenuItem } from './screens';
import { useTree } from './useTree';

/** A generated menu for this tree and this visitor (see menuItems). */
export function useMenu(menu: Menu): MenuItem[] {
  const tree = useTree();
  const signedIn = useSessionSelector(selectIsSignedIn);
  const partner = useSessionSelector(selectIsPartner);
  return menuItems(menu, tree, { signedIn, partner });
}
