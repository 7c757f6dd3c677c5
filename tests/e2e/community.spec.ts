import { expect, type Page } from '@playwright/test';
import { approvedMember, expectSignedInAs, isPhone, koText, login, operator, seoulNoon, setServerClock, test, underServiceWorker, uniqueId } from './support';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const path = (page: Page, desktop: string, phone: string) => (isPhone(page) ? phone : desktop);

async function signIn(page: Page, request: Parameters<typeof approvedMember>[0]) {
  const member = await approvedMember(request, 'brd');
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  return member;
}

test('a post with an image: the draft survives a reload, then list, read and comment', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto(path(page, '/board/write', '/member/board/write'));
  // The board's screens carry the heading every screen has.
  await expect(page.getByTestId('board-write-page').locator('h1.section-title')).toHaveText(koText('front.board.writeTitle'));
  const title = `첫 글 ${uniqueId('t')} <3`;
  await page.getByTestId('write-title').fill(title);
  await page.getByTestId('write-content').fill('안녕하세요.\n<b>굵게</b>가 아니라 글자 그대로');
  await page.reload();
  await expect(page.getByTestId('write-title')).toHaveValue(title);
  // Markup is refused before anything is sent.
  await page.getByTestId('write-submit').click();
  await expect(page.getByTestId('alert')).toHaveText(new RegExp(koText('api.BD005')));
  await page.getByTestId('alert-ok').click();
  await page.getByTestId('write-content').fill('안녕하세요.\n이미지와 함께 올립니다 & 감사합니다');
  await page.getByTestId('write-images').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('write-submit').click();
  await expect(page.getByTestId('confirm')).toContainText(koText('front.board.confirmUpload'));
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('alert')).toContainText(koText('front.board.complete'));
  await page.getByTestId('alert-ok').click();
  await expect(page).toHaveURL(new RegExp(path(page, '/board/list', '/member/board/list')));
  await expect(page.getByTestId('board-list-page').locator('h1.section-title')).toHaveText(koText('front.board.listTitle'));

  await page.getByTestId('board-title').filter({ hasText: title }).click();
  await expect(page.getByTestId('board-post-title')).toHaveText(title);
  await expect(page.getByTestId('board-read-page').locator('h1.section-title')).toHaveText(koText('front.board.listTitle'));
  await expect(page.getByTestId('board-post-content')).toContainText('이미지와 함께 올립니다 & 감사합니다');
  const image = page.getByTestId('board-post-image');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await page.getByTestId('comment-input').fill('첫 댓글 <i>입니다</i>');
  await page.getByTestId('comment-submit').click();
  await expect(page.getByTestId('alert')).toHaveText(new RegExp(koText('api.BD005')));
  await page.getByTestId('alert-ok').click();
  await page.getByTestId('comment-input').fill('첫 댓글입니다');
  await page.getByTestId('comment-submit').click();
  await expect(page.getByTestId('board-comment')).toContainText('첫 댓글입니다');
  await page.screenshot({ path: `test-results/board-read-${isPhone(page) ? 'phone' : 'desktop'}.png`, fullPage: true });
});

test('a popup closed for 24 hours stays closed after a reload', async ({ page, request }) => {
  const title = `이벤트 ${uniqueId('p')}`;
  const created = await operator(request, 'POST', '/banners', { kind: 'popup', title, image: PNG.toString('base64') }) as { bannerIdx: number };
  try {
    await page.goto('/');
    const popup = page.getByTestId('main-popup').filter({ hasText: title });
    await expect(popup).toBeVisible();
    await page.screenshot({ path: `test-results/main-popup-${isPhone(page) ? 'phone' : 'desktop'}.png` });
    await popup.getByTestId('popup-close-day').click();
    await expect(popup).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('main-notices')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(popup).toHaveCount(0);
  } finally {
    await operator(request, 'POST', `/banners/${created.bannerIdx}/delete`);
  }
});

