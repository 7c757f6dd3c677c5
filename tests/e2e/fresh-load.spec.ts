/**
 * Every screen of the tree in use, opened fresh from the address bar (not through the app) by a member
 * whose money sits in a game, as a member coming back to the site does: the screen's buttons work when
 * pressed before anything else (the header's game-money chip, the money pages' merge, tabs, form
 * submits; pressed on a screen whose chunks had never loaded they once broke the whole page), no text is
 * a raw message id at first paint or once everything has loaded, in ko, en and vi, and the header never
 * shows a cash figure before the balance has answered. The screens come from the screen map.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LOCALE_COOKIE, type Locale } from '../../contract/constants';
import { treeEntries, type ScreenEntry, type Tree } from '../../src/routes/screens';
import { isPhone, keepSession, memberWithCash, moneyIntoGame, rawMessageIds } from './support';

const GAME_MONEY = 30_000;
const won = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;
const treeOf = (page: Page): Tree => (isPhone(page) ? 'phone' : 'desktop');

/**
 * The screens a member opens on a tree, from the screen map: all but those whose path needs a record's
 * id, guests' and maintenance screens. The game screens share one component: one lobby and one vendor
 * screen of each category.
 */
function memberScreens(tree: Tree): { entry: ScreenEntry; path: string }[] {
  const seen = new Set<string>();
  return treeEntries(tree).flatMap((entry) => {
    const path = entry[tree]!;
    if (entry.kind !== 'screen' || path.includes('$') || (entry.access !== 'member' && entry.access !== 'public')) return [];
    const kind = entry.game ? `${entry.game.category}:${entry.game.vendorCodes ? 'vendor' : 'lobby'}` : entry.id;
    if (seen.has(kind)) return [];
    seen.add(kind);
    return [{ entry, path }];
  });
}

/** A new member, signed in in this browser, whose whole money sits in a slot game. */
async function memberWithGameMoney(page: Page, locale: Locale) {
  const { member, session } = await memberWithCash(page.request, 'fresh', GAME_MONEY);
  await moneyIntoGame(page.request, session.token);
  const baseURL = test.info().project.use.baseURL!;
  await keepSession(page.context(), baseURL, session);
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL }]);
  return member;
}

/** The page's API calls still waiting for their answer (see settled). */
const callsInFlight = new WeakMap<Page, number>();

/** Fails the test on an uncaught error or a console error of the page (a render that threw logs one). */
function watchErrors(page: Page): string[] {
  const count = (step: number) => (request: { url(): string }) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) callsInFlight.set(page, (callsInFlight.get(page) ?? 0) + step);
  };
  page.on('request', count(1));
  page.on('requestfinished', count(-1));
  page.on('requestfailed', count(-1));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(`${page.url()}: ${message.text()}`);
  });
  return errors;
}

/** Every text a member reads or hears: the visible text, the document title and the labelling attributes. */
async function pageTexts(page: Page): Promise<string> {
  return page.evaluate(() => [
    document.title,
    document.body.innerText,
    ...[...document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? '')),
  ].join('\n'));
}

async function expectNoRawIds(page: Page, when: string) {
  expect(rawMessageIds(await pageTexts(page)), `${page.url()} ${when}`).toEqual([]);
}

/** Opens a screen from the address bar; checks its first paint and, once everything it loads has come, its texts. */
async function openFresh(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
  // The first paint: the page's frame is drawn (the prerendered page, then the app's).
  await expect(page.locator('.desktop-shell, .mobile-shell, main').first()).toBeVisible();
  await expectNoRawIds(page, 'at first paint');
}

/**
 * Once the screen has everything it loads: the app's page took the prerendered one's place and the
 * balance (the last call of a fresh start) answered; a screen without the header waits for the network.
 */
async function expectSettledWithoutRawIds(page: Page, entry: ScreenEntry) {
  await expect(page.locator('#root > .prerendered')).toHaveCount(0);
  if (entry.layout === 'site') await expect(page.getByTestId('member-cash')).not.toHaveText('—');
  else await page.waitForLoadState('networkidle');
  await expectNoRawIds(page, 'once loaded');
}

/** Closes whatever a button opened: an alert (its OK) or a modal (Escape). */
async function dismiss(page: Page) {
  const ok = page.getByTestId('alert-ok');
  if (await ok.isVisible()) await ok.click();
  if (await page.locator('.modal').first().isVisible()) await page.keyboard.press('Escape');
  await expect(page.locator('.modal')).toHaveCount(0);
}

async function expectNoErrorScreen(page: Page, errors: string[]) {
  await expect(page.locator('.error-fallback'), page.url()).toHaveCount(0);
  expect(errors).toEqual([]);
}

/** Presses a button that opens a modal: the modal shows, not the error screen. */
async function expectOpens(page: Page, errors: string[], button: Locator, modal: Locator) {
  await button.click();
  await expect(modal.or(page.locator('.error-fallback'))).toBeVisible();
  await expectNoErrorScreen(page, errors);
  await dismiss(page);
}

