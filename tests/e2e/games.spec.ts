/**
 * Games against the real server and the house vendor mounted in it: a member opens a slot vendor, picks
 * a game, the game window opens on the click (the vendor's page in the site's frame page), spins on it, closes it, merges the game
 * money back, and the header and the betting list show the round. A guest and a partner get their
 * messages; a second login elsewhere closes the game window; a blocked pop-up can be tried again.
 */
import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { betResult, betTypeOf } from '../../contract/betting';
import { apiLogin, approvedMember, expectSignedInAs, gameInWindow, isPhone, koText, latestBetAt, login, memberWithCash, sessionTokenOf, test } from './support';

const STAKE_MONEY = 50_000;
const SPIN_STAKE = 1_000;

const won = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^0-9-]/g, ''));

function slotVendorPath(page: Page): string {
  return isPhone(page) ? '/member/slotgame/pragslot' : '/slotgame/pragslot';
}

/** A new member with STAKE_MONEY of held money (a deposit the operator approved), signed in on the page. */
async function fundedMember(page: Page, request: APIRequestContext, prefix: string) {
  const { member } = await memberWithCash(request, prefix, STAKE_MONEY);
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  await expect(page.getByTestId('member-cash')).toHaveText(won(STAKE_MONEY));
  return member;
}

/** Opens the slot vendor from its lobby card and clicks the first game's button; answers the game window. */
async function launchFirstSlot(page: Page) {
  await page.goto(isPhone(page) ? '/member/slotgame' : '/slotgame');
  await page.getByTestId('vendor-200').click();
  await expect(page).toHaveURL(new RegExp(`${slotVendorPath(page)}$`));
  const picker = page.getByTestId('slot-picker');
  await expect(picker.getByTestId('game-card').first()).toBeVisible();
  const opened = page.waitForEvent('popup');
  await picker.getByTestId('game-play').first().click();
  return opened;
}

/**
 * The betting list with the member's one round in it (the vendor's feed brings it within seconds), opened with the
 * browser's clock at the round's moment: the list starts from the browser's today, the round's day at any hour.
 */
