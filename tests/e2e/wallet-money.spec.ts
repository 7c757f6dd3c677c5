/**
 * Money screens against the real server: a deposit the operator approves shows up in the header live,
 * refusals show their codes' messages, bank maintenance closes withdrawals, a USDT deposit keeps the won
 * amount of the price locked when the member confirmed.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { approvedMember, expectSignedInAs, isPhone, koText, login, operator, seoulNoon, setServerClock, test } from './support';

// These rules run on the server's clock (the bank hour 23:30-00:30 Seoul, the re-request wait): each test runs at
// noon of today in Seoul, whatever the hour and whatever an earlier spec did with the test clock, unless it sets
// another time; the lists the pages show start from the browser's today, the same day.
test.beforeEach(async ({ request }) => {
  await setServerClock(request, seoulNoon());
});
test.afterAll(async ({ request }) => {
  await setServerClock(request, null);
});

type MoneyPage = 'charge' | 'exchange' | 'coinCharge' | 'coinExchange';

/** Desktop /charge etc.; on a phone the same forms live under /member/chargeMain and /member/exchangeMain. */
function moneyPath(page: Page, form: MoneyPage): string {
  if (!isPhone(page)) return `/${form}`;
  return form === 'charge' || form === 'coinCharge' ? `/member/chargeMain/${form}` : `/member/exchangeMain/${form}`;
}

async function signedInMember(page: Page, request: APIRequestContext, prefix: string) {
  const member = await approvedMember(request, prefix);
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  return member;
}

/** Answers the confirm dialog with yes. */
async function confirm(page: Page, text?: string) {
  const dialog = page.getByTestId('confirm');
  await expect(dialog).toBeVisible();
  if (text) await expect(dialog).toContainText(text);
  await page.getByTestId('confirm-yes').click();
}

async function expectAlert(page: Page, text: string) {
  await expect(page.getByTestId('alert')).toContainText(text);
  await page.getByTestId('alert-ok').click();
}

async function requestOf(request: APIRequestContext, memId: string, status: number, type: string) {
  const { list } = await operator(request, 'GET', `/cash-requests?status=${status}&type=${type}`);
  const found = (list as Array<{ requestId: number; memId: string; amount: number }>).find((row) => row.memId === memId);
  expect(found, `${type} request of ${memId} in status ${status}`).toBeTruthy();
  return found!;
}

test('deposit -> operator approves -> the header cash changes without a reload', async ({ page, request }) => {
  const member = await signedInMember(page, request, 'dep');
  await page.goto(moneyPath(page, 'charge'));
  const form = page.getByTestId('deposit-form');
  await form.getByTestId('preset-50000').click();
  await form.getByTestId('preset-50000').click();
  await expect(form.locator('input[name=amount]')).toHaveValue('100,000');
  await form.getByLabel(koText('front.cash.bonusNo')).check();
  await form.getByTestId('cash-submit').click();
  await confirm(page, '100,000');
  await expectAlert(page, koText('front.cash.accepted'));
  await expect(page.getByTestId('latest-request-status')).toHaveText(koText('front.cash.status.applied'));
  await expect(page.getByTestId('latest-request-amount')).toHaveText('100,000원');

  const applied = await requestOf(request, member.memId, 0, 'in');
  // The status follows each of the operator's moves by push (the fallback read is 90 s away).
  await operator(request, 'POST', `/cash-requests/${applied.requestId}/wait`);
  await expect(page.getByTestId('latest-request-status')).toHaveText(koText('front.cash.status.waiting'));
  await operator(request, 'POST', `/cash-requests/${applied.requestId}/approve`);

  await expect(page.getByTestId('member-cash')).toHaveText('100,000원');
  await expect(page.getByTestId('latest-request-status')).toHaveText(koText('front.cash.status.complete'));
});

test('a non-numeric deposit amount is refused before anything is sent', async ({ page, request }) => {
  await signedInMember(page, request, 'dnn');
  await page.goto(moneyPath(page, 'charge'));
  const form = page.getByTestId('deposit-form');
  await form.locator('input[name=amount]').fill('오만원');
  await form.getByTestId('cash-submit').click();
  await expectAlert(page, koText('api.C002'));
  await expect(page.getByTestId('confirm')).toHaveCount(0);
});