test('attendance is credited once a day', async ({ page, request }) => {
  // The Seoul day is the server's: noon, so that the check and the reload fall on one day whatever the hour.
  await setServerClock(request, seoulNoon());
  try {
    await signIn(page, request);
    await page.goto(path(page, '/attendendance', '/member/attendance'));
    const check = page.getByTestId('attendance-check');
    await expect(check).toHaveText(koText('front.attendance.check'));
    await check.click();
    await expect(page.getByTestId('alert')).toContainText('P');
    await page.getByTestId('alert-ok').click();
    await expect(check).toBeDisabled();
    await expect(check).toHaveText(koText('front.attendance.checked'));
    await expect(page.getByTestId('attendance-streak')).toContainText('1');
    await page.reload();
    await expect(page.getByTestId('attendance-check')).toBeDisabled();
    await page.screenshot({ path: `test-results/attendance-${isPhone(page) ? 'phone' : 'desktop'}.png`, fullPage: true });
  } finally {
    await setServerClock(request, null);
  }
});

test('a post made while another tab sends the outbox is reported posted, and is posted once', async ({ page, request, context }) => {
  await signIn(page, request);
  await page.goto(path(page, '/board/write', '/member/board/write'));
  const other = await context.newPage();
  await other.goto('/');
  const outboxLock = () => other.evaluate(async () => {
    const { held = [], pending = [] } = await navigator.locks.query();
    return { held: held.filter((l) => l.name === 'hanbit-outbox').length, pending: pending.filter((l) => l.name === 'hanbit-outbox').length };
  });
  // Each tab's flusher has started and finished (it sends the outbox when a tab starts).
  for (const tab of [page, other]) {
    await expect.poll(() => tab.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/assets\/support-/.test(e.name)))).toBe(true);
  }
  await expect.poll(outboxLock).toEqual({ held: 0, pending: 0 });
  // The other tab is busy with the outbox, and its flusher (the connection came back there) waits its turn.
  await other.evaluate(() => {
    void navigator.locks.request('hanbit-outbox', () => new Promise<void>((resolve) => { (window as unknown as { release: () => void }).release = resolve; }));
  });
  await expect.poll(async () => (await outboxLock()).held).toBe(1);
  await other.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => (await outboxLock()).pending).toBeGreaterThan(0);
  const waiting = (await outboxLock()).pending;

  const title = `두 탭 ${uniqueId('w')}`;
  await page.getByTestId('write-title').fill(title);
  await page.getByTestId('write-content').fill('다른 탭이 보내는 중에 썼습니다.');
  await page.getByTestId('write-submit').click();
  await page.getByTestId('confirm-yes').click();
  // This tab waits its turn too (its own flusher may be waiting as well); then the other tab lets go, and
  // the flushers queued before the post go first.
  await expect.poll(async () => (await outboxLock()).pending).toBeGreaterThan(waiting);
  await other.evaluate(() => (window as unknown as { release: () => void }).release());
  await expect(page.getByTestId('alert')).toContainText(koText('front.board.complete'));
  await page.getByTestId('alert-ok').click();
  await expect(page.getByTestId('board-title').filter({ hasText: title })).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('board-title').filter({ hasText: title })).toHaveCount(1);
});

test.describe('with the service worker', () => {
  // Working with no connection is the worker's part (the others block it: see playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('a post written offline waits in the outbox and is posted once when the connection returns', async ({ page, request, context }) => {
    await signIn(page, request);
    await page.goto(path(page, '/board/write', '/member/board/write'));
    const title = `오프라인 글 ${uniqueId('o')}`;
    await page.getByTestId('write-title').fill(title);
    await page.getByTestId('write-content').fill('연결이 끊긴 채로 썼습니다.');
    // The worker keeps the screens' code, so the list opens with no connection.
    await underServiceWorker(page);
    await context.setOffline(true);
    await page.getByTestId('write-submit').click();
    await page.getByTestId('confirm-yes').click();
    await expect(page.getByTestId('alert')).toContainText(koText('front.board.queued'));
    await page.getByTestId('alert-ok').click();

    // The alert led to the list. When the connection returns the post is made, and the list shows it without
    // a reload (reloading in a loop could cut the sending short, as it did on CI); a reload then shows it once.
    await expect(page).toHaveURL(new RegExp(`${path(page, '/board/list', '/member/board/list')}$`));
    await context.setOffline(false);
    const posted = page.getByTestId('board-title').filter({ hasText: title });
    await expect(posted).toHaveCount(1, { timeout: 15_000 });
    await page.reload();
    await expect(posted).toHaveCount(1);
  });
});
