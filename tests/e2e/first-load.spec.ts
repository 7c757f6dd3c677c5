/**
 * What a guest's browser loads for `/` (issue 7), on the desktop and the phone tree alike: its
 * JavaScript once gzipped stays within the budget, it comes compressed, no source map is to be had, and
 * every API call runs once (issue 7 item 1: the game menu's codes too, all groups in one call).
 *
 * The issue asks for 140 kB (issue 19: met by cutting, never by raising the ceiling). The first visit loads
 * no TanStack Query, no ky and only the catalog's first-paint texts (README, Delivery), so it also checks
 * that no text of the page is a bare message id. It counts the heaviest visit to `/` a guest can make: an
 * operator popup is up (the popup's code comes with it) and the game areas are drawn (a phone draws them
 * only once scrolled near: they are scrolled to), whatever the tests before it left behind.
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Response } from '@playwright/test';
import { callPaths } from '../../contract/callPaths';
import { operator, PNG_1PX, rawMessageIds, uniqueId } from './support';

// Issues 7 and 19: at most 140 kB (README, Delivery: about 138 kB on 2026-11-26 with a popup up and the game areas drawn).
const GUEST_JS_BUDGET_BYTES = 140_000;

test('a guest\'s first visit to / stays within the JavaScript budget, sent compressed', async ({ page, request }) => {
  const popupTitle = `첫 방문 팝업 ${uniqueId('fl')}`;
  const popup = await operator(request, 'POST', '/banners', { kind: 'popup', title: popupTitle, image: PNG_1PX.toString('base64') }) as { bannerIdx: number };
  try {
    const scripts: Response[] = [];
    const calls: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.push(pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByTestId('site-logo').first()).toBeVisible();
    await expect(page.getByTestId('main-popup').filter({ hasText: popupTitle })).toBeVisible();
    // Their empty spot, if they are not drawn yet (a phone); in one go, since the app may draw them meanwhile.
    await page.evaluate(() => document.querySelector('[data-testid="main-game-areas-spot"]')?.scrollIntoView());
    await expect(page.getByTestId('main-game-areas')).toBeVisible();
    await page.waitForLoadState('networkidle');

    let gzipped = 0;
    const files: string[] = [];
    for (const response of scripts) {
      const body = await response.body();
      gzipped += gzipSync(body, { level: 9 }).length;
      files.push(new URL(response.url()).pathname);
      // Chromium accepts brotli: every script larger than a packet comes as the precompressed copy.
      if (body.length > 1024) expect((await response.allHeaders())['content-encoding'], response.url()).toBe('br');
      expect(body.toString('utf8'), response.url()).not.toContain('sourceMappingURL');
    }
    test.info().annotations.push({ type: 'guest JS', description: `${(gzipped / 1000).toFixed(1)} kB gzipped in ${files.length} files` });
    expect(files.length).toBeGreaterThan(0);
    expect(gzipped, files.join('\n')).toBeLessThanOrEqual(GUEST_JS_BUDGET_BYTES);

    // Every text of the first paint is in the first part of the catalog.
    expect(rawMessageIds(await page.locator('body').innerText())).toEqual([]);

    expect(calls).toContain(callPaths.siteOption.path);
    if (test.info().project.name === 'desktop') expect(calls).toContain(callPaths.gameCodes.path); // the left menu
    expect(calls, 'every call at most once').toEqual([...new Set(calls)]);
    expect(calls).not.toContain(callPaths.gameGroupCodes.path);
  } finally {
    await operator(request, 'POST', `/banners/${popup.bannerIdx}/delete`);
  }
});

test('source maps are not served', async ({ page, request }) => {
  const [script] = await Promise.all([
    page.waitForResponse((response) => response.request().resourceType() === 'script'),
    page.goto('/'),
  ]);
  const response = await request.get(`${new URL(script.url()).pathname}.map`);
  expect(response.status()).toBe(404);
});

test('a guest\'s header shows the site name whole and clear of the language picker, or not at all, in every language', async ({ page, baseURL }) => {
  for (const lang of ['ko', 'en', 'vi']) {
    await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByTestId('header-login').filter({ visible: true })).toBeVisible(); // the account buttons take their room
    // Measured in one go inside the page: the app may still be taking over from the prerendered header.
    const overlap = await page.evaluate(async () => {
      await document.fonts.ready;
      const visible = (element: Element) => element.getBoundingClientRect().width > 0;
      const logo = [...document.querySelectorAll('[data-testid="site-logo"]')].find(visible)!;
      const picker = [...document.querySelectorAll('[data-testid="language-switcher"]')].find(visible)!;
      const box = logo.getBoundingClientRect();
      const name = logo.querySelector('.logo__name')!.getBoundingClientRect();
      if (name.top >= box.bottom) return 0; // did not fit: wrapped below the logo's clipped row
      return Math.max(0, name.right - Math.min(picker.getBoundingClientRect().left, box.right));
    });
    expect(overlap, lang).toBeLessThanOrEqual(0.5);
  }
});
