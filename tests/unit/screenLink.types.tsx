/**
 * Type test, checked by `tsc -b` (the tests project), never run: links are typed from the screen map.
 * Each `@ts-expect-error` line must fail to compile; if one compiled, tsc would report the unused
 * directive, so a check that stopped working fails the typecheck.
 */
import { Link } from '@tanstack/react-router';
import { screenLink, type Tree } from '../../src/routes/screens';
import '../../src/routes/register';

declare const tree: Tree;

// A screen of both trees, from a component both trees draw: the path of the tree of the moment.
export const boardRead = screenLink(tree, 'boardRead', { boardIdx: 7 });
boardRead.to satisfies '/board/read/$boardIdx' | '/member/board/read/$boardIdx';
boardRead.params satisfies { boardIdx: string };

// Each tree's own code passes its tree and gets that tree's path.
screenLink('desktop', 'deposit').to satisfies '/charge';
screenLink('phone', 'deposit').to satisfies '/member/chargeMain/charge';
screenLink('phone', 'login').to satisfies '/login';

// A phone-only screen (login, join) on the desktop tree fails.
// @ts-expect-error 'login' is not a screen of the desktop tree
screenLink('desktop', 'login');
// @ts-expect-error nor from a component both trees draw
screenLink(tree, 'join');

// A screen's parameters are those of its path: none missing, none unknown, none on a screen without any.
// @ts-expect-error boardIdx is missing
screenLink(tree, 'boardRead');
// @ts-expect-error msgIdx is not a parameter of boardRead
screenLink(tree, 'boardRead', { msgIdx: 1 });
// @ts-expect-error the list has no parameters
screenLink(tree, 'boardList', { boardIdx: 1 });
// @ts-expect-error not a screen of the map
screenLink(tree, 'nowhere');

// The options are TanStack Router's: a <Link> takes them as they are.
export const read = <Link {...screenLink(tree, 'messageRead', { msgIdx: 3 })}>read</Link>;
export const list = <Link {...screenLink('phone', 'message')}>list</Link>;
export const verify = <Link {...screenLink(tree, 'miniVerify', {}, { game: 'powerball', roundNo: 3 })}>verify</Link>;
// The route trees type each path's own parameters: a bare <Link> to a path with one needs it too.
// @ts-expect-error boardIdx is missing
export const bare = <Link to="/board/read/$boardIdx">read</Link>;
