/**
 * The house vendor's baccarat table and fishing game as a player sees them (desktop and phone): the
 * game money comes in through the vendor's signed API (as the site's adapter sends it), the launch URL
 * opens the page, a bet waits for the table's result, and a shot at a fish is paid at once.
 */
import { expect, type Page, type APIRequestContext, test } from '@playwright/test';
import type { LiveTableState } from '../../contract/games';
import { BACCARAT_TABLES } from '../../gameProvider/games/baccarat/tables';
import { VENDOR_API_PREFIX, VENDOR_HEADERS } from '../../contract/gameProvider';
import { signedCallHeaders } from '../../contract/gameProviderSigning';
import { e2eVendorOperator, e2eVendorSecret } from '../../playwright.config';
import { koText } from './support';

async function vendorCall<T>(request: APIRequestContext, path: string, body: object): Promise<T> {
  const text = JSON.stringify(body);
  const response = await request.post(`/vendor${VENDOR_API_PREFIX}${path}`, {
    data: text,
    headers: signedCallHeaders(VENDOR_HEADERS, e2eVendorOperator, e2eVendorSecret, path, text),
  });
  const answer = (await response.json()) as { ok: boolean } & T;
  expect(answer.ok, `${path}: ${JSON.stringify(answer)}`).toBe(true);
  return answer;
}

async function openGame(page: Page, request: APIRequestContext, gameKey: string, lang: 'ko' | 'en' | 'vi', tag: string): Promise<string> {
  const player = `e2e-${tag}-${Date.now().toString(36)}`;
  await vendorCall(request, '/transfers/in', { transferId: `in-${player}`, player, amount: 1_000_000 });
  const { url } = await vendorCall<{ url: string }>(request, '/launch', { player, gameKey, lang });
  await page.goto(url);
  return player;
}

/** Whether a table takes bets for long enough yet: in the window's last moments the page drops chips not yet confirmed. */
async function openForBets(request: APIRequestContext, gameKey: string, spareMs: number): Promise<boolean> {
  const table = await (await request.get(`/vendor/tables/${gameKey}/public`)).json() as LiveTableState;
  return table.round.phase === 'betting' && table.round.bettingEndsAt - table.now > spareMs;
}

test('a baccarat bet waits for the table and is settled by its result', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  // The tables' rounds are staggered: sit at one whose betting window is open, rather than wait for one's.
  let gameKey = '';
  await expect.poll(async () => {
    for (const table of BACCARAT_TABLES) if (await openForBets(request, table.gameKey, 8_000)) gameKey = table.gameKey;
    return gameKey;
  }, { timeout: 40_000, intervals: [500] }).not.toBe('');
  const player = await openGame(page, request, gameKey, 'ko', 'bac');
  await expect(page.getByTestId('balance')).toHaveText('1,000,000');
  await expect(page.locator('.status[data-phase="betting"]')).toBeVisible({ timeout: 35_000 });
  await expect.poll(() => openForBets(request, gameKey, 6_000), { timeout: 60_000, intervals: [500] }).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('baccarat-betting.png') });
  await page.locator('.chip[data-chip="10000"]').click();
  await page.locator('.spot[data-spot="banker"]').click();
  await page.locator('.spot[data-spot="banker"]').click();
  await page.getByRole('button', { name: '베팅 확정' }).click();
  await expect(page.getByTestId('balance')).toHaveText('980,000');
  await expect(page.locator('.spot[data-spot="banker"] .spot-stake')).toHaveText('20,000');
  // The vendor holds the round open until the table's result: out-all is refused meanwhile.
  const inRound = await vendorCall<{ inRound: boolean }>(request, '/players/balance', { player });
  expect(inRound.inRound).toBe(true);
  await expect(page.getByTestId('winner')).toBeVisible({ timeout: 40_000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: testInfo.outputPath('baccarat-result.png') });
  await expect.poll(async () => (await vendorCall<{ inRound: boolean }>(request, '/players/balance', { player })).inRound, { timeout: 10_000 }).toBe(false);
  const { balance } = await vendorCall<{ balance: number }>(request, '/players/balance', { player });
  expect([980_000, 1_000_000, 980_000 + 39_000]).toContain(balance);
  await expect(page.locator('.road-grid circle[data-road]').first()).toBeVisible({ timeout: 10_000 });
});

