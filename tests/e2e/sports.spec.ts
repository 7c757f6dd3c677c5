/**
 * The sportsbook on the mounted house feed, at both sizes: a member picks a price, the slip fills, a
 * preset sets the stake, the bet is placed through the confirmed-send tail, and the bet list shows it
 * with its legs in the detail.
 */
import { expect } from '@playwright/test';
import { isPhone, keepSession, koText, memberWithCash, rawMessageIds, test } from './support';

test('pick → slip → place → bet list', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const { session } = await memberWithCash(request, 'sport', 500_000);
  await keepSession(page.context(), baseURL!, session);
  const phone = isPhone(page);
  await page.goto(phone ? '/member/sport' : '/sport');
  // The feed's rolling schedule always has fixtures before kick-off; take the first open price.
  const price = page.locator('[data-testid^="price-"]:not([disabled])').first();
  await expect(price).toBeVisible({ timeout: 60_000 });
  expect(rawMessageIds(await page.locator('main, body').first().innerText())).toEqual([]);
  await price.click();
  await expect(price).toHaveAttribute('aria-pressed', 'true');
  if (phone) {
    await expect(page.getByTestId('slip-bar')).toContainText('1');
    await page.getByTestId('slip-bar').click();
  }
  const slip = page.getByTestId('bet-slip');
  await expect(slip.getByTestId('slip-leg')).toHaveCount(1);
  await slip.getByTestId('sport-preset-10000').click();
  await expect(slip.getByTestId('slip-payout')).not.toHaveText(/^0/);
  await slip.getByTestId('slip-submit').click();
  await page.getByTestId('confirm-yes').click();
  // Placed (a pre-match bet is taken at once), or the price moved meanwhile: take the new one.
  const placed = page.getByTestId('alert').filter({ hasText: koText('sport.slip.placed').split('{')[0]!.trim() });
  const repriced = page.getByTestId('confirm');
  await expect(placed.or(repriced)).toBeVisible({ timeout: 30_000 });
  if (await repriced.isVisible()) await page.getByTestId('confirm-yes').click();
  await expect(placed).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('alert-ok').click();
  await expect(page.getByTestId('member-cash')).toHaveText('490,000원');

  await page.goto(phone ? '/member/betList' : '/mypage/betting/list');
  const open = page.getByTestId('bet-list').getByTestId('bet-detail-open').first();
  await expect(open).toBeVisible();
  await open.click();
  await expect(page.getByTestId('bet-sport-leg')).toHaveCount(1);
});
