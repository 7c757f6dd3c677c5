/**
 * The operator console (issue 22) in the browser, desktop-sized: an owner signs in for the first time and
 * enrols TOTP (the QR code drawn in the page, the code computed from the secret it shows), approves a sign-up
 * and a deposit that arrives while the cash screen is open (the operator topic); a support operator is refused
 * a cash action (OP004); a member's session never opens a console page nor makes a console call; the owner
 * searches a member, sees their cash on their page and kicks their session, which signs out the member's open page.
 * Two operators: a cashier the owner creates approves a deposit while the member's page shows the header cash
 * change; a large withdrawal approved by one operator waits for a second (the maker cannot check it).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  apiLogin, approvedMember, callApi, login, memberWithCash, operator, seoulNoon, sessionTokenOf, setServerClock, signedInMember, signupForm, uniqueId,
} from './support';
import { consoleOwner, freshCode } from './consoleSupport';

test.skip(({ isMobile }) => isMobile, 'the console is desktop-sized');

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

const baseOf = (page: Page) => new URL(page.url()).origin;

/** Signs in at /admin; a first sign-in enrols TOTP and answers the secret, a later one gives the code from `secret`. */
async function signIn(page: Page, operatorId: string, password: string, secret?: string): Promise<string> {
  await page.goto('/admin');
  const form = page.getByTestId('form-sign-in');
  await form.getByLabel('운영자 아이디').fill(operatorId);
  await form.getByLabel('비밀번호').fill(password);
  if (secret) await form.getByLabel('OTP 코드 또는 복구 코드').fill(await freshCode(baseOf(page), secret));
  await form.getByRole('button', { name: '로그인' }).click();
  if (secret) {
    // The password's memory-hard hash is slow on a loaded machine (the first sign-in after the server starts most).
    await expect(page.getByTestId('console-operator')).toBeVisible({ timeout: 30_000 });
    return secret;
  }
  await expect(page.getByTestId('totp-start'), await page.locator('body').innerText()).toBeVisible();
  // The enrolment screen may still be settling when the button is first pressed: pressed again until the code shows.
  await expect(async () => {
    await page.getByTestId('totp-start').click({ timeout: 2_000 });
    await expect(page.getByTestId('totp-qr'), await page.locator('body').innerText()).toBeVisible({ timeout: 3_000 });
  }).toPass();
  const enrolled = (await page.getByTestId('totp-secret').textContent())!.trim();
  await shot(page, `enrol-${operatorId}`);
  const confirm = page.getByTestId('form-totp-confirm');
  await confirm.getByLabel('OTP 코드 또는 복구 코드').fill(await freshCode(baseOf(page), enrolled));
  await confirm.getByRole('button').click();
  await expect(page.getByTestId('recovery-codes').locator('li').first()).toBeVisible();
  await page.getByRole('button', { name: '콘솔로 이동' }).click();
  await expect(page.getByTestId('console-operator')).toBeVisible();
  return enrolled;
}

/** The owner (signed in on `page`) creates an operator on the operators screen; answers its id and one-time password. */
async function createOperator(page: Page, prefix: string, name: string, role: 'cashier' | 'support'): Promise<{ operatorId: string; password: string }> {
  await page.getByTestId('nav-operators').click();
  const operatorId = uniqueId(prefix).toLowerCase();
  const form = page.getByTestId('form-operator-create');
  await form.getByLabel('운영자 아이디').fill(operatorId);
  await form.getByLabel('이름').fill(name);
  await form.getByLabel('역할').selectOption(role);
  await form.getByRole('button').click();
  await expect(page.getByTestId('operator-password')).toContainText(operatorId);
  const password = (await page.getByTestId('operator-password').locator('code').textContent())!.trim();
  return { operatorId, password };
}

