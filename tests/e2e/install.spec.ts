import { expect, test } from '@playwright/test';
import { koText } from './support';

test('where the browser offers to install, the site offers "홈 화면에 추가" and opens its dialog; "나중에" keeps it away', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('site-logo').first()).toBeVisible();
  await expect(page.getByTestId('install-prompt')).toHaveCount(0);
  // What Chromium sends when the site may be installed (a real one needs an installed worker and engagement).
  const offer = () => page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => { (window as { prompted?: number }).prompted = ((window as { prompted?: number }).prompted ?? 0) + 1; },
    });
    dispatchEvent(event);
    return event.defaultPrevented;
  });
  // The prerendered page shows before the app listens: offer until the app takes it.
  await expect.poll(offer).toBe(true);
  const prompt = page.getByTestId('install-prompt');
  await expect(prompt).toContainText(koText('front.pwa.installText'));
  await page.screenshot({ path: `test-results/install-prompt-${page.viewportSize()!.width}.png` });
  await prompt.getByTestId('install-apply').click();
  await expect(prompt).toHaveCount(0);
  expect(await page.evaluate(() => (window as { prompted?: number }).prompted)).toBe(1);

  await offer();
  await prompt.getByTestId('install-later').click();
  await expect(prompt).toHaveCount(0);
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(await offer()).toBe(false);
  await expect(prompt).toHaveCount(0);
});

test.describe('on an iPhone', () => {
  test.use({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' });

  test('the site explains how to add it to the home screen, since Safari has no install dialog', async ({ page }) => {
    await page.goto('/');
    const prompt = page.getByTestId('install-prompt');
    await expect(prompt).toContainText(koText('front.pwa.installIos'));
    await expect(prompt.getByTestId('install-apply')).toHaveCount(0);
    await page.screenshot({ path: `test-results/install-ios-${page.viewportSize()!.width}.png` });
    await prompt.getByTestId('install-later').click();
    await expect(prompt).toHaveCount(0);
  });
});