test('the fishing game pays a shot at a fish at once', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await openGame(page, request, 'fish-kplayfishing-ocean-king', 'en', 'fish');
  await expect(page.getByTestId('balance')).toHaveText('1,000,000');
  await expect(page.getByText('Tap or click a fish to fire')).toBeVisible();
  await page.waitForTimeout(1_500);
  await page.screenshot({ path: testInfo.outputPath('fishing.png') });
  const box = (await page.getByTestId('sea').boundingBox())!;
  // Fire across the sea until a shot is taken (a click on open water costs nothing), through the gap between
  // two waves if one comes: the fish are drawn on a canvas, so the test cannot aim.
  let i = 0;
  await expect(async () => {
    i += 1;
    await page.mouse.click(box.x + box.width * (0.15 + ((i * 0.37) % 0.7)), box.y + box.height * (0.2 + ((i * 0.23) % 0.6)));
    await expect(page.getByTestId('balance')).not.toHaveText('1,000,000', { timeout: 300 });
  }).toPass({ timeout: 60_000, intervals: [0] });
  await page.waitForTimeout(600);
  await page.screenshot({ path: testInfo.outputPath('fishing-shot.png') });
  await page.getByRole('button', { name: 'Paytable' }).click();
  await expect(page.getByText('Every fish returns 95%.', { exact: false })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('fishing-paytable.png') });
});

test('the table pages speak Vietnamese', async ({ page, request }, testInfo) => {
  await openGame(page, request, 'bac-sexygaming-baccarat-sexy', 'vi', 'vi');
  await expect(page.getByRole('heading', { name: 'Baccarat Sexy' })).toBeVisible();
  await expect(page.getByText('Tiền game')).toBeVisible();
  await expect(page.locator('.spot[data-spot="banker"] .spot-name')).toHaveText('Cái');
  await page.screenshot({ path: testInfo.outputPath('baccarat-vi.png') });
  await openGame(page, request, 'fish-kplayfishing-ocean-king', 'vi', 'vifish');
  await expect(page.getByText('Chạm hoặc nhấp vào cá để bắn')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('fishing-vi.png') });
});

test('a table has one round number: the main page, /live and the game window show the vendor\'s', async ({ page, request }, testInfo) => {
  // A screen tall enough to reach the main page's live area without scrolling past a popup.
  await page.setViewportSize({ width: page.viewportSize()!.width, height: 1_400 });
  await page.goto('/');
  const mainTable = page.getByTestId('main-live').getByTestId('live-table');
  const gameKey = (await mainTable.getAttribute('data-game-key'))!;
  const shownRound = (locator: ReturnType<Page['locator']>) => async () => {
    const vendorRound = (await (await request.get(`/vendor/tables/${gameKey}/public`)).json() as LiveTableState).round.roundNo;
    return (await locator.textContent())?.includes(koText('front.live.round').replace('{round}', String(vendorRound))) ?? false;
  };
  // The round moves on every half minute: each screen must show the vendor's round of the moment it is read.
  await expect.poll(shownRound(mainTable.locator('.live-table__round')), { timeout: 15_000 }).toBe(true);
  await page.getByTestId('main-live-more').click();
  await expect.poll(shownRound(page.getByTestId('live-page').locator('.live-table__round')), { timeout: 15_000 }).toBe(true);
  await openGame(page, request, gameKey, 'ko', 'round');
  await expect.poll(shownRound(page.locator('.bar .round')), { timeout: 15_000 }).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('baccarat-round.png') });
});