async function theOneBet(page: Page) {
  await page.clock.setFixedTime(await latestBetAt(page.request, await sessionTokenOf(page.context())));
  await page.goto(isPhone(page) ? '/member/betList' : '/mypage');
  await expect(page).toHaveURL(/\/(mypage\/betting\/list|member\/betList)$/);
  const rows = page.getByTestId('bet-list-row');
  await expect(async () => {
    await page.getByTestId('date-range').getByRole('button').click();
    await expect(rows).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return rows;
}

async function expectAlert(page: Page, text: string) {
  await expect(page.getByTestId('alert')).toContainText(text);
  await page.getByTestId('alert-ok').click();
}

test('a member plays a slot in the game window, closes it, merges, and sees the round', async ({ page, request }) => {
  test.setTimeout(120_000);
  await fundedMember(page, request, 'gslot');
  const window = await launchFirstSlot(page);
  const game = await gameInWindow(window);
  // Launching moved the integrated money into the game: the header shows it as game money.
  await expect(page.getByTestId('member-game-money')).toContainText(won(STAKE_MONEY), { timeout: 15_000 });
  await expect(page.getByTestId('member-cash')).toHaveText(won(0));

  // One spin on the vendor's own page.
  const spin = game.locator('button.spin');
  await expect(spin).toBeEnabled({ timeout: 15_000 });
  await spin.click();
  await expect(spin).toBeEnabled({ timeout: 15_000 });
  await window.close();

  // Within one close check (10 s) the window is seen closed and the merge is offered.
  const merge = page.getByTestId('merge-modal-header');
  await expect(merge).toBeVisible({ timeout: 20_000 });
  // The picker the game came from is closed, not left open behind the merge.
  await expect(page.getByTestId('slot-picker')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${isPhone(page) ? '/member/slotgame' : '/slotgame'}$`));
  await merge.getByTestId('merge-start').click();
  await expect(merge.getByTestId('merge-question')).toHaveText(koText('front.merge.confirm'));
  await merge.getByTestId('merge-confirm').click();
  await expect(merge.getByTestId('merge-complete')).toBeVisible();
  await expect(merge).toBeHidden({ timeout: 5_000 });
  await expect(page.getByTestId('member-game-money')).toBeHidden();
  const cash = amountOf(await page.getByTestId('member-cash').textContent());

  // The round reaches the betting history through the vendor's feed; its net is what the header moved by.
  const rows = await theOneBet(page);
  const net = amountOf(await rows.first().getByTestId('bet-result-cash').textContent());
  expect(cash).toBe(STAKE_MONEY + net);
  // The game page's first bet is 1,000 won (the smallest of 1,000 or more the balance covers).
  const spun = { cash: SPIN_STAKE, winCash: SPIN_STAKE + net };
  await expect(rows.first().getByTestId('bet-status')).toHaveText(koText(`front.bet.result.${betResult({ ...spun, type: betTypeOf(spun.cash, spun.winCash) })}`));

  // Its detail carries the fairness proof: the hash committed before the spin; the seed stays secret until rotated.
  await rows.first().getByTestId('bet-detail-open').click();
  const detail = page.getByTestId('bet-detail-modal');
  await expect(detail.getByTestId('bet-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(detail.getByTestId('bet-seed')).toHaveText(koText('front.bet.seedOnRotate'));
});

test('a slot shows its seed hash before the first spin; after a rotation the bet detail verifies the spin in the browser', async ({ page, request }) => {
  test.setTimeout(120_000);
  await fundedMember(page, request, 'gfair');
  const window = await launchFirstSlot(page);
  const game = await gameInWindow(window);
  const committed = game.locator('.commit .hash');
  await expect(committed).toHaveText(/^[0-9a-f]{64}$/, { timeout: 15_000 });
  const hash = (await committed.textContent())!;

  const spin = game.locator('button.spin');
  await expect(spin).toBeEnabled({ timeout: 15_000 });
  await spin.click();
  await expect(spin).toBeEnabled({ timeout: 15_000 });
  // The reels as the game showed them, row by row (each cell's art is /art/sym/<theme>/<symbol>.svg).
  const symbols = await game.locator('.reels .reel').evaluateAll((reels) =>
    reels.map((reel) => Array.from(reel.querySelectorAll('img'), (img) => Number(/(\d)\.svg$/.exec(img.getAttribute('src') ?? '')![1]))));
  const shownRows = [0, 1, 2].flatMap((row) => symbols.map((column) => String(column[row])));

  await game.getByRole('button', { name: '시드 설정' }).click();
  const seeds = game.locator('dialog.seeds');
  await expect(seeds.getByText(hash)).toHaveCount(2); // the seeds in use and the last spin's
  await seeds.getByRole('textbox', { name: '클라이언트 시드' }).fill('my-lucky-seed');
  await seeds.getByRole('button', { name: '시드 교체' }).click();
  const revealedBlock = seeds.locator('.revealed');
  await expect(revealedBlock.getByRole('heading', { name: '공개된 이전 서버 시드' })).toBeVisible();
  const serverSeed = (await revealedBlock.locator('dd').first().textContent())!;
  expect(createHash('sha256').update(serverSeed).digest('hex')).toBe(hash);
  await expect(committed).not.toHaveText(hash);
  await seeds.getByRole('button', { name: '닫기' }).click();

  const rows = await theOneBet(page);
  const net = amountOf(await rows.first().getByTestId('bet-result-cash').textContent());
  await rows.first().getByTestId('bet-detail-open').click();
  const detail = page.getByTestId('bet-detail-modal');
  await expect(detail.getByTestId('bet-seed-hash')).toHaveText(hash);
  await expect(detail.getByTestId('bet-seed')).toHaveText(serverSeed);
  await expect(detail.getByTestId('bet-nonce')).toHaveText('0');
  await detail.getByTestId('bet-verify').click();

  await expect(page.getByTestId('mini-verify')).toBeVisible();
  await page.getByTestId('verify-submit').click();
  await expect(page.getByTestId('verify-hash')).toHaveText(koText('mini.verify.hashOk'));
  await expect(page.getByTestId('verify-reels').locator('[data-symbol]')).toHaveCount(15);
  expect(await page.getByTestId('verify-reels').locator('[data-symbol]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-symbol')))).toEqual(shownRows);
  const bet = Number(await page.getByTestId('verify-bet').inputValue());
  expect(amountOf(await page.getByTestId('verify-win').textContent())).toBe(bet + net);
  await window.close();
});

test('a guest is told to sign in first', async ({ page }) => {
  await page.goto(slotVendorPath(page));
  const picker = page.getByTestId('slot-picker');
  await picker.getByTestId('game-play').first().click();
  await expectAlert(page, koText('front.error.afterSignin'));
});

test('a partner is told partners cannot play, and no game window stays open', async ({ page }) => {
  await login(page, 'partner01', 'partner1234');
  await expect(page.getByTestId('member-nick')).toBeVisible();
  await page.goto(slotVendorPath(page));
  const opened = page.waitForEvent('popup');
  await page.getByTestId('slot-picker').getByTestId('game-play').first().click();
  const placeholder = await opened;
  await expectAlert(page, koText('api.B0095'));
  await expect.poll(() => placeholder.isClosed()).toBe(true);
});

test('a second login elsewhere closes the game window', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await fundedMember(page, request, 'gdup');
  const game = await launchFirstSlot(page);
  await gameInWindow(game);
  await apiLogin(request, member.memId, member.memPass);
  await expectAlert(page, koText('api.TK999'));
  await expect.poll(() => game.isClosed(), { timeout: 15_000 }).toBe(true);
});

test('a blocked pop-up says so and opens the game on "try again"', async ({ page, request }) => {
  test.setTimeout(90_000);
  // The browser refuses the first window.open of the page, as a pop-up blocker would.
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    let refused = false;
    window.open = (...args: Parameters<typeof window.open>) => {
      if (!refused) {
        refused = true;
        return null;
      }
      return open(...args);
    };
  });
  await fundedMember(page, request, 'gblk');
  await page.goto(slotVendorPath(page));
  await page.getByTestId('slot-picker').getByTestId('game-play').first().click();
  const blocked = page.getByTestId('popup-blocked');
  await expect(blocked).toContainText(koText('front.game.popupBlocked'));
  const opened = page.waitForEvent('popup');
  await blocked.getByTestId('popup-retry').click();
  await gameInWindow(await opened);
});

test('the frame page frames only the game vendor', async ({ page, request }) => {
  const member = await approvedMember(request, 'gframe');
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  const framePath = isPhone(page) ? '/member/slot/game' : '/slot/game';
  await page.goto(`${framePath}?url=${encodeURIComponent('https://evil.example/steal')}`);
  await expect(page.getByTestId('game-frame-refused')).toHaveText(koText('front.game.frameRefused'));
  await page.goto(`${framePath}?url=${encodeURIComponent('/vendor/play/slot-pragslot-sweet-sugar?lang=ko')}`);
  await expect(page.getByTestId('game-frame')).toHaveAttribute('src', /\/vendor\/play\//);
});