/** A desktop-sized browser context of its own (another person at another computer). */
async function otherBrowser(browser: Browser, baseURL: string): Promise<Page> {
  return (await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul', serviceWorkers: 'block' })).newPage();
}

test('an owner enrols TOTP, approves a sign-up and a deposit that arrives live', async ({ page, request, baseURL }) => {
  const owner = await consoleOwner(baseURL!);
  await signIn(page, owner.operatorId, owner.password, owner.secret);
  await shot(page, 'dashboard');

  // A sign-up waiting for approval.
  const memId = uniqueId('csu');
  const signup = await callApi(request, '/api/member/signup', signupForm(memId));
  expect(signup.resultCode, signup.resultMessage).toBe('0');
  await page.getByTestId('nav-signups').click();
  await expect(page.getByTestId(`row-${memId}`)).toBeVisible();
  await shot(page, 'signups');
  await page.getByTestId(`approve-${memId}`).click();
  await expect(page.getByTestId(`row-${memId}`)).toHaveCount(0);
  expect((await operator(request, 'GET', '/signups?status=active') as { list: { memId: string }[] }).list.map((m) => m.memId)).toContain(memId);

  // A deposit requested while another screen is open counts on the cash menu's badge, until the cash screen is opened.
  const early = await approvedMember(request, 'cbdg');
  const earlySession = await apiLogin(request, early.memId, early.memPass);
  const earlyDeposit = await callApi(request, '/api/cash/in', { idempotencyKey: `console-${early.memId}`, amount: 20_000, bonusYn: 'N' }, earlySession.token);
  expect(earlyDeposit.resultCode, earlyDeposit.resultMessage).toBe('0');
  await expect(page.getByTestId('badge-cash')).toHaveText('1');
  await shot(page, 'badge-cash');
  await page.getByTestId('nav-cash').click();
  await expect(page.getByTestId(`row-${(earlyDeposit.data as { request: { requestId: number } }).request.requestId}`)).toBeVisible();
  await expect(page.getByTestId('badge-cash')).toHaveCount(0);

  // A deposit requested while the cash screen is open appears without a reload, and is approved.
  await expect(page.getByTestId('table-cash')).toBeVisible();
  const member = await approvedMember(request, 'cdep');
  const session = await apiLogin(request, member.memId, member.memPass);
  const deposit = await callApi(request, '/api/cash/in', { idempotencyKey: `console-${member.memId}`, amount: 30_000, bonusYn: 'N' }, session.token);
  expect(deposit.resultCode, deposit.resultMessage).toBe('0');
  const { requestId } = (deposit.data as { request: { requestId: number } }).request;
  await expect(page.getByTestId(`row-${requestId}`)).toBeVisible();
  // Seen where it arrived: no badge.
  await expect(page.getByTestId('badge-cash')).toHaveCount(0);
  await shot(page, 'cash');
  // Put on hold (in progress), then approved: the status rules' two steps.
  await page.getByTestId(`wait-cash-${requestId}`).click();
  await page.getByTestId(`approve-cash-${requestId}`).click();
  await expect(page.getByTestId(`row-${requestId}`)).toContainText('완료');
  await shot(page, 'cash-approved');
  const done = await operator(request, 'GET', '/cash-requests?status=1&type=in') as { list: { requestId: number }[] };
  expect(done.list.map((r) => r.requestId)).toContain(requestId);
});

test('a support operator is refused a cash action (OP004)', async ({ page, browser, request, baseURL }) => {
  const owner = await consoleOwner(baseURL!);
  await signIn(page, owner.operatorId, owner.password, owner.secret);
  const { operatorId: supportId, password } = await createOperator(page, 'sup', '고객지원 담당', 'support');
  await shot(page, 'operators');

  const support = await otherBrowser(browser, baseURL!);
  await signIn(support, supportId, password);
  await expect(support.getByTestId('nav-signups')).toBeVisible();
  await expect(support.getByTestId('nav-cash')).toHaveCount(0);
  // The cash screen opened by its address: the list call is refused for the role.
  await support.goto('/admin/cash');
  await expect(support.getByTestId('call-error')).toHaveAttribute('data-code', 'OP004');
  await shot(support, 'support-refused');
  const { session } = await memberWithDeposit(request);
  const refused = await support.request.post(`/admin/api/cash-requests/${session.requestId}/approve`);
  expect(refused.status()).toBe(403);
  expect((await refused.json() as { resultCode: string }).resultCode).toBe('OP004');
  await support.context().close();
});

async function memberWithDeposit(request: Parameters<typeof approvedMember>[0]) {
  const member = await approvedMember(request, 'csup');
  const login = await apiLogin(request, member.memId, member.memPass);
  const deposit = await callApi(request, '/api/cash/in', { idempotencyKey: `console-${member.memId}`, amount: 10_000, bonusYn: 'N' }, login.token);
  expect(deposit.resultCode, deposit.resultMessage).toBe('0');
  return { session: { ...login, requestId: (deposit.data as { request: { requestId: number } }).request.requestId } };
}

test('a member\'s session never opens a console page nor makes a console call', async ({ page, request }) => {
  const member = await signedInMember(page, request, 'cmem');
  await page.goto('/admin/cash');
  await expect(page.getByTestId('form-sign-in')).toBeVisible();
  await expect(page.getByTestId('console-operator')).toHaveCount(0);
  await shot(page, 'member-at-console');
  // The member's cookies (their session) reach no console call, nor any operator call.
  for (const path of ['/admin/api/console/me', '/admin/api/signups', '/admin/api/cash-requests']) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(401);
  }
  // Nor does the member's token given as a bearer token.
  const { token } = await apiLogin(request, member.memId, member.memPass);
  const asBearer = await page.request.get('/admin/api/signups', { headers: { authorization: `Bearer ${token}` } });
  expect(asBearer.status()).toBe(401);
  const approve = await page.request.post(`/admin/api/signups/${member.memId}/approve`);
  expect(approve.status()).toBe(401);
});

