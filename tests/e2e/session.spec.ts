import { expect, test } from '@playwright/test';
import { approvedMember, expectSignedInAs, isPhone, koText, login, openLogin, operator, signupForm, uniqueId } from './support';

// These rules run on the server's clock (maintenance windows, the bank's night hours): start from real
// time whatever an earlier spec did with the test clock (the mini games move it forward).
test.beforeAll(async ({ request }) => {
  await operator(request, 'PUT', '/test/clock', { now: null });
});

test('a guest opening a member route is told to log in and lands on /', async ({ page }) => {
  await page.goto('/member');
  await expect(page.getByTestId('alert')).toContainText('로그인 이후 이용 가능합니다.');
  await page.getByTestId('alert-ok').click();
  await expect(page).toHaveURL(/\/$/);
});

test('sign-up -> pending -> login refused -> operator approves -> login shows nickname, cash and points', async ({ page, request }) => {
  const memId = uniqueId('flow');
  const form = signupForm(memId);
  if (isPhone(page)) await page.goto('/join');
  else {
    await page.goto('/');
    await page.getByTestId('header-signup').click();
  }
  const signup = page.getByTestId('signup-form');
  for (const [name, value] of Object.entries(form)) {
    const field = signup.locator(`[name=${name}]`);
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
  await signup.locator('button[type=submit]').click();
  await expect(page.getByTestId('alert')).toContainText(koText('front.member.completeSignup'));
  await page.getByTestId('alert-ok').click();
  await expect(page.getByTestId('signup-complete')).toBeVisible();
  // The filled form is not left behind the modal.
  await expect(page.getByTestId('signup-form')).toHaveCount(0);

  const pending = await operator(request, 'GET', '/signups?status=pending');
  expect(pending.list.map((m: { memId: string }) => m.memId)).toContain(memId);

  await login(page, memId, form.memPass);
  await expect(page.getByTestId('alert')).toContainText(koText('err.U001'));
  await page.getByTestId('alert-ok').click();

  await operator(request, 'POST', `/signups/${memId}/approve`);
  await login(page, memId, form.memPass);
  await expectSignedInAs(page, form.memNick);
  await expect(page.getByTestId('member-cash')).toHaveText(/^0/);
  await expect(page.getByTestId('member-points')).toHaveText(/^0/);
});

test('the demo member sees their cash and points with thousands separators', async ({ page }) => {
  await login(page, 'demo01', 'demo1234');
  await expectSignedInAs(page, '데모회원');
  await expect(page.getByTestId('member-cash')).toContainText('1,000,000');
  await expect(page.getByTestId('member-points')).toContainText('50,000');
});

test('a second login elsewhere signs the first browser out', async ({ browser, request }) => {
  const member = await approvedMember(request, 'dup');
  const first = await browser.newPage();
  await login(first, member.memId, member.memPass);
  await expectSignedInAs(first, member.memNick);

  const second = await browser.newPage();
  await login(second, member.memId, member.memPass);
  await expectSignedInAs(second, member.memNick);

  await expect(first.getByTestId('alert')).toContainText('같은 아이디로 로그인되었습니다.');
  await first.getByTestId('alert-ok').click();
  await expect(first.getByTestId('member-nick')).toHaveCount(0);
  await expectSignedInAs(second, member.memNick);
  await first.close();
  await second.close();
});

test('an operator maintenance window sends the member to /warning', async ({ page, request }) => {
  const member = await approvedMember(request, 'insp');
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  const start = new Date(Date.now() - 60_000).toISOString();
  const end = new Date(Date.now() + 10 * 60_000).toISOString();
  await operator(request, 'PUT', '/site-check', { startDate: start, endDate: end });
  try {
    await page.goto('/member');
    await expect(page).toHaveURL(/\/warning$/);
    await expect(page.getByTestId('maintenance')).toBeVisible();
  } finally {
    await operator(request, 'PUT', '/site-check', { startDate: null, endDate: null });
  }
});

test('the operator INSPECT push signs the member out to /warning', async ({ page, request }) => {
  const member = await approvedMember(request, 'push');
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  // /warning shows its notice only inside a window, so the push is tried while one is open.
  const start = new Date(Date.now() - 60_000).toISOString();
  const end = new Date(Date.now() + 10 * 60_000).toISOString();
  try {
    // A push only reaches a page whose socket has subscribed, which happens just after login: push until it lands.
    await operator(request, 'PUT', '/site-check', { startDate: start, endDate: end });
    await expect.poll(async () => {
      await operator(request, 'POST', `/members/${member.memId}/push`, { cmd: 'INSPECT', data1: 'Y', data2: null });
      return new URL(page.url()).pathname;
    }, { intervals: [500, 1000, 2000] }).toBe('/warning');
    await expect(page.getByTestId('maintenance')).toBeVisible();
    await expect(page.getByTestId('member-nick')).toHaveCount(0);
  } finally {
    await operator(request, 'PUT', '/site-check', { startDate: null, endDate: null });
  }
});

test('outside a maintenance window /warning sends the visitor to the main page', async ({ page }) => {
  await page.goto('/warning');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.locator('.hero')).toBeVisible();
  await expect(page.getByTestId('maintenance')).toHaveCount(0);
});

test('the login request on the wire never carries the password in plain text', async ({ page }) => {
  const bodies: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/member/login')) bodies.push(req.postData() ?? '');
  });
  await login(page, 'demo01', 'demo1234');
  await expectSignedInAs(page, '데모회원');
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).not.toContain('demo1234');
  expect(bodies[0]).not.toContain('demo01');
});

test('a wrong captcha is refused and the captcha reloads', async ({ page }) => {
  const form = await openLogin(page);
  const firstImage = await form.locator('img').getAttribute('src');
  await form.locator('input[name=memId]').fill('demo01');
  await form.locator('input[name=memPass]').fill('demo1234');
  await form.locator('input[name=captcha]').fill('5555');
  await form.locator('input[name=captcha]').press('Enter');
  await expect(page.getByTestId('alert')).toContainText('자동 입력 방지 코드를 확인해주세요.');
  await page.getByTestId('alert-ok').click();
  await expect(form.locator('img')).not.toHaveAttribute('src', firstImage ?? '');
});
