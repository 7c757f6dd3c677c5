/**
 * The Content-Security-Policy breaks no screen: every screen of the tree the viewport gets (desktop or
 * phone), as a guest and as a member, loads with no `securitypolicyviolation` and no CSP console error.
 */
import { expect, type Page, test } from '@playwright/test';
import { approvedMember, expectSignedInAs, isPhone, login, openLogin } from './support';

const GUEST_SCREENS = { desktop: ['/', '/warning'], phone: ['/', '/login', '/join', '/warning'] };
const MEMBER_SCREENS = {
  desktop: [
    '/', '/member', '/mypage/chargeList', '/mypage/exchangeList', '/mypage/point', '/mypage/coupon', '/mypage/give',
    '/charge', '/coinCharge', '/exchange', '/coinExchange',
  ],
  phone: [
    '/', '/member', '/member/chargeList', '/member/exchangeList', '/member/point', '/member/coupon', '/member/give',
    '/member/chargeMain/charge', '/member/chargeMain/coinCharge', '/member/exchangeMain/exchange', '/member/exchangeMain/coinExchange',
  ],
};

/** Collects every CSP violation the page reports, from the event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => { violations.push(text); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void })
        .reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'");
  await page.locator('#root > *').first().waitFor();
  await page.waitForLoadState('networkidle');
}

test('every guest screen, the login captcha and the sign-up form load under the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  const tree = isPhone(page) ? 'phone' : 'desktop';
  for (const path of GUEST_SCREENS[tree]) await visit(page, path);
  // The captcha is a data: URL image, which img-src allows.
  const form = await openLogin(page);
  await expect(form.locator('img')).toHaveJSProperty('complete', true);
  expect(await form.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  if (tree === 'desktop') {
    await page.goto('/');
    await page.getByTestId('header-signup').click();
    await expect(page.getByTestId('signup-form')).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test('every member screen loads under the policy', async ({ page, request }) => {
  const violations = await watchViolations(page);
  const member = await approvedMember(request, 'csp');
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  for (const path of MEMBER_SCREENS[isPhone(page) ? 'phone' : 'desktop']) await visit(page, path);
  expect(violations).toEqual([]);
});