test('a cashier the owner creates approves a deposit while the member watches the header cash change', async ({ page, browser, request, baseURL }) => {
  // Several browsers and sign-ins (a TOTP code may have to wait for the next step): more than the default minute.
  test.setTimeout(180_000);
  const owner = await consoleOwner(baseURL!);
  await signIn(page, owner.operatorId, owner.password, owner.secret);
  const cashier = await createOperator(page, 'csh', '입출금 담당', 'cashier');
  await expect(page.getByTestId(`row-${cashier.operatorId}`)).toContainText('입출금');

  // The cashier at their own computer: first sign-in enrols TOTP; they see cash, not the owner's screens.
  const desk = await otherBrowser(browser, baseURL!);
  await signIn(desk, cashier.operatorId, cashier.password);
  await expect(desk.getByTestId('nav-operators')).toHaveCount(0);
  await desk.getByTestId('nav-cash').click();
  await expect(desk.getByTestId('table-cash')).toBeVisible();

  // The member, signed in on the site in a third browser, asks for a deposit.
  const site = await otherBrowser(browser, baseURL!);
  const member = await signedInMember(site, request, 'clive');
  await expect(site.getByTestId('member-cash')).toHaveText('0원');
  const token = await sessionTokenOf(site.context());
  const deposit = await callApi(request, '/api/cash/in', { idempotencyKey: `console-live-${member.memId}`, amount: 40_000, bonusYn: 'N' }, token);
  expect(deposit.resultCode, deposit.resultMessage).toBe('0');
  const { requestId } = (deposit.data as { request: { requestId: number } }).request;

  // It arrives on the cashier's screen without a reload; hold, then approve.
  await expect(desk.getByTestId(`row-${requestId}`)).toBeVisible();
  await desk.getByTestId(`wait-cash-${requestId}`).click();
  await desk.getByTestId(`approve-cash-${requestId}`).click();
  await expect(desk.getByTestId(`row-${requestId}`)).toContainText('완료');
  await shot(desk, 'cashier-approved');
  // The member's header shows the new cash, pushed (no reload).
  await expect(site.getByTestId('member-cash')).toHaveText('40,000원');
  await shot(site, 'member-header-cash');
  await desk.context().close();
  await site.context().close();
});

