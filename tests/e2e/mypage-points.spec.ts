import { expect, type Page } from '@playwright/test';
import { approvedMember, callApi, expectSignedInAs, isPhone, koText, login, operator, seoulNoon, setServerClock, test } from './support';

// A conversion is recorded at the server's clock and the point records start from the browser's today: each test
// runs at noon of today in Seoul, and the records are searched over the days around that noon, as a member picks
// dates, so that the record is found whatever the hour (and when Seoul midnight passes during the test).
let noon: Date;
const seoulDay = (at: Date, shift = 0) => new Date(at.getTime() + 9 * 3_600_000 + shift * 86_400_000).toISOString().slice(0, 10);
test.beforeEach(async ({ request }) => {
  noon = seoulNoon();
  await setServerClock(request, noon);
});
test.afterAll(async ({ request }) => {
  await setServerClock(request, null);
});

/** The my-page screen on the tree the page runs: /mypage/<name> on desktop, /<name> on a phone. */
function myPagePath(page: Page, name: 'point' | 'coupon'): string {
  return isPhone(page) ? `/member/${name}` : `/mypage/${name}`;
}

async function signInFresh(page: Page, request: Parameters<typeof approvedMember>[0]) {
  const member = await approvedMember(request, 'pts');
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  return member;
}

test('points granted by the operator turn into held money, and the header follows', async ({ page, request }) => {
  const member = await approvedMember(request, 'pts');
  await operator(request, 'POST', `/members/${member.memId}/points`, { amount: 20_000, reason: 'e2e grant' });
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  await expect(page.getByTestId('member-points')).toHaveText(/^20,000/);

  await page.goto(myPagePath(page, 'point'));
  const form = page.getByTestId('point-convert');
  await expect(form.getByTestId('held-points')).toHaveText(/^20,000/);
  await expect(form.getByTestId('point-minimum')).toContainText('1,000');

  // Below the minimum: told so, nothing sent.
  await form.getByLabel(koText('front.mypage.pointAmount')).fill('500');
  await form.getByTestId('point-submit').click();
  await expect(page.getByTestId('alert')).toContainText('1,000');
  await page.getByTestId('alert-ok').click();

  const amount = form.getByLabel(koText('front.mypage.pointAmount'));
  await amount.fill('5000');
  await expect(amount).toHaveValue('5,000');
  await form.getByTestId('point-submit').dblclick();
  await expect(page.getByTestId('confirm')).toContainText('5,000 P');
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('alert')).toContainText('5,000 P');
  await page.getByTestId('alert-ok').click();

  await expect(page.getByTestId('member-cash')).toHaveText(/^5,000/);
  await expect(page.getByTestId('member-points')).toHaveText(/^15,000/);

  // The conversion is in the point records, once.
  await page.getByTestId('tab-list').click();
  const range = page.getByTestId('date-range');
  await range.locator('input[name=startDay]').fill(seoulDay(noon, -1));
  await range.locator('input[name=endDay]').fill(seoulDay(noon, 1));
  await range.getByRole('button').click();
  const rows = page.getByTestId('point-records-row');
  await expect(rows.filter({ hasText: koText('front.mypage.pointKind.convert') })).toHaveCount(1);
  await expect(rows.filter({ hasText: koText('front.mypage.pointKind.convert') })).toContainText('5,000');
});

test('a coupon issued by the operator is used once', async ({ page, request }) => {
  const member = await signInFresh(page, request);
  const expiresAt = new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString();
  const { coupon } = await operator(request, 'POST', `/members/${member.memId}/coupons`, { name: 'E2E 쿠폰', kind: 'cash', amount: 3_000, expiresAt });

  await page.goto(myPagePath(page, 'coupon'));
  const row = page.getByTestId('coupons-row').filter({ hasText: 'E2E 쿠폰' });
  await expect(row.getByTestId('coupon-status')).toHaveText(koText('front.mypage.couponStatus.available'));
  await expect(row).toContainText('3,000');
  await row.getByTestId('coupon-use').dblclick();
  await expect(page.getByTestId('confirm')).toContainText('E2E 쿠폰');
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('alert')).toContainText('3,000');
  await page.getByTestId('alert-ok').click();

  await expect(page.getByTestId('member-cash')).toHaveText(/^3,000/);
  await expect(row.getByTestId('coupon-status')).toHaveText(koText('front.mypage.couponStatus.used'));
  await expect(row.getByTestId('coupon-use')).toHaveCount(0);

  // Using it again (a new request, not a retry) is refused and credits nothing.
  const token = await page.evaluate(() => JSON.parse(decodeURIComponent(document.cookie.match(/(?:^|; )token=([^;]*)/)![1])).token as string);
  const again = await callApi(request, '/api/coupon/use', { idempotencyKey: `again${Date.now()}`, couponId: coupon.couponId }, token);
  expect(again.resultCode).toBe('C901');
  await page.reload();
  await expect(page.getByTestId('member-cash')).toHaveText(/^3,000/);
});
