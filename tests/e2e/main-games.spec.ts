/**
 * The main page's game areas at both sizes (SPEC §2): the slot jackpot counts up to the server's
 * figure, the new games come from the catalogue, the live table plays, a guest's play button asks them
 * to sign in (SPEC §5), and /live shows the table large.
 */
import { expect, test } from '@playwright/test';
import { isPhone, koText } from './support';

test('a guest sees the jackpot, the live table and the game shelves, and is asked to sign in to play', async ({ page }) => {
  // The areas load as their place nears the screen, below a phone's first screen: a screen tall enough to reach
  // them (scrolling is no way there while an operator's popup, left by another test, holds the page).
  await page.setViewportSize({ width: page.viewportSize()!.width, height: 1_400 });
  await page.goto('/');
  const areas = page.getByTestId('main-game-areas');
  await expect(areas).toBeVisible();
  const amount = Number(await page.getByTestId('main-jackpot-amount').getAttribute('data-amount'));
  expect(amount).toBeGreaterThan(0);
  await expect(page.getByTestId('main-jackpot-amount')).toHaveText(koText('front.money.won').replace('{amount}', amount.toLocaleString('ko-KR')));

  await expect(page.getByTestId('main-new-games').getByTestId('main-game').first()).toBeVisible();
  await expect(page.getByTestId('main-popular-games')).toBeVisible();
  await expect(page.getByTestId('main-game-ranking')).toBeVisible();
  const table = page.getByTestId('main-live').getByTestId('live-table');
  await expect(table).toHaveAttribute('data-phase', /betting|dealing|result/);
  await expect(page.getByTestId('live-status')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `test-results/main-games-${isPhone(page) ? 'phone' : 'desktop'}.png`, fullPage: true });

  await page.getByTestId('main-new-games').getByTestId('main-game-play').first().click();
  await expect(page.getByTestId('alert')).toContainText(koText('front.error.afterSignin'));
  await page.getByTestId('alert-ok').click();

  await page.getByTestId('main-live-more').click();
  await expect(page).toHaveURL(isPhone(page) ? /\/member\/live$/ : /\/live$/);
  await expect(page.getByTestId('live-page').getByTestId('live-table')).toBeVisible();
  await page.screenshot({ path: `test-results/live-${isPhone(page) ? 'phone' : 'desktop'}.png` });
});
