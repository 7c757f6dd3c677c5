/**
 * The screen map and the trees built from it agree: every menu item of every menu, on each tree and for
 * each kind of visitor, is either a path of that tree's route tree or an unbuilt screen shown as
 * "준비 중입니다."; redirects lead to screens of their own tree; no path is listed twice.
 */
import { describe, expect, it } from 'vitest';
import type { AppActors } from '../../src/session/actors';
import { createDesktopRouter } from '../../src/routes/desktop';
import { createMobileRouter } from '../../src/routes/mobile';
import { GAME_CATEGORIES, SCREENS, gameLink, menuItems, pathOn, treeEntries, type Entry, type GameCategoryId, type Menu, type ScreenEntry, type Tree, type Visitor } from '../../src/routes/screens';

// Only the route trees are inspected: no route is loaded, so the actors are never used.
const actors = {} as AppActors;
const routers = { desktop: createDesktopRouter(actors), phone: createMobileRouter(actors) };

function pathsOf(tree: Tree): Set<string> {
  return new Set(Object.keys(routers[tree].routesByPath));
}

const MENUS: Menu[] = ['siteMenu', 'myPageTabs', 'memberHub', 'headerInbox', 'headerPartner', 'supportTabs', 'partnerTabs'];
const VISITORS: Visitor[] = [
  { signedIn: false, partner: false },
  { signedIn: true, partner: false },
  { signedIn: true, partner: true },
];

describe.each(['desktop', 'phone'] as const)('%s tree', (tree) => {
  const paths = pathsOf(tree);

  it('has a route for every screen and redirect of the map on this tree, and for nothing else', () => {
    const mapped = treeEntries(tree).map((entry) => entry[tree]!);
    expect(new Set(mapped).size, 'a path is listed twice').toBe(mapped.length);
    for (const path of mapped) expect(paths, path).toContain(path);
    expect([...paths].filter((path) => path !== '/$').sort()).toEqual([...mapped].sort());
  });

  it.each(MENUS)('menu %s links only to screens of this tree', (menu) => {
    for (const visitor of VISITORS) {
      for (const item of menuItems(menu, tree, visitor)) {
        if (item.link) expect(paths, `${menu} ${item.id}`).toContain(item.link.to);
        else expect((SCREENS as readonly Entry[]).find((entry) => entry.id === item.id)?.kind, `${menu} ${item.id}`).toBe('planned');
      }
    }
  });

  it('sends every redirect to a screen of the same tree', () => {
    for (const entry of treeEntries(tree)) {
      if (entry.kind !== 'redirect') continue;
      const target = (SCREENS as readonly Entry[]).find((candidate) => candidate.id === entry.to);
      expect(target?.kind, entry.id).toBe('screen');
      expect(paths, entry.id).toContain((target as { [key in Tree]?: string })[tree]);
    }
  });

  it('shows a member the my-page tabs, the hub and the money pages; a guest none of them', () => {
    const member = { signedIn: true, partner: false };
    expect(menuItems('myPageTabs', tree, member).map((item) => item.id)).toEqual(['bettingList', 'winLose', 'chargeList', 'exchangeList', 'point', 'coupon', 'give', 'memberInfo', 'protection']);
    expect(menuItems('memberHub', tree, member).every((item) => item.link)).toBe(true);
    expect(menuItems('siteMenu', tree, member).filter((item) => item.group === 'money' && item.link).length).toBeGreaterThan(0);
    expect(menuItems('memberHub', tree, { signedIn: false, partner: false })).toEqual([]);
  });

  it('links the game categories with a lobby, and every SPEC §2 vendor code to its screen', () => {
    const built = GAME_CATEGORIES.filter((category) => gameLink(tree, category));
    expect(built).toEqual(['casino', 'hotelCasino', 'slot', 'hotelSlot', 'sport', 'esport', 'virtual', 'minigame', 'fishing']);
    for (const category of built) expect(paths).toContain(gameLink(tree, category)!.to);
    const vendors: [GameCategoryId, string, string][] = [
      ['casino', '1', 'livecasino/evolution'], ['casino', '5', 'livecasino/asiagaming'], ['casino', '10', 'livecasino/pragmatic'],
      ['casino', '6', 'livecasino/dreamcasino'], ['casino', '9', 'livecasino/sexygaming'], ['casino', '2', 'livecasino/biggaming'],
      ['slot', '0', 'slotgame/kplayslot'], ['slot', '200', 'slotgame/pragslot'], ['slot', '201', 'slotgame/habanero'],
      ['slot', '202', 'slotgame/slot_elle'], ['slot', '204', 'slotgame/slot_quick'], ['slot', '205', 'slotgame/slot_spade'],
      ['slot', '207', 'slotgame/slot_playandgo'], ['slot', '208', 'slotgame/slot_worldmath'], ['slot', '209', 'slotgame/slot_microgaming'],
      ...['212', '213', '214', '215', '216', '217', '218', '219', '220', '221'].map((code): [GameCategoryId, string, string] => ['slot', code, 'slotgame/slot_ylgaming']),
      ['fishing', '1000', 'phishinggame/kplayfishing'],
      ['sport', '100', 'sport'],
      ['virtual', '102', 'virtualgame'],
    ];
    const prefix = tree === 'desktop' ? '/' : '/member/';
    for (const [category, code, path] of vendors) expect(gameLink(tree, category, code)?.to, code).toBe(`${prefix}${path}`);
    expect(gameLink(tree, 'slot', '9999')).toBeUndefined();
  });
});

