/**
 * Every partner screen of the tree in use, opened from the area's own menu as partner01: each lands at its
 * own address with its heading, shows no raw message id, does not overflow the page sideways, and is
 * photographed (the test's output folder) so the area can be looked at, at 1280x800 and at 390x844. The
 * desktop area has no main header, and no screen breaks the CSP or throws; a member who is not a partner never
 * sees its link.
 */
import { expect, test, type Page } from '@playwright/test';
import { menuItems, type Tree } from '../../src/routes/screens';
import { LOCALE_COOKIE } from '../../contract/constants';
import { apiLogin, catalog, expectSignedInAs, isPhone, keepSession, koText, login, rawMessageIds } from './support';

const partner = { signedIn: true, partner: true };
const treeOf = (page: Page): Tree => (isPhone(page) ? 'phone' : 'desktop');

test('each partner screen opens from the area\'s menu with its heading, no raw text and no sideways overflow', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  // No screen breaks the Content-Security-Policy or throws.
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  await login(page, 'partner01', 'partner1234');
  await expectSignedInAs(page, '파트너01');
  const tree = treeOf(page);
  const link = page.getByTestId('partner-link');
  await expect(link).toBeVisible();
  // The desktop opens the area in a new tab; here the same page follows the link's address.
  const href = await link.getAttribute('href');
  expect(href).toBe(tree === 'desktop' ? '/partner' : '/member/stributor');
  if (tree === 'desktop') expect(await link.getAttribute('target')).toBe('_blank');
  await page.goto(href!);

  for (const item of menuItems('partnerTabs', tree, partner)) {
    await page.getByTestId(`partner-tab-${item.id}`).click();
    await expect(page).toHaveURL((url) => url.pathname === item.link!.to);
    await expect(page.locator('h1').first()).toHaveText(koText(item.title));
    await expect(page.getByText(koText('front.loading'))).toHaveCount(0);
    await expect(page.locator('.panel-note--error'), `${item.id} read its data`).toHaveCount(0);
    // The desktop area has no main header, a phone keeps its own.
    await expect(page.locator('header.site-header')).toHaveCount(0);
    if (tree === 'desktop') await expect(page.getByTestId('partner-bar')).toBeVisible();
    expect(rawMessageIds(await page.locator('body').innerText())).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${item.id} overflows sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`${tree}-${item.id}.png`), fullPage: true });
  }
  expect(problems).toEqual([]);
});

test('the partner screens read in Vietnamese, whose longer labels still fit', async ({ page, context, baseURL, request }, testInfo) => {
  test.setTimeout(120_000);
  const vi = catalog('vi');
  // Signed in as a kept session of this browser (the first test signs in through the form).
  await keepSession(context, baseURL!, await apiLogin(request, 'partner01', 'partner1234'));
  await context.addCookies([{ name: LOCALE_COOKIE, value: 'vi', url: baseURL! }]);
  const tree = treeOf(page);
  await page.goto(menuItems('headerPartner', tree, partner)[0]!.link!.to);
  for (const item of menuItems('partnerTabs', tree, partner)) {
    await page.getByTestId(`partner-tab-${item.id}`).click();
    await expect(page.locator('h1').first()).toHaveText(vi.get(item.title)!);
    await expect(page.getByText(vi.get('front.loading')!)).toHaveCount(0);
    expect(rawMessageIds(await page.locator('body').innerText())).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${item.id} overflows sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`${tree}-vi-${item.id}.png`), fullPage: true });
  }
});

test('a member who is not a partner has no partner link and is turned away from the area', async ({ page, context, baseURL, request }) => {
  await keepSession(context, baseURL!, await apiLogin(request, 'demo01', 'demo1234'));
  await page.goto('/');
  await expectSignedInAs(page, '데모회원');
  await expect(page.getByTestId('partner-link')).toHaveCount(0);
  await page.goto(isPhone(page) ? '/member/partner/partnerMemberList' : '/partner/partnerMemberList');
  await expect(page.getByTestId('alert')).toContainText(koText('front.error.partnerOnly'));
  await expect(page).toHaveURL((url) => url.pathname === '/');
});
