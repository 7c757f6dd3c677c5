/**
 * Member protection against the real server, at both sizes: a deposit limit set on my page refuses a deposit
 * above it (with the helpline); the reality check's reminder appears in the game window a game button opened
 * and on the site after its interval (the browser's clock moved on), and "stop" in either brings the game money
 * back (in the game window, which then closes); a self-exclusion signs the member out, and signed in again they
 * see when it ends, a game is refused and a withdrawal still goes through.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { HELPLINE } from '../../contract/protection';
import {
  approvedMember, callApi, expectSignedInAs, gameInWindow, isPhone, keepSession, koText, login, memberWithCash, moneyIntoGame,
  seoulNoon, setServerClock, test,
} from './support';

// Limits count by the Seoul day on the server's clock: noon of today in Seoul, whatever the hour.
test.beforeEach(async ({ request }) => {
  await setServerClock(request, seoulNoon());
});
test.afterAll(async ({ request }) => {
  await setServerClock(request, null);
});

const protectionPath = (page: Page) => (isPhone(page) ? '/member/protection' : '/mypage/protection');
const moneyPath = (page: Page, form: 'charge' | 'exchange') => (isPhone(page) ? `/member/${form}Main/${form}` : `/${form}`);

async function confirm(page: Page) {
  await expect(page.getByTestId('confirm')).toBeVisible();
  await page.getByTestId('confirm-yes').click();
}

async function expectAlert(page: Page, text: string) {
  await expect(page.getByTestId('alert')).toContainText(text);
  await page.getByTestId('alert-ok').click();
}

/** The member's protection settings read by the page (the reminder starts counting once they are there). */
const protectionRead = (page: Page) => page.waitForResponse((response) => response.url().includes('/api/protection/info'));

/**
 * With the page's clock installed, its zero-delay timers (the data layer's notifications) run only as the clock
 * moves: a few milliseconds of it, while the page mounts what it read. The clock is never moved while a call is
 * under way (its time-out would fire early).
 */
async function letPageSettle(page: Page) {
  for (let i = 0; i < 30; i += 1) {
    await page.clock.runFor(10);
    await page.waitForTimeout(100);
  }
}

async function signedIn(page: Page, request: APIRequestContext, prefix: string, cash = 0) {
  const member = cash > 0 ? (await memberWithCash(request, prefix, cash)).member : await approvedMember(request, prefix);
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  return member;
}

test('a deposit limit set on my page refuses a deposit above it, with the helpline', async ({ page, request }) => {
  await signedIn(page, request, 'pdl');
  await page.goto(protectionPath(page));
  await expect(page.getByRole('heading', { name: koText('front.protection.title') })).toBeVisible();
  const form = page.getByTestId('protection-limit-form');
  await form.getByTestId('limit-kind').selectOption('deposit');
  await form.getByTestId('limit-period').selectOption('day');
  await form.locator('input[name=limit-amount]').fill('50000');
  await form.getByTestId('limit-set').click();
  await expectAlert(page, koText('front.protection.limitSet'));
  await expect(page.getByTestId('use-deposit-day')).toContainText('50,000');
  await expect(page.getByTestId('limit-member-deposit-day')).toContainText('50,000');
  // The history is read again after the change.
  await expect(page.getByTestId('protection-history')).toContainText(koText('front.protection.kind.deposit'));
  await page.screenshot({ path: test.info().outputPath('protection-page.png'), fullPage: true });

  await page.goto(moneyPath(page, 'charge'));
  const deposit = page.getByTestId('deposit-form');
  await deposit.getByTestId('preset-50000').click();
  await deposit.getByTestId('preset-50000').click();
  await deposit.getByLabel(koText('front.cash.bonusNo')).check();
  await deposit.getByTestId('cash-submit').click();
  await confirm(page);
  const alert = page.getByTestId('alert');
  await expect(alert).toContainText(koText('api.PL001'));
  await expect(alert.getByTestId('helpline')).toContainText(HELPLINE.phone);
  await page.screenshot({ path: test.info().outputPath('protection-refused.png') });
  await page.getByTestId('alert-ok').click();
  // The footer carries the helpline on every page.
  await expect(page.locator('footer').getByTestId('helpline').locator(`a[href="tel:${HELPLINE.phone}"]`)).toBeVisible();
});