test('a large withdrawal approved by one operator waits for a second, never the same one', async ({ page, browser, request, baseURL }) => {
  // Several browsers and sign-ins (a TOTP code may have to wait for the next step): more than the default minute.
  test.setTimeout(180_000);
  const AMOUNT = 6_000_000;
  // A member holding the money, whose withdrawal is asked for at Seoul noon (clear of the bank hour) before any
  // console session exists: the server's clock then follows the wall clock again for the operators' sign-ins.
  const member = await approvedMember(request, 'cbig');
  const login = await apiLogin(request, member.memId, member.memPass);
  const deposit = await callApi(request, '/api/cash/in', { idempotencyKey: `console-big-in-${member.memId}`, amount: AMOUNT, bonusYn: 'N' }, login.token);
  expect(deposit.resultCode, deposit.resultMessage).toBe('0');
  const depositId = (deposit.data as { request: { requestId: number } }).request.requestId;
  await operator(request, 'POST', `/cash-requests/${depositId}/wait`);
  await operator(request, 'POST', `/cash-requests/${depositId}/approve`);

  const owner = await consoleOwner(baseURL!);
  await signIn(page, owner.operatorId, owner.password, owner.secret);
  // The threshold, set on the settings screen: withdrawals of AMOUNT and more wait for a second operator.
  await page.getByTestId('nav-settings').click();
  const fourEyes = page.getByTestId('form-four-eyes');
  await expect(fourEyes.locator('input[name=withdrawalMin]')).not.toHaveValue('');
  const before = await fourEyes.locator('input[name=withdrawalMin]').inputValue();
  await fourEyes.locator('input[name=withdrawalMin]').fill(String(AMOUNT));
  await fourEyes.getByRole('button').click();
  await expect(fourEyes.getByRole('status')).toBeVisible();
  expect((await (await page.request.get('/admin/api/console/four-eyes')).json() as { settings: { withdrawalMin: number } }).settings.withdrawalMin).toBe(AMOUNT);
  const cashier = await createOperator(page, 'cmk', '출금 담당', 'cashier');

  let requestId = 0;
  try {
    await setServerClock(request, seoulNoon());
    const noonLogin = await apiLogin(request, member.memId, member.memPass);
    const withdrawal = await callApi(request, '/api/cash/out', { idempotencyKey: `console-big-out-${member.memId}`, amount: AMOUNT, cashOutPass: '1234' }, noonLogin.token);
    expect(withdrawal.resultCode, withdrawal.resultMessage).toBe('0');
    requestId = (withdrawal.data as { request: { requestId: number } }).request.requestId;
  } finally {
    await setServerClock(request, null);
  }

  // The cashier holds and approves it: nothing runs, it waits for a second operator.
  const desk = await otherBrowser(browser, baseURL!);
  desk.on('dialog', (dialog) => void dialog.accept());
  await signIn(desk, cashier.operatorId, cashier.password);
  await desk.getByTestId('nav-cash').click();
  await expect(desk.getByTestId(`row-${requestId}`)).toBeVisible();
  await desk.getByTestId(`wait-cash-${requestId}`).click();
  await desk.getByTestId(`approve-cash-${requestId}`).click();
  await expect(desk.getByTestId(`row-${requestId}`).getByTestId('four-eyes-waiting')).toBeVisible();
  await expect(desk.getByTestId(`row-${requestId}`)).not.toContainText('완료');
  await shot(desk, 'withdrawal-waiting');
  const pending = (await (await desk.request.get('/admin/api/console/approvals?status=pending')).json() as { list: { id: number; makerId: string; payload: { params: { id?: string } } }[] }).list;
  const approval = pending.find((a) => a.payload.params.id === String(requestId))!;
  expect(approval.makerId).toBe(cashier.operatorId);

  // The maker sees it as their own, with no approve button; the server refuses them too (OP009).
  await desk.getByTestId('nav-approvals').click();
  const own = desk.getByTestId(`row-${approval.id}`);
  await expect(own).toContainText('내 요청');
  await expect(own.getByTestId(`approve-approval-${approval.id}`)).toHaveCount(0);
  const refused = await desk.request.post(`/admin/api/console/approvals/${approval.id}/approve`, { data: { payloadHash: 'f'.repeat(64) } });
  expect([refused.status(), (await refused.json() as { resultCode: string }).resultCode]).toEqual([403, 'OP009']);
  await shot(desk, 'approvals-maker');

  // The owner, a second operator, sees the payload and approves: the withdrawal completes.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByTestId('nav-approvals').click();
  const row = page.getByTestId(`row-${approval.id}`);
  await expect(row).toContainText(cashier.operatorId);
  await row.getByTestId(`payload-${approval.id}`).locator('summary').click();
  await expect(row.getByTestId(`payload-${approval.id}`)).toContainText(`"id": "${requestId}"`);
  await shot(page, 'approvals-checker');
  await row.getByTestId(`approve-approval-${approval.id}`).click();
  await expect(row).toHaveCount(0);
  await page.getByTestId('filter-approvalStatus').selectOption('executed');
  await expect(page.getByTestId(`row-${approval.id}`)).toBeVisible();
  const done = await operator(request, 'GET', '/cash-requests?status=1&type=out') as { list: { requestId: number }[] };
  expect(done.list.map((r) => r.requestId)).toContain(requestId);
  await expect(desk.getByTestId('nav-cash')).toBeVisible();
  await desk.getByTestId('nav-cash').click();
  await expect(desk.getByTestId(`row-${requestId}`)).toContainText('완료');
  await desk.context().close();

  // The threshold back as it was, for the tests after this one on the same server.
  const restored = await page.request.put('/admin/api/console/four-eyes', { data: { withdrawalMin: Number(before.replace(/\D/g, '')) } });
  expect(restored.status()).toBe(200);
});

