/**
 * The partner area on a host of its own (SPEC §6): with the operator's partner host prefix set to 'partner',
 * a partner signed in on www.hb.test opens the area from the header in a new tab on partner.hb.test, still
 * signed in there (the session cookie is the parent domain's), and the way back leads to the site's host;
 * signing out there signs out the site too. On a phone the partner pages stay under /member on the site's
 * host. The browser resolves *.hb.test to this machine (--host-resolver-rules); the prefix is cleared after.
 */
import { expect } from '@playwright/test';
import { e2eChromium } from '../../playwright.config';
import { apiLogin, approvedMember, expectSignedInAs, isPhone, keepSession, operator, test } from './support';

// The hosts resolve here, and count as secure as 127.0.0.1 does (the site uses what only a secure context has;
// a real site is on https).
const port = Number(process.env.E2E_PORT ?? 8180);
const origins = [port, port + 1].flatMap((p) => ['www.hb.test', 'partner.hb.test', 'hb.test'].map((host) => `http://${host}:${p}`));
test.use({
  launchOptions: {
    ...e2eChromium,
    args: [...e2eChromium.args, '--host-resolver-rules=MAP hb.test 127.0.0.1, MAP *.hb.test 127.0.0.1', `--unsafely-treat-insecure-origin-as-secure=${origins.join(',')}`],
  },
});

test('the partner link opens the area on the partner host, signed in', async ({ browser, request, baseURL }, testInfo) => {
  const { port } = new URL(baseURL!);
  const site = `http://www.hb.test:${port}`;
  const partner = await approvedMember(request, 'phost');
  await operator(request, 'POST', `/partners/${partner.memId}/make`, { level: 'PTN_4', parentMemId: null });
  await operator(request, 'PUT', '/site-options', { partnerHostPrefix: 'partner' });
  const context = await browser.newContext({ ...testInfo.project.use, baseURL: site, serviceWorkers: 'block' });
  try {
    // Signed in on the site's host (its own cookie, as a login there writes it).
    await keepSession(context, site, await apiLogin(request, partner.memId, partner.memPass));
    const page = await context.newPage();
    await page.goto('/');
    await expectSignedInAs(page, partner.memNick);
    const link = page.getByTestId('partner-link');
    if (isPhone(page)) {
      await expect(link).toHaveAttribute('href', '/member/stributor');
      await link.click();
      await expect(page).toHaveURL(`${site}/member/stributor`);
      await expect(page.getByTestId('summary-level')).toBeVisible({ timeout: 30_000 });
      return;
    }
    await expect(link).toHaveAttribute('href', `http://partner.hb.test:${port}/partner`);
    const opened = context.waitForEvent('page');
    await link.click();
    const area = await opened;
    await expect(area).toHaveURL(`http://partner.hb.test:${port}/partner`);
    // A fresh tab loads the area's code first (slow on a busy machine).
    await expect(area.getByTestId('partner-bar')).toBeVisible({ timeout: 30_000 });
    await expect(area.getByTestId('summary-level')).toBeVisible();
    await expect(area.getByTestId('member-nick').or(area.getByTestId('member-cash')).first()).toBeVisible();
    await area.screenshot({ path: testInfo.outputPath('desktop-partner-host.png') });
    await expect(area.getByTestId('partner-back-to-site')).toHaveAttribute('href', `http://hb.test:${port}/`);
    // Signing out on the partner host ends the one session: the site's tab is signed out at its next page.
    await area.getByTestId('header-logout').click();
    await area.getByTestId('confirm-yes').click();
    await expect(area.getByTestId('partner-bar')).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('header-login')).toBeVisible();
  } finally {
    await context.close();
    await operator(request, 'PUT', '/site-options', { partnerHostPrefix: '' });
  }
});
