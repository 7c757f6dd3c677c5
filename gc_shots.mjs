import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8205';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const pages = process.argv.slice(2);
for (const [name, vp, phone] of [['d', { width: 1280, height: 800 }, false], ['p', { width: 390, height: 844 }, true]]) {
  const ctx = await browser.newContext({ viewport: vp, locale: 'ko-KR', timezoneId: 'Asia/Seoul', isMobile: phone, hasTouch: phone });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  // login
  if (phone) await page.goto(base + '/login'); else { await page.goto(base + '/'); await page.getByTestId('header-login').click(); }
  const form = page.getByTestId('login-form');
  await form.locator('img').waitFor();
  await form.locator('input[name=memId]').fill('demo01');
  await form.locator('input[name=memPass]').fill('demo1234');
  await form.locator('input[name=captcha]').fill('1234');
  await form.locator('input[name=captcha]').press('Enter');
  await page.getByTestId('member-nick').waitFor();
  for (const path of pages) {
    const url = phone && !path.startsWith('/member') && path !== '/' ? '/member' + path : path;
    await page.goto(base + url);
    await page.waitForTimeout(1500);
    const file = `/tmp/gc_shots/${name}${path.replace(/[/?=&]/g, '_')}.png`;
    await page.screenshot({ path: file });
    console.log(file);
  }
  await ctx.close();
}
await browser.close();
