import { pathOn, type Tree } from '../../routes/screens';

/**
 * A board screen's path on this tree. A post is `read?boardIdx=<n>`: a path parameter in the screen map
 * makes every link of the two-tree router type demand params, so the number travels as a search value.
 */
export function boardPath(id: 'boardList' | 'boardRead' | 'boardWrite', tree: Tree): string {
  return pathOn(id, tree) ?? '/';
}