/** Screens opened from another screen rather than a menu: a post or message (by id) from its list, a form from its list. */
const OPENED_FROM_A_SCREEN = new Set(['messageRead', 'noticeRead', 'qnaRead', 'qnaWrite']);

it('the phone navigation (with the tabs of the pages it opens) reaches every phone screen a member may open', () => {
  const member = { signedIn: true, partner: false };
  const reached = new Set((['siteMenu', 'supportTabs', 'myPageTabs'] as const).flatMap((menu) => menuItems(menu, 'phone', member).map((item) => item.link?.to)));
  // The empty-layout frame page opens only inside the game window, with the game's address.
  const memberScreens = treeEntries('phone').filter((entry): entry is ScreenEntry => entry.kind === 'screen' && entry.access === 'member' && entry.layout !== 'empty' && !OPENED_FROM_A_SCREEN.has(entry.id));
  for (const entry of memberScreens) {
    // Game screens are reached through the game menu, made from the game codes.
    if (entry.game) expect(gameLink('phone', entry.game.category, entry.game.vendorCodes?.[0])?.to, entry.id).toBe(entry.phone);
    // A screen opened from another (a post from the board's list, a view of the sportsbook from its tabs) is reached when that one is.
    else if (entry.via && (SCREENS as readonly Entry[]).find((other) => other.id === entry.via && other.kind === 'screen' && other.game)) {
      const via = (SCREENS as readonly Entry[]).find((other) => other.id === entry.via) as ScreenEntry;
      expect(gameLink('phone', via.game!.category, via.game!.vendorCodes?.[0])?.to, entry.id).toBe(via.phone);
    } else expect(reached, entry.id).toContain(entry.via ? pathOn(entry.via, 'phone') : entry.phone);
  }
});

describe('the partner area', () => {
  const partner = { signedIn: true, partner: true };
  const member = { signedIn: true, partner: false };
  const AREA = ['partnerHome', 'partnerList', 'partnerMemberList', 'partnerCashList', 'partnerBettingList', 'partnerCalculationList', 'partnerCalculationUserList', 'partnerMoneyMoveList', 'striNew'];

  it('lists every partner screen in the area\'s tabs, on both trees, for a partner only', () => {
    for (const tree of ['desktop', 'phone'] as const) {
      expect(menuItems('partnerTabs', tree, partner).map((item) => item.id)).toEqual(AREA);
      expect(menuItems('partnerTabs', tree, partner).every((item) => item.link)).toBe(true);
      expect(menuItems('partnerTabs', tree, member)).toEqual([]);
      expect(menuItems('headerPartner', tree, member)).toEqual([]);
    }
  });

  it('opens at /partner in its own layout on the desktop, and under /member on a phone', () => {
    expect(menuItems('headerPartner', 'desktop', partner)[0]?.link?.to).toBe('/partner');
    expect(menuItems('headerPartner', 'phone', partner)[0]?.link?.to).toBe('/member/stributor');
    for (const id of AREA) {
      const entry = (SCREENS as readonly Entry[]).find((candidate) => candidate.id === id) as ScreenEntry;
      expect(entry.access, id).toBe('partner');
      expect(entry.layout, id).toBe('partner');
      expect(entry.phone, id).toMatch(/^\/member\//);
    }
    expect(pathOn('striNew', 'desktop')).toBe('/striNew');
    expect(pathOn('stributor', 'desktop')).toBe('/stributor');
  });

  it('is in a partner\'s phone navigation (its own group) and not in the desktop left menu', () => {
    const phone = menuItems('siteMenu', 'phone', partner).filter((item) => item.group === 'partner');
    expect(phone.map((item) => item.id)).toEqual(AREA);
    expect(menuItems('siteMenu', 'desktop', partner).filter((item) => item.group === 'partner')).toEqual([]);
    expect(menuItems('siteMenu', 'phone', member).filter((item) => item.group === 'partner')).toEqual([]);
  });

  it('adds my page\'s stributor_mypage tab for a partner on the desktop', () => {
    expect(menuItems('myPageTabs', 'desktop', partner).map((item) => item.id)).toContain('stributorMypage');
    expect(menuItems('myPageTabs', 'desktop', member).map((item) => item.id)).not.toContain('stributorMypage');
  });
});