test('the reality check appears in the game window a game button opened; "stop" there merges the game money back and closes it; "stop" on the site too', async ({ page, request, baseURL }) => {
  // Fifteen minutes of the pages' timers run twice (the balance check every 5 s among them).
  test.setTimeout(240_000);
  const { member, session } = await memberWithCash(request, 'prc', 30_000);
  expect((await callApi(request, '/api/protection/reality', { minutes: 15 }, session.token)).resultCode).toBe('0');
  await keepSession(page.context(), baseURL!, session);

  // A game opened the way a member opens one: its button, a game window. The browser's clock is the test's from
  // here (the context's: the game window has it from its first moment).
  await page.goto(isPhone(page) ? '/member/slotgame/pragslot' : '/slotgame/pragslot');
  await expectSignedInAs(page, member.memNick);
  const picker = page.getByTestId('slot-picker');
  await expect(picker.getByTestId('game-card').first()).toBeVisible();
  await page.clock.install();
  const opened = page.waitForEvent('popup');
  await picker.getByTestId('game-play').first().click();
  // The window opens blank on the click and is sent to the game once the launch answers.
  const window = await opened;
  const windowRead = protectionRead(window);
  await gameInWindow(window);
  await windowRead;
  await expect(page.getByTestId('member-game-money')).toContainText('30,000');
  await letPageSettle(page);
  await page.clock.runFor(14 * 60_000);
  await expect(window.getByTestId('reality-check')).toHaveCount(0);
  await page.clock.runFor(60_000 + 1_000);
  const inWindow = window.getByTestId('reality-check');
  await expect(inWindow).toBeVisible();
  await expect(inWindow).toContainText(koText('front.protection.realityNet'));
  await expect(inWindow.getByTestId('reality-minutes')).toHaveText('15분');
  await window.screenshot({ path: test.info().outputPath('reality-game-window.png') });
  const closed = window.waitForEvent('close');
  await inWindow.getByTestId('reality-stop').click();
  await closed;
  // The game money is back in cash, on the server and, once the site's next look finds the window closed, in the header.
  const balance: { balance: number; gameMoney: number } = (await callApi(request, '/api/member/balance', {}, session.token)).data;
  expect(balance).toMatchObject({ balance: 30_000, gameMoney: 0 });
  await page.clock.runFor(10_000);
  await expect(page.getByTestId('member-cash')).toHaveText('30,000원');
  await expect(page.getByTestId('member-game-money')).toHaveCount(0);
  await moneyIntoGame(request, session.token);

  // The site: "stop" merges the game money back.
  const settingsRead = protectionRead(page);
  await page.goto('/');
  await settingsRead;
  await letPageSettle(page);
  await expectSignedInAs(page, member.memNick);
  await page.clock.runFor(14 * 60_000);
  await expect(page.getByTestId('reality-check')).toHaveCount(0);
  await page.clock.runFor(60_000 + 1_000);
  await expect(page.getByTestId('reality-check')).toBeVisible();
  await page.getByTestId('reality-stop').click();
  await expect(page.getByTestId('reality-check')).toHaveCount(0);
  await expect(page.getByTestId('member-cash')).toHaveText('30,000원');
});

test('a self-exclusion signs out; signed in again the member sees its end, a game is refused and a withdrawal works', async ({ page, request }) => {
  const member = await signedIn(page, request, 'pse', 50_000);
  await page.goto(protectionPath(page));
  const form = page.getByTestId('protection-break-form');
  await form.getByTestId('break-kind').selectOption('exclusion');
  await form.getByTestId('break-length').selectOption('6m');
  // The strong confirmation: nothing is sent until the box is ticked and the id typed.
  await form.getByTestId('break-start').click();
  await expectAlert(page, koText('front.protection.breakTick'));
  await form.getByTestId('break-understood').check();
  await form.getByTestId('break-memid').fill(member.memId);
  await page.screenshot({ path: test.info().outputPath('protection-break.png'), fullPage: true });
  await form.getByTestId('break-start').click();
  await confirm(page);
  await expectAlert(page, koText('front.protection.breakStarted'));
  await expect(page.getByTestId('member-nick')).toHaveCount(0);

  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  const notice = page.getByTestId('break-notice');
  await expect(notice).toBeVisible();
  await expect(notice.getByTestId('helpline')).toContainText(HELPLINE.phone);
  await page.screenshot({ path: test.info().outputPath('protection-break-notice.png') });

  // A game button: the launch is refused with the break's message and the helpline.
  await page.goto(isPhone(page) ? '/member/slotgame/pragslot' : '/slotgame/pragslot');
  const picker = page.getByTestId('slot-picker');
  await expect(picker.getByTestId('game-card').first()).toBeVisible();
  const opened = page.waitForEvent('popup');
  await picker.getByTestId('game-play').first().click();
  await opened;
  const refused = page.getByTestId('alert');
  await expect(refused).toContainText(koText('api.PL004'));
  await expect(refused.getByTestId('helpline')).toBeVisible();
  await page.getByTestId('alert-ok').click();

  await page.goto(moneyPath(page, 'exchange'));
  const withdrawal = page.getByTestId('withdrawal-form');
  await withdrawal.getByTestId('preset-10000').click();
  await withdrawal.locator('input[name=cashOutPass]').fill('1234');
  await withdrawal.getByTestId('cash-submit').click();
  await confirm(page);
  await expectAlert(page, koText('front.cash.accepted'));
  await expect(page.getByTestId('member-cash')).toHaveText('40,000원');
});