/** The screen's buttons, pressed as soon as they show: the merge chip and panel, then its tabs and its forms' submit buttons. */
async function pressButtons(page: Page, entry: ScreenEntry, errors: string[]) {
  // A slot vendor's screen opens its game picker over the page: a member closes it to reach the header.
  if (entry.game?.vendorCodes) await dismiss(page);
  if (entry.layout === 'site') {
    await expectOpens(page, errors, page.getByTestId('member-game-money'), page.getByTestId('merge-modal-header').filter({ hasText: won(GAME_MONEY) }));
  }
  if (entry.frame) await expectOpens(page, errors, page.getByTestId('wallet-merge'), page.getByTestId('merge-modal-cash'));
  const main = page.locator('main');
  for (const tab of await main.getByRole('tab').all()) {
    await tab.click();
    await dismiss(page);
  }
  for (const submit of await main.locator('form button[type=submit]').all()) {
    if (!(await submit.isVisible()) || !(await submit.isEnabled())) continue;
    await submit.click();
    await settled(page);
  }
}

/**
 * Waits until what a submit set off is over, closing its dialogs as they come: no call in flight and no dialog
 * for a whole second. A send's call may leave a moment after the click and its alert comes after the answer,
 * so "no call now" alone could be read before the call had even left.
 */
async function settled(page: Page) {
  let quietSince: number | null = null;
  await expect.poll(async () => {
    if (await page.locator('.modal').first().isVisible()) {
      await dismiss(page);
      quietSince = null;
    } else if ((callsInFlight.get(page) ?? 0) > 0) quietSince = null;
    else quietSince ??= Date.now();
    return quietSince !== null && Date.now() - quietSince >= 1_000;
  }, { intervals: [100], timeout: 30_000, message: 'the submit\'s calls and dialogs are over' }).toBe(true);
}

test('every member screen opened fresh: its buttons work at once, and no text is a message id', async ({ page }) => {
  test.setTimeout(240_000);
  await memberWithGameMoney(page, 'ko');
  const errors = watchErrors(page);
  const screens = memberScreens(treeOf(page));
  expect(screens.length).toBeGreaterThan(20);
  for (const { entry, path } of screens) {
    await openFresh(page, path);
    await pressButtons(page, entry, errors);
    await expectNoErrorScreen(page, errors);
    await expectSettledWithoutRawIds(page, entry);
  }

  // The game money comes back from the header, on a screen opened fresh.
  await openFresh(page, screens[0]!.path);
  await page.getByTestId('member-game-money').click();
  const merge = page.getByTestId('merge-modal-header');
  await merge.getByTestId('merge-start').click();
  await merge.getByTestId('merge-confirm').click();
  await expect(merge.getByTestId('merge-complete')).toBeVisible();
  await expect(page.getByTestId('member-cash')).toHaveText(won(GAME_MONEY));
  await expect(page.getByTestId('member-game-money')).toBeHidden();
  await expectNoErrorScreen(page, errors);
});

for (const locale of ['en', 'vi'] as const) {
  test(`every member screen opened fresh in ${locale}: no text is a message id`, async ({ page }) => {
    test.setTimeout(180_000);
    await memberWithGameMoney(page, locale);
    const errors = watchErrors(page);
    for (const { entry, path } of memberScreens(treeOf(page))) {
      await openFresh(page, path);
      await expectSettledWithoutRawIds(page, entry);
    }
    await expectNoErrorScreen(page, errors);
  });
}

test('the header shows no cash figure until the balance answers, then the game money with it', async ({ page }) => {
  await memberWithGameMoney(page, 'ko');
  // Every figure the member-cash element shows, with whether the game money was shown beside it.
  await page.addInitScript(() => {
    const seen: { cash: string; game: boolean }[] = [];
    (window as unknown as { headerFigures: typeof seen }).headerFigures = seen;
    new MutationObserver(() => {
      const cash = document.querySelector('[data-testid=member-cash]')?.textContent;
      if (cash) seen.push({ cash, game: document.querySelector('[data-testid=member-game-money]') !== null });
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // The balance answers late, as on a slow connection.
  let answerBalance!: () => void;
  const balanceAnswered = new Promise<void>((resolve) => { answerBalance = resolve; });
  await page.route('**/api/member/balance', async (route) => {
    await balanceAnswered;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByTestId('member-nick')).toBeVisible();
  await expect(page.getByTestId('member-cash')).toHaveText('—');
  answerBalance();
  await expect(page.getByTestId('member-game-money')).toContainText(won(GAME_MONEY));
  await expect(page.getByTestId('member-cash')).toHaveText(won(0));
  const figures = await page.evaluate(() => (window as unknown as { headerFigures: { cash: string; game: boolean }[] }).headerFigures);
  expect(figures.filter((figure) => figure.cash !== '—' && !figure.game)).toEqual([]);
});
