/**
 * What a guest's browser loads for `/` (issue 7): at most 140 KB of JavaScript once gzipped, on the
 * desktop and the phone tree alike, delivered compressed, with no source map to be had.
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Response } from '@playwright/test';

const GUEST_JS_BUDGET_BYTES = 140_000;

test('a guest\'s first visit to / loads at most 140 KB of gzipped JavaScript, sent compressed', async ({ page }) => {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('site-logo').first()).toBeVisible();

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
});

test('source maps are not served', async ({ page, request }) => {
  const [script] = await Promise.all([
    page.waitForResponse((response) => response.request().resourceType() === 'script'),
    page.goto('/'),
  ]);
  const response = await request.get(`${new URL(script.url()).pathname}.map`);
  expect(response.status()).toBe(404);
});