test('a withdrawal above held money shows C202', async ({ page, request }) => {
  await signedInMember(page, request, 'wdr');
  await page.goto(moneyPath(page, 'exchange'));
  await expect(page.getByTestId('held-money')).toHaveText('0원');
  const form = page.getByTestId('withdrawal-form');
  await form.getByTestId('preset-10000').click();
  await form.locator('input[name=cashOutPass]').fill('1234');
  await form.getByTestId('cash-submit').click();
  await confirm(page, '10,000');
  await expectAlert(page, koText('api.C202'));
  await expect(page.getByTestId('latest-request-none')).toBeVisible();
});

test('a withdrawal at 23:45 Seoul time is refused for bank maintenance', async ({ page, request }) => {
  await signedInMember(page, request, 'wbm');
  // 23:45 in Seoul, today: 11 hours 45 minutes after its noon.
  await setServerClock(request, new Date(seoulNoon().getTime() + (11 * 60 + 45) * 60_000));
  await page.goto(moneyPath(page, 'exchange'));
  const form = page.getByTestId('withdrawal-form');
  await form.getByTestId('preset-10000').click();
  await form.locator('input[name=cashOutPass]').fill('1234');
  await form.getByTestId('cash-submit').click();
  await confirm(page);
  await expectAlert(page, koText('api.C217'));
});

test('a USDT deposit shows the won amount at the price locked on confirming', async ({ page, request }) => {
  const { settings } = await operator(request, 'GET', '/wallet-settings');
  await operator(request, 'PUT', '/wallet-settings', { usdtPriceKrw: 1_600 });
  try {
    const member = await signedInMember(page, request, 'usd');
    await page.goto(moneyPath(page, 'coinCharge'));
    await expect(page.getByTestId('coin-price-value')).toHaveText('1 USDT = 1,600원');
    await expect(page.getByTestId('coin-deposit-address')).toHaveText(settings.usdtDepositAddress);
    const form = page.getByTestId('coin-deposit-form');
    await form.locator('input[name=usdt]').fill('12.5');
    await expect(page.getByTestId('coin-deposit-won')).toContainText('20,000원');
    await form.getByTestId('cash-submit').click();
    await confirm(page, '20,000');
    await expectAlert(page, koText('front.cash.accepted'));
    await expect(page.getByTestId('latest-request-amount')).toHaveText('20,000원');
    await expect(page.getByTestId('latest-request-usdt')).toHaveText('12.5 USDT (1 USDT = 1,600원)');

    // A later price does not touch the request: it keeps the price the member confirmed.
    await operator(request, 'PUT', '/wallet-settings', { usdtPriceKrw: 1_700 });
    const applied = await requestOf(request, member.memId, 0, 'coinIn');
    expect(applied.amount).toBe(20_000);
    await page.reload();
    await expect(page.getByTestId('coin-price-value')).toHaveText('1 USDT = 1,700원');
    await expect(page.getByTestId('latest-request-amount')).toHaveText('20,000원');
  } finally {
    await operator(request, 'PUT', '/wallet-settings', { usdtPriceKrw: settings.usdtPriceKrw });
  }
});

test('the member cancels an applied withdrawal and the held money comes back', async ({ page, request }) => {
  const member = await signedInMember(page, request, 'wcx');
  // Give the member money to withdraw: a deposit the operator approves.
  await page.goto(moneyPath(page, 'charge'));
  const deposit = page.getByTestId('deposit-form');
  await deposit.getByTestId('preset-50000').click();
  await deposit.getByLabel(koText('front.cash.bonusNo')).check();
  await deposit.getByTestId('cash-submit').click();
  await confirm(page);
  await expectAlert(page, koText('front.cash.accepted'));
  const applied = await requestOf(request, member.memId, 0, 'in');
  await operator(request, 'POST', `/cash-requests/${applied.requestId}/wait`);
  await operator(request, 'POST', `/cash-requests/${applied.requestId}/approve`);
  await expect(page.getByTestId('member-cash')).toHaveText('50,000원');

  await page.goto(moneyPath(page, 'exchange'));
  const form = page.getByTestId('withdrawal-form');
  await form.getByTestId('preset-50000').click();
  await form.locator('input[name=cashOutPass]').fill('1234');
  await form.getByTestId('cash-submit').click();
  await confirm(page, '50,000');
  await expectAlert(page, koText('front.cash.accepted'));
  await expect(page.getByTestId('member-cash')).toHaveText('0원');

  await page.getByTestId('request-cancel').click();
  await confirm(page, koText('front.cash.confirmCancel'));
  await expect(page.getByTestId('latest-request-status')).toHaveText(koText('front.cash.status.cancelled'));
  await expect(page.getByTestId('member-cash')).toHaveText('50,000원');
});
