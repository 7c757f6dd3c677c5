/**
 * A guest's `/` comes prerendered (scripts/prerender.ts): the main page paints with no script, in the
 * visitor's layout and language, and a button pressed before the app has taken over is pressed again on
 * the app's page rather than lost (src/earlyClick.ts), nor is where the visitor has scrolled to. A kept
 * session's member screen comes prerendered too, inert until the app has drawn it for the member.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, approvedMember, expectSignedInAs, isPhone, keepSession, koText, login } from './support';

test.describe('with no script at all', () => {
  test.use({ javaScriptEnabled: false });

  test('/ shows the main page in the visitor\'s layout, in Korean, and in English with the language cookie', async ({ page, context, baseURL }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('오늘 밤, 한빛에서 특별한 승부를');
    await expect(page.locator('.mobile-shell')).toBeVisible({ visible: isPhone(page) });
    await expect(page.locator('.desktop-shell')).toBeVisible({ visible: !isPhone(page) });
    await expect(page.getByRole('button', { name: '로그인' }).first()).toBeVisible();
    await expect(page.locator('[data-testid=tile-casino]:visible')).toHaveAttribute('href', isPhone(page) ? '/member/livecasino' : '/livecasino');
    // Only the member site's stylesheets: the console's (a 1,200 px body) once laid a phone out as a desktop.
    expect(await (await page.request.get('/')).text()).not.toContain('/assets/console-');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tonight, play your best hand at Hanbit');
  });
});

/** Opens `path` with the app's start chunk held back until the answered function is called. */
async function openWithAppHeldBack(page: Page, path = '/'): Promise<() => void> {
  let released!: () => void;
  const release = new Promise<void>((resolve) => { released = resolve; });
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await release;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return released;
}

test('a login pressed before the app has taken over the prerendered page opens the login form', async ({ page }) => {
  // The app's start chunk arrives late, as on a slow line: the press lands on the prerendered button.
  const released = await openWithAppHeldBack(page);
  await expect(page.locator('.prerendered')).toHaveCount(1);
  await page.getByTestId('header-login').click();
  released();
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.locator('.prerendered')).toHaveCount(0);
});

test('a visitor who scrolled the prerendered page stays where they were when the app takes over', async ({ page }) => {
  const released = await openWithAppHeldBack(page);
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
  released();
  await expect(page.locator('.prerendered')).toHaveCount(0);
  await expect(page.getByTestId('tile-casino')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(300);
});

test('the prerendered page asks for the app only once it has painted; a member\'s reload asks for the member\'s parts at once', async ({ page }) => {
  // The page the server sends links none of the app's chunks: its first paint has the line to itself.
  const served = await (await page.request.get('/')).text();
  expect(served).toContain('data-prerendered');
  expect(served).not.toMatch(/rel="(modulepreload|prefetch)"/);
  const released = await openWithAppHeldBack(page);
  // Painted, the first-chunks script preloads the start chunk with the layout's chunks.
  await expect(page.locator('link[rel=modulepreload][href*="/assets/start-"]')).toHaveCount(1);
  released();

  const member = await approvedMember(page.request, 'pre');
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  // A reload with the session's cookie preloads TanStack Query with the start chunk, not after the app has asked.
  await page.reload({ waitUntil: 'commit' });
  await expect(page.locator('link[rel=modulepreload][href*="/assets/QueryLayer-"]')).toHaveCount(1);
  await expectSignedInAs(page, member.memNick);
});

test('a member\'s first visit to the deposit page paints it from the server, inert until the app has drawn it for the member', async ({ page, context, baseURL }) => {
  const member = await approvedMember(page.request, 'prm');
  await keepSession(context, baseURL!, await apiLogin(page.request, member.memId, member.memPass));
  const deposit = isPhone(page) ? '/member/chargeMain/charge' : '/charge';

  const released = await openWithAppHeldBack(page, deposit);
  // The server's page: the deposit form is there before any script, the header offers no login to a member,
  // and nothing can be typed into a form the app is about to draw again.
  await expect(page.locator('.prerendered')).toHaveCount(1);
  await expect(page.locator('.prerendered')).toHaveAttribute('inert', '');
  await expect(page.getByTestId('deposit-form')).toBeVisible();
  await expect(page.getByTestId('header-login')).toHaveCount(0);
  const bonusChoice = page.getByTestId('deposit-form').locator('fieldset');
  const drawnAt = (await bonusChoice.boundingBox())!.y;
  released();

  await expect(page.locator('.prerendered')).toHaveCount(0);
  await expectSignedInAs(page, member.memNick);
  // The member's facts and the site's limits have come, and the form is where the server's page drew it.
  await expect(page.getByTestId('cash-limits')).toBeVisible();
  expect((await bonusChoice.boundingBox())!.y).toBeCloseTo(drawnAt, 0);
  await page.getByTestId('deposit-form').locator('input[name=amount]').fill('30000');
  await expect(page.getByTestId('deposit-form').locator('input[name=amount]')).toHaveValue('30,000');
});

test('a session the server no longer knows, on a prerendered member page, ends on the main page with the login notice', async ({ page, context, baseURL }) => {
  const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
  await keepSession(context, baseURL!, { token: 'not-a-session', expiresAt });
  await page.goto(isPhone(page) ? '/member/chargeMain/charge' : '/charge');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(koText('front.error.loginRequired'))).toBeVisible();
  await expect(page.getByTestId('header-login')).toBeVisible();
});
