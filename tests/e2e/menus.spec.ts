/**
 * Every menu of the tree in use, walked as the demo member: each link lands on a screen of this tree at
 * its own address with the screen's heading (never a silent bounce to /), every menu shows exactly the
 * links the screen map gives it, and unbuilt screens are plain "준비 중입니다." items.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SCREENS, menuItems, type Entry, type Menu, type ScreenEntry, type Tree } from '../../src/routes/screens';
import { expectSignedInAs, isPhone, koText, login } from './support';

const member = { signedIn: true, partner: false };
const PICKER_CATEGORIES: readonly string[] = ['slot', 'hotelSlot'];
const treeOf = (page: Page): Tree => (isPhone(page) ? 'phone' : 'desktop');

function screenAt(tree: Tree, path: string) {
  return (SCREENS as readonly Entry[]).find((entry): entry is ScreenEntry => entry.kind === 'screen' && entry[tree] === path);
}

async function hrefs(menu: Locator): Promise<string[]> {
  const all = await menu.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(all)];
}

/** Clicks each link of the menu `open` shows and checks where it lands; returns the links it followed. */
async function walk(page: Page, open: () => Promise<Locator>): Promise<string[]> {
  const tree = treeOf(page);
  const menu = await open();
  await expect(menu.locator('a[href]').first()).toBeVisible();
  const links = await hrefs(menu);
  expect(links.length).toBeGreaterThan(0);
  for (const href of links) {
    const link = (await open()).locator(`a[href="${href}"]`).first();
    // A game vendor sits in its category's group, folded unless opened (as a member opens it).
    await link.evaluate((element) => {
      const group = element.closest('details');
      if (group) group.open = true;
    });
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === href);
    const entry = screenAt(tree, href);
    expect(entry, `${href} is a ${tree} screen`).toBeDefined();
    if (href === '/') await expect(page.locator('.hero')).toBeVisible();
    else if (entry!.game?.vendorCodes && PICKER_CATEGORIES.includes(entry!.game.category)) {
      // A slot vendor opens its game picker over the lobby; closing it goes back to the lobby.
      const picker = page.getByTestId('slot-picker');
      await expect(picker.getByRole('heading')).toHaveText(koText(entry!.title));
      await page.keyboard.press('Escape');
      await expect(picker).toBeHidden();
    } else await expect(page.locator('h1').first()).toHaveText(koText(entry!.title));
  }
  return links;
}

function mapLinks(menu: Menu, tree: Tree): string[] {
  return menuItems(menu, tree, member).flatMap((item) => (item.link ? [item.link.to] : []));
}

test.beforeEach(async ({ page }) => {
  await login(page, 'demo01', 'demo1234');
  await expectSignedInAs(page, '데모회원');
});

test('the site menu (desktop left menu, phone navigation) leads to every screen it lists', async ({ page }) => {
  test.setTimeout(240_000);
  const tree = treeOf(page);
  const open = async () => {
    let nav = page.locator('nav.side-menu');
    if (tree === 'phone') {
      nav = page.getByTestId('phone-nav');
      if (!(await nav.isVisible())) await page.getByTestId('phone-nav-open').click();
    }
    // The game categories fold their vendors away: unfold them all, as a member would to reach one.
    await expect(nav.locator('details').first()).toBeVisible();
    await nav.locator('details').evaluateAll((groups) => groups.forEach((group) => { (group as HTMLDetailsElement).open = true; }));
    return nav;
  };
  const menu = await open();
  // No item is a link to nothing (a category without screens is a plain item).
  await expect(menu.locator('[data-pending] a, a[data-pending]')).toHaveCount(0);
  // Built game categories link their lobby and every vendor code with a screen, each a game screen of the map:
  // the sportsbook's lobby and e-sports among them.
  const gameLinks = await hrefs(menu.locator('[data-testid^="menu-category-"]'));
  expect(gameLinks).toContain(tree === 'desktop' ? '/slotgame/pragslot' : '/member/slotgame/pragslot');
  expect(gameLinks).toContain(tree === 'desktop' ? '/sport' : '/member/sport');
  expect(gameLinks).toContain(tree === 'desktop' ? '/esport' : '/member/esport');
  for (const href of gameLinks) expect(screenAt(tree, href)?.game, href).toBeDefined();
  if (tree === 'phone') await menu.getByRole('button', { name: koText('front.menu.close') }).click();

  const followed = await walk(page, open);
  expect(followed.sort()).toEqual([...new Set([...mapLinks('siteMenu', tree), ...gameLinks])].sort());
});

test('the header links land on their screens; the unread badge opens the inbox', async ({ page }) => {
  const header = page.locator(isPhone(page) ? 'header.mobile-header' : 'header.site-header');
  await page.goto(treeOf(page) === 'phone' ? '/member/point' : '/mypage/point');
  const inbox = mapLinks('headerInbox', treeOf(page));
  expect(inbox).toHaveLength(1);
  await expect(header.getByTestId('member-inbox')).toHaveAttribute('href', inbox[0]!);
  // The phone's sticky header leaves the screen to the page: at most 12% of 844 px.
  if (isPhone(page)) expect((await header.boundingBox())!.height).toBeLessThanOrEqual(101);
  const followed = await walk(page, async () => header);
  expect(followed).toEqual(['/', ...inbox]);
});

test('the my-page tabs and the member hub lead to their screens', async ({ page }) => {
  const tree = treeOf(page);
  await page.goto(tree === 'phone' ? '/member/chargeList' : '/mypage/chargeList');
  const tabs = await walk(page, async () => page.locator('.mypage__nav'));
  expect(tabs).toEqual(mapLinks('myPageTabs', tree));

  await page.goto('/member');
  await expect(page.getByTestId('member-home')).toBeVisible();
  const hub = await walk(page, async () => {
    if (!page.url().endsWith('/member')) await page.goto('/member');
    return page.locator('.member-home__links');
  });
  expect(hub).toEqual(mapLinks('memberHub', tree));
});

test('redirect-only paths open the screen they stand for', async ({ page }) => {
  const tree = treeOf(page);
  for (const entry of SCREENS as readonly Entry[]) {
    if (entry.kind !== 'redirect' || !entry[tree]) continue;
    await page.goto(entry[tree]!);
    const target = (SCREENS as readonly Entry[]).find((candidate) => candidate.id === entry.to) as { [key in Tree]?: string };
    await expect(page).toHaveURL((url) => url.pathname === target[tree]);
  }
});
