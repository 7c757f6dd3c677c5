/**
 * screenLink, the one way to link to a screen: each tree's own path from the screen map, the parameters
 * filled in (the router encodes them, and reads the same values back), a search carried as it is. Its
 * types are checked by tsc in screenLink.types.tsx.
 */
import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { AppActors } from '../../src/session/actors';
import { createDesktopRouter } from '../../src/routes/desktop';
import { createMobileRouter } from '../../src/routes/mobile';
import { screenLink, type ScreenLink, type Tree } from '../../src/routes/screens';

// Only locations are built: no route is loaded, so the actors are never used.
const actors = {} as AppActors;
const routers = { desktop: createDesktopRouter(actors), phone: createMobileRouter(actors) };

/** What the router makes of a link: the address, and the screen's parameters and search read back from it. */
function follow(tree: Tree, link: ScreenLink) {
  const router = routers[tree];
  const location = router.buildLocation(link as Parameters<typeof router.buildLocation>[0]);
  const [, params, found] = router.getMatchedRoutes(location.pathname);
  return { href: location.href, path: found?.fullPath, params, search: defaultParseSearch(location.searchStr) };
}

describe('screenLink', () => {
  it('gives each tree its own path for the same screen', () => {
    expect(screenLink('desktop', 'deposit')).toEqual({ to: '/charge', params: {} });
    expect(screenLink('phone', 'deposit')).toEqual({ to: '/member/chargeMain/charge', params: {} });
    expect(follow('desktop', screenLink('desktop', 'attendance')).href).toBe('/attendendance');
    expect(follow('phone', screenLink('phone', 'attendance')).href).toBe('/member/attendance');
  });

  it('fills the path parameters in, as text', () => {
    expect(screenLink('desktop', 'boardRead', { boardIdx: 7 })).toEqual({ to: '/board/read/$boardIdx', params: { boardIdx: '7' } });
    expect(screenLink('phone', 'messageRead', { msgIdx: 12 })).toEqual({ to: '/member/msgRead/$msgIdx', params: { msgIdx: '12' } });
    expect(follow('desktop', screenLink('desktop', 'noticeRead', { boardIdx: 7 }))).toMatchObject({ href: '/notice/read/7', path: '/notice/read/$boardIdx', params: { boardIdx: '7' } });
    expect(follow('phone', screenLink('phone', 'qnaRead', { boardIdx: 31 }))).toMatchObject({ href: '/member/qna/read/31', path: '/member/qna/read/$boardIdx', params: { boardIdx: '31' } });
  });

  it('has the router encode a parameter, which reads back as it was', () => {
    const odd = 'a b/c?d#e%';
    const followed = follow('desktop', screenLink('desktop', 'boardRead', { boardIdx: odd }));
    expect(followed.href).toBe('/board/read/a%20b%2Fc%3Fd%23e%25');
    expect(followed.path).toBe('/board/read/$boardIdx');
    expect(followed.params.boardIdx).toBe(odd);
  });

  it('carries a search, whose values read back as they were (digits written as text stay text)', () => {
    const search = { game: 'fishing', seed: 'ab'.repeat(32), clientSeed: '0123', nonce: 7, bet: 2000 };
    const link = screenLink('phone', 'miniVerify', {}, search);
    expect(link).toEqual({ to: '/member/minigame/verify', params: {}, search });
    const followed = follow('phone', link);
    expect(followed.path).toBe('/member/minigame/verify');
    expect(followed.search).toEqual(search);
  });

  it('refuses, at run time too, a screen the tree does not have or a parameter left out', () => {
    expect(() => screenLink('desktop' as Tree, 'login' as never)).toThrow(/not on the desktop tree/);
    expect(() => (screenLink as (tree: Tree, id: string, params?: object) => ScreenLink)('desktop', 'boardRead', {})).toThrow(/boardIdx/);
  });
});
