import { pathOn, type Tree } from '../../routes/screens';

/**
 * A board screen's path on this tree; a post is `read?boardIdx=<n>` (a path parameter in the screen map
 * makes every link of the two-tree router type demand params, so the number travels as a query).
 */
export function boardPath(id: 'boardList' | 'boardRead' | 'boardWrite', tree: Tree, boardIdx?: number): string {
  const path = pathOn(id, tree) ?? '/';
  return boardIdx === undefined ? path : `${path}?boardIdx=${boardIdx}`;
}
