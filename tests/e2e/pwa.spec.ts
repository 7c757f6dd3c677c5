import { expect, test } from '@playwright/test';
import { expectSignedInAs, koText, login, underServiceWorker } from './support';

// The worker is what this file tests (the others block it: see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('the service worker activates and the shell opens offline', async ({ page, context }) => {
  await page.goto('/');
  await underServiceWorker(page);
  await context.setOffline(true);
  try {
    await page.goto('/some/deep/link');
    await expect(page.getByTestId('site-logo').first()).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('the manifest makes the site installable', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const manifest = await res.json();
  expect(manifest.name).toContain('한빛');
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose?.includes('maskable'))).toBe(true);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).ok()).toBe(true);
});

test.describe('before the service worker keeps the screens', () => {
  // A first visit: the worker is not there yet (blocked here), so a screen's code comes only from the network.
  test.use({ serviceWorkers: 'block' });

  test('a screen opened with no connection says so, and opens once the connection returns', async ({ page, context }) => {
    // The phone's game screens are for members.
    await login(page, 'demo01', 'demo1234');
    await expectSignedInAs(page, '데모회원');
    await page.goto('/');
    await expect(page.getByTestId('tile-minigame')).toBeVisible();
    await expect(page.locator('.prerendered')).toHaveCount(0);
    await context.setOffline(true);
    await page.getByTestId('tile-minigame').click();
    await expect(page.getByTestId('screen-offline')).toContainText(koText('front.error.offlineTitle'));
    await expect(page.getByTestId('site-logo').first()).toBeVisible();
    await page.screenshot({ path: `test-results/screen-offline-${page.viewportSize()!.width}.png` });
    await context.setOffline(false);
    await expect(page).toHaveURL(/\/minigame$/);
    await expect(page.getByTestId('screen-offline')).toHaveCount(0);
    await expect(page.locator('main')).toContainText(koText('mini.game.powerball'));
  });
});
