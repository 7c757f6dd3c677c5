/**
 * E-sports against the real server and the house vendor mounted in it (desktop and phone): a member goes
 * from /esport to /esport/gamestart, opens game 101 in the game window, places a one-folder slip on the
 * arena's page, sees it settled by the matches, and finds it in the betting list with its picks; /esport's
 * three guides open /gameway with their type.
 */
import { expect, type Frame, type Page } from '@playwright/test';
import { gameInWindow, isPhone, koText, latestBetAt, login, expectSignedInAs, memberWithCash, sessionTokenOf, test } from './support';

const STAKE_MONEY = 50_000;
const path = (page: Page, desktop: string) => (isPhone(page) ? `/member${desktop}` : desktop);

/** Seconds of betting time the arena's page says are left, or -1 outside betting time. */
async function bettingSecondsLeft(game: Frame): Promise<number> {
  const phase = game.locator('.phase');
  if ((await phase.getAttribute('data-phase')) !== 'betting') return -1;
  return Number(/(\d+)/.exec((await phase.textContent()) ?? '')?.[1] ?? -1);
}

test('a member opens game 101 from /esport, bets a one-folder slip, and finds it settled in the betting list', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const { member } = await memberWithCash(request, 'esp', STAKE_MONEY);
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);

  await page.goto(path(page, '/esport'));
  await page.getByTestId('esport-gamestart').click();
  await expect(page).toHaveURL(new RegExp(`${path(page, '/esport/gamestart')}$`));
  const card = page.getByTestId('game-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('e스포츠 아레나');
  await page.screenshot({ path: testInfo.outputPath('gamestart.png'), fullPage: true });
  const opened = page.waitForEvent('popup');
  await card.getByTestId('game-play').click();
  const window = await opened;
  if (isPhone(page)) await window.setViewportSize({ width: 390, height: 844 });
  const game = await gameInWindow(window, /\/vendor\/play\/esport-gamestart-arena/);
  await expect(game.getByTestId('balance')).toHaveText('50,000', { timeout: 15_000 });

  // Wait for a betting time with room to pick, stake and send.
  await expect.poll(() => bettingSecondsLeft(game), { timeout: 45_000, intervals: [500] }).toBeGreaterThanOrEqual(8);
  await window.screenshot({ path: testInfo.outputPath('arena-betting.png'), fullPage: true });
  await game.locator('[data-pick="0:winner:home"]').click();
  await expect(game.getByTestId('slip-mode')).toHaveText('1폴더 (단폴)');
  await game.locator('.chip[data-chip="10000"]').click();
  const odds = (await game.getByTestId('slip-odds').textContent())!;
  const potential = Math.floor((10_000 * Math.round(Number(odds) * 100)) / 100);
  await expect(game.getByTestId('slip-payout')).toHaveText(potential.toLocaleString('ko-KR'));
  await game.getByTestId('place-bet').click();
  await expect(game.getByTestId('balance')).toHaveText('40,000');
  const slip = game.getByTestId('my-slip');
  await expect(slip).toHaveCount(1);
  await expect(slip).toContainText('결과 대기');

  // The maps are played and the slip settled at the result: won (with its return) or lost.
  await expect(game.locator('.my-slip-won, .my-slip-lost')).toHaveCount(1, { timeout: 45_000 });
  const wonIt = (await game.locator('.my-slip-won').count()) === 1;
  await expect(game.getByTestId('balance')).toHaveText((40_000 + (wonIt ? potential : 0)).toLocaleString('ko-KR'), { timeout: 5_000 });
  await window.screenshot({ path: testInfo.outputPath('arena-result.png'), fullPage: true });
  await window.close();

  // The round reaches the betting list through the vendor's feed, with its pick, price and result.
  await page.clock.setFixedTime(await latestBetAt(page.request, await sessionTokenOf(page.context())));
  await page.goto(isPhone(page) ? '/member/betList' : '/mypage');
  const rows = page.getByTestId('bet-list-row');
  await expect(async () => {
    await page.getByTestId('date-range').getByRole('button').click();
    await expect(rows).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(rows.first().getByTestId('bet-status')).toHaveText(koText(wonIt ? 'front.bet.result.PASS' : 'front.bet.result.FAIL'));
  await rows.first().getByTestId('bet-detail-open').click();
  const detail = page.getByTestId('bet-detail-modal');
  const pick = detail.getByTestId('bet-esport-pick');
  await expect(pick).toHaveCount(1);
  await expect(pick).toContainText(odds);
  await expect(pick).toContainText(koText(wonIt ? 'sport.outcome.win' : 'sport.outcome.lose'));
  await expect(detail.getByTestId('bet-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await page.screenshot({ path: testInfo.outputPath('esport-bet-detail.png'), fullPage: true });
});

test('/esport leads to each e-sports guide on /gameway', async ({ page, request }, testInfo) => {
  const { member } = await memberWithCash(request, 'espg', 10_000);
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  for (const [i, type] of ['screendescription', 'onefolderbetting', 'twofolderbetting'].entries()) {
    await page.goto(path(page, '/esport'));
    if (i === 0) {
      await expect(page.getByTestId('esport-gamestart')).toBeVisible();
      await expect(page.locator('.sport-fixture, [data-testid="sport-none"]').first()).toBeVisible({ timeout: 15_000 });
      await page.screenshot({ path: testInfo.outputPath('esport.png') });
    }
    await page.getByTestId(`esport-guide-${type}`).click();
    await expect(page).toHaveURL(new RegExp(`${path(page, '/gameway')}\\?type=${type}$`));
    await expect(page.getByTestId(`gameway-${type}`).getByTestId('guide-section').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`gameway-${type}.png`), fullPage: true });
    // The spec's guide page of /esport itself redirects to the same guide.
    await page.goto(path(page, `/esport/${type}`));
    await expect(page).toHaveURL(new RegExp(`${path(page, '/gameway')}\\?type=${type}$`));
  }
});