test("the console's forms: notices edited in place, a banner made and edited, a top partner's rates waiting, a fixture's result form", async ({ page, request, baseURL }) => {
  // Several browsers and sign-ins (a TOTP code may have to wait for the next step): more than the default minute.
  test.setTimeout(180_000);
  const owner = await consoleOwner(baseURL!);
  await signIn(page, owner.operatorId, owner.password, owner.secret);
  page.on('dialog', (dialog) => void dialog.accept());

  // A notice written, then edited and deleted in its row.
  await page.getByTestId('nav-posts').click();
  const title = `공지 ${uniqueId('n')}`;
  const write = page.getByTestId('form-post-notices');
  await write.getByLabel('제목').fill(title);
  await write.getByLabel('내용').fill('점검 안내 본문');
  await write.getByRole('button').click();
  await page.getByTestId('notices-q').fill(title);
  const notices = page.getByTestId('table-notices');
  await expect(notices.locator('tbody tr')).toHaveCount(1);
  await expect(notices).toContainText(title);
  await notices.getByRole('button', { name: '수정' }).click();
  const edit = page.getByRole('dialog').getByTestId('form-edit-notices');
  await expect(edit.getByLabel('제목')).toHaveValue(title);
  await edit.getByLabel('제목').fill('');
  await edit.getByRole('button', { name: '저장' }).click();
  await expect(edit.getByRole('alert').first()).toBeVisible();
  await shot(page, 'notice-edit-refused');
  await edit.getByLabel('제목').fill(`${title} (수정)`);
  await edit.getByRole('button', { name: '저장' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(notices).toContainText(`${title} (수정)`);
  await shot(page, 'posts');
  await notices.getByRole('button', { name: '삭제' }).click();
  await expect(notices.locator('td.empty')).toBeVisible();

  // A banner (switched off, so the site shows nothing of it) made, edited in its row, deleted.
  await page.getByTestId('nav-community').click();
  await page.getByTestId('banner-new').click();
  const make = page.getByRole('dialog').getByTestId('form-banner-new');
  const bannerTitle = `배너 ${uniqueId('b')}`;
  await make.getByLabel('제목').fill(bannerTitle);
  await make.getByLabel('링크 (사이트 화면 또는 https 주소)').fill('javascript:alert(1)');
  await make.getByLabel('사용').uncheck();
  await make.getByRole('button', { name: '저장' }).click();
  await expect(make.getByRole('alert').first()).toBeVisible();
  await make.getByLabel('링크 (사이트 화면 또는 https 주소)').fill('https://example.com/event');
  await make.getByRole('button', { name: '저장' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const banners = page.getByTestId('table-banners');
  await page.getByTestId('table-banners-filter').fill(bannerTitle);
  await expect(banners.locator('tbody tr')).toHaveCount(1);
  await banners.getByRole('button', { name: '수정' }).click();
  const change = page.getByRole('dialog').getByTestId('form-banner-edit');
  await change.getByLabel('순서').fill('7');
  await shot(page, 'banner-edit');
  await change.getByRole('button', { name: '저장' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(banners.locator('tbody tr')).toContainText('7');
  await shot(page, 'banners');
  await banners.getByRole('button', { name: '삭제' }).click();
  await expect(banners.locator('td.empty')).toBeVisible();

  // A top partner's rates: the change waits for a second operator, and the form says so.
  const partner = await approvedMember(request, 'cptn');
  await operator(request, 'POST', `/partners/${partner.memId}/make`, { level: 'PTN_1', parentMemId: null });
  await page.getByTestId('nav-partners').click();
  await page.getByTestId('form-partner-line').getByLabel('아이디').fill(partner.memId);
  await page.getByTestId('form-partner-line').getByRole('button').click();
  await expect(page.getByTestId(`rates-${partner.memId}`)).toBeVisible();
  const rates = page.getByTestId(`form-rates-${partner.memId}`);
  await rates.locator('input[name=slot_rolling]').fill('1.255');
  await rates.getByRole('button').click();
  await expect(rates.getByRole('alert').first()).toBeVisible();
  await rates.locator('input[name=slot_rolling]').fill('1.5');
  await rates.getByRole('button').click();
  await expect(rates.getByTestId('four-eyes-waiting')).toBeVisible();
  await shot(page, 'partner-rates');
  const waiting = (await (await page.request.get('/admin/api/console/approvals?status=pending')).json() as { list: { id: number; payload: { params: { memId?: string } } }[] }).list
    .find((a) => a.payload.params.memId === partner.memId)!;
  expect((await page.request.post(`/admin/api/console/approvals/${waiting.id}/reject`, { data: { reason: 'browser test' } })).status()).toBe(200);

  // The fixtures: the list, one opened with its markets, exposure and result form (nothing entered: the feed's fixtures are shared).
  await page.getByTestId('nav-risk').click();
  const fixtures = page.getByTestId('table-fixtures');
  await page.getByTestId('filter-fixtureState').selectOption('');
  await expect(fixtures.locator('tbody tr').first().locator('button')).toBeVisible({ timeout: 30_000 });
  await fixtures.locator('tbody tr').first().locator('button').click();
  await expect(page.getByTestId('table-markets')).toBeVisible();
  await expect(page.getByTestId('form-sport-result')).toBeVisible();
  await shot(page, 'fixtures');
});

test('the owner searches a member, sees their cash and kicks their session: the member\'s open page is signed out', async ({ page, browser, request, baseURL }) => {
  // Two browsers and a member sign-in: more than the default minute when the machine is busy.
  test.setTimeout(300_000);
  const { member } = await memberWithCash(request, 'ckick', 40_000);
  // The member's own browser, signed in on the member site.
  const memberContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul', serviceWorkers: 'block' });
  const memberPage = await memberContext.newPage();
  await login(memberPage, member.memId, member.memPass);
  await expect(memberPage.getByTestId('member-nick')).toHaveText(member.memNick, { timeout: 30_000 });

  const owner = await consoleOwner(baseURL!);
  await signIn(page, owner.operatorId, owner.password, owner.secret);
  await expect(page.getByTestId('today-deposits')).toContainText('건', { timeout: 30_000 });
  await shot(page, 'dashboard-today');
  await page.getByTestId('nav-members').click();
  // A fragment of the id, in other letters' case.
  await page.getByTestId('member-search').fill(member.memId.slice(2).toUpperCase());
  await page.getByTestId('member-search-go').click();
  const row = page.getByTestId(`row-${member.memId}`);
  await expect(row).toBeVisible();
  await shot(page, 'members-search');
  await row.getByRole('link', { name: member.memId }).click();
  await expect(page.getByTestId('balance-cash')).toContainText('40,000');
  await expect(page.getByTestId('live-sessions')).toHaveText('1');
  await expect(page.getByTestId('table-member-ledger')).toContainText('cash.deposit');
  await shot(page, 'member-page');

  await page.getByTestId('member-kick').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('사유').fill('계정 보호를 위한 강제 로그아웃');
  await shot(page, 'member-kick');
  await dialog.getByRole('button', { name: '모든 세션 종료' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('live-sessions')).toHaveText('0');
  await expect(page.getByTestId('table-member-sessions')).toContainText('운영자 종료');
  await shot(page, 'member-kicked');

  // The member's page hears LOGOUT over the real-time channel (its notice is a second login's) and signs out.
  await expect(async () => {
    if (await memberPage.getByTestId('alert-ok').isVisible()) await memberPage.getByTestId('alert-ok').click();
    await expect(memberPage.getByTestId('member-nick')).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await shot(memberPage, 'member-kicked-site');
  await memberContext.close();
});
