import { expect, test, type Page } from '@playwright/test';
import { expectSignedInAs, isPhone, koText, openInPage, operator, signedInMember, underServiceWorker } from './support';

// Working with no connection is the worker's part (the others block it: see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const paths = (page: Page) => (isPhone(page)
  ? { inbox: '/member/msg', deposit: '/member/chargeMain/charge' }
  : { inbox: '/mypage/message/list', deposit: '/charge' });

const header = (page: Page) => page.locator(isPhone(page) ? '.mobile-header' : '.site-header');

test('a reload with no connection keeps the session and says so; back online the member is signed in', async ({ page, request, context }) => {
  const member = await signedInMember(page, request, 'off');
  await page.goto(paths(page).inbox);
  await expect(page.getByTestId('messages')).toBeVisible();
  await underServiceWorker(page);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByTestId('screen-offline')).toContainText(koText('front.error.offlineTitle'));
    await expect(page.getByTestId('alert')).toHaveCount(0);
    await expect(page.getByTestId('header-login')).toHaveCount(0);
    // The banner sits above the header, not over its first row.
    const banner = (await page.getByTestId('offline-banner').boundingBox())!;
    const top = (await header(page).boundingBox())!;
    expect(banner.y + banner.height).toBeLessThanOrEqual(top.y + 1);
  } finally {
    await context.setOffline(false);
  }
  await expectSignedInAs(page, member.memNick);
  await expect(page.getByTestId('messages')).toBeVisible();
});

test('with no connection an unopened message and the latest deposit request say so, and load once back online', async ({ page, request, context }) => {
  const member = await signedInMember(page, request, 'off');
  await operator(request, 'POST', '/messages', { target: 'member', memId: member.memId, title: '연결 안내', content: '다시 연결되면 보입니다.' });
  await page.goto(paths(page).inbox);
  const link = page.getByTestId('msg-list-row').filter({ hasText: '연결 안내' }).getByTestId('msg-link');
  await expect(link).toBeVisible();
  await underServiceWorker(page);

  await context.setOffline(true);
  try {
    await link.click();
    await expect(page.getByTestId('offline-notice')).toHaveText(koText('front.offline.notLoaded'));
    await expect(page.getByTestId('message-missing')).toHaveCount(0);
    await openInPage(page, paths(page).deposit);
    await expect(page.locator('[aria-labelledby=latest-request-title]').getByTestId('offline-notice')).toHaveText(koText('front.offline.notLoaded'));
    await expect(page.getByTestId('latest-request-none')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByTestId('latest-request-none')).toHaveText(koText('front.cash.noRequest'));
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
});
