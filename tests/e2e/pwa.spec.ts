import { expect, test } from '@playwright/test';
import { underServiceWorker } from './support';

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
