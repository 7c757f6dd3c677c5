/**
 * Attendance, the prize wheel and /live at desktop and phone sizes, in the common screen frame: the
 * attendance calendar of a month with a streak (the test sets the server's clock), the wheel stopping on
 * the prize the server drew before the alert, the wheel with no connection, and the live table large with
 * its countdown, bead road and last results.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { RotaryResult } from '../../contract/community';
import { open } from '../../contract/envelope';
import { apiLogin, approvedMember, callApi, isPhone, keepSession, koText, operator, seoulNoon, setServerClock as setClock, test, underServiceWorker } from './support';

const path = (page: Page, desktop: string, phone: string) => (isPhone(page) ? phone : desktop);
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/${name}-${isPhone(page) ? 'phone' : 'desktop'}.png`, fullPage: true });

// A test that sets the server's clock (attendance and the wheel go by its Seoul day) leaves it to follow the wall clock.
test.afterEach(async ({ request }) => {
  await setClock(request, null);
});

/** A signed-in member in the browser (its session made through the API, on the server's clock of the moment). */
async function signedIn(page: Page, request: APIRequestContext, baseURL: string | undefined, prefix: string) {
  const member = await approvedMember(request, prefix);
  await keepSession(page.context(), baseURL!, await apiLogin(request, member.memId, member.memPass));
  return member;
}

test('the attendance calendar shows the month, the days checked in, the streak and the next rewards', async ({ page, request, baseURL }) => {
  await operator(request, 'PUT', '/attendance-settings', { enabled: true, dailyPoints: 100, bonusEvery: 7, bonusPoints: 1_000 });
  const member = await approvedMember(request, 'att');
  try {
    // Seoul 10:00 on 9, 11, 12 and 13 March 2026: the 10th is missed, so the streak is 3 on the 14th.
    for (const day of ['09', '11', '12', '13']) {
      await setClock(request, `2026-03-${day}T01:00:00Z`);
      const { token } = await apiLogin(request, member.memId, member.memPass);
      expect((await callApi(request, '/api/attendance/check', { idempotencyKey: `att-${member.memId}-${day}` }, token)).resultCode).toBe('0');
    }
    await setClock(request, '2026-03-14T01:00:00Z');
    await keepSession(page.context(), baseURL!, await apiLogin(request, member.memId, member.memPass));
    await page.goto(path(page, '/attendendance', '/member/attendance'));

    await expect(page.getByTestId('attendance-page').locator('h1.section-title')).toHaveText(koText('front.attendance.title'));
    await expect(page.getByTestId('attendance-month')).toHaveText('2026년 3월');
    const days = page.getByTestId('attendance-day');
    await expect(days).toHaveCount(31);
    const day = (d: string) => page.locator(`[data-testid=attendance-day][data-day="2026-03-${d}"]`);
    for (const d of ['09', '11', '12', '13']) await expect(day(d)).toHaveAttribute('data-state', 'checked');
    await expect(day('10')).toHaveAttribute('data-state', 'missed');
    await expect(page.locator('[data-testid=attendance-day][data-state=checked]')).toHaveCount(4);
    await expect(page.getByTestId('attendance-streak')).toHaveText(koText('front.attendance.streak').replace('{streak}', '3'));
    // Today is the next check-in (streak 4, 100P); the 7th day in a row, the 17th, carries the bonus.
    await expect(day('14')).toHaveAttribute('data-coming', 'yes');
    await expect(day('14')).toContainText('+100P');
    await expect(day('17')).toContainText('+1,100P');
    await expect(page.getByTestId('attendance-next')).toHaveText(koText('front.attendance.nextToday').replace('{points}', '100'));
    await expect(page.getByTestId('attendance-bonus')).toHaveText(koText('front.attendance.nextBonus')
      .replace('{date}', koText('front.format.monthDay').replace('{month}', '03').replace('{day}', '17')).replace('{streak}', '7').replace('{points}', '1,100'));
    await shot(page, 'attendance-calendar');

    await page.getByTestId('attendance-check').click();
    await expect(page.getByTestId('alert')).toContainText('100P');
    await page.getByTestId('alert-ok').click();
    await expect(day('14')).toHaveAttribute('data-state', 'checked');
    await expect(page.getByTestId('attendance-streak')).toHaveText(koText('front.attendance.streak').replace('{streak}', '4'));
    await expect(page.getByTestId('attendance-next')).toHaveText(koText('front.attendance.nextTomorrow').replace('{points}', '100'));
    await expect(day('15')).toHaveAttribute('data-coming', 'yes');
    await expect(page.getByTestId('attendance-check')).toBeDisabled();
  } finally {
    await setClock(request, null);
  }
});

for (const motion of ['no-preference', 'reduce'] as const) {
  test(`the wheel spins to the prize the server drew, then says it (motion: ${motion})`, async ({ page, request, baseURL }) => {
    // A spin a Seoul day, the server's: noon, so that the spin and the page after it fall on one day whatever the hour.
    await setClock(request, seoulNoon());
    await page.emulateMedia({ reducedMotion: motion });
    await operator(request, 'PUT', '/rotary', {
      enabled: true,
      prizes: [100, 200, 300, 500, 1_000, 0].map((points) => ({ label: points ? `${points}P` : '꽝', points, weight: 1 })),
    });
    await signedIn(page, request, baseURL, 'whl');
    await page.goto(path(page, '/rotary', '/member/rotary'));
    await expect(page.getByTestId('rotary-page').locator('h1.section-title')).toHaveText(koText('front.rotary.title'));
    const wheel = page.getByTestId('prize-wheel');
    await expect(wheel.getByTestId('prize-wheel-segment')).toHaveCount(6);
    await expect(wheel).toHaveAttribute('data-state', 'idle');
    if (motion === 'reduce') await expect(page.getByTestId('prize-wheel-disc')).toHaveCSS('transition-duration', '0s');
    await shot(page, 'rotary');

    const answered = page.waitForResponse((response) => response.url().endsWith('/api/rotary/spin'));
    await page.getByTestId('rotary-spin').click();
    const opened = open(((await (await answered).json()) as { data: unknown }).data);
    if (!opened.ok) throw new Error('the spin answer did not open');
    const drawn = (opened.payload as { data: RotaryResult }).data;
    await expect(page.getByTestId('alert')).toBeVisible({ timeout: 15_000 });
    // The alert comes once the wheel has stopped.
    await expect(wheel).toHaveAttribute('data-state', 'stopped');
    const landed = await wheel.evaluate((element) => {
      const disc = element.querySelector<HTMLElement>('[data-testid=prize-wheel-disc]')!;
      const matrix = new DOMMatrix(getComputedStyle(disc).transform);
      const turned = ((Math.atan2(matrix.b, matrix.a) * 180) / Math.PI + 360) % 360;
      const segments = [...element.querySelectorAll<SVGGElement>('[data-testid=prize-wheel-segment]')];
      // The pointer is at the top: the wheel's own angle under it is the turn taken back.
      const under = (360 - turned) % 360;
      const segment = segments[Math.floor(under / (360 / segments.length))]!;
      return { prizeIdx: Number(segment.dataset.prizeIdx), label: segment.dataset.label! };
    });
    expect(landed.prizeIdx).toBe(drawn.prizeIdx);
    expect(landed.label).toBe(drawn.points > 0 ? `${drawn.points.toLocaleString('ko-KR')}P` : koText('front.rotary.blank'));
    await expect(page.getByTestId('alert')).toContainText(drawn.points > 0
      ? koText('front.rotary.won').replace('{points}', drawn.points.toLocaleString('ko-KR')) : koText('front.rotary.nothing'));
    await shot(page, 'rotary-stopped');
    await page.getByTestId('alert-ok').click();
    await expect(page.getByTestId('rotary-today')).toContainText(landed.label);
    await expect(page.getByTestId('rotary-spin')).toBeDisabled();
  });
}

test('/live shows the table large, with its countdown, bead road and last results', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(path(page, '/live', '/member/live'));
  const live = page.getByTestId('live-page');
  await expect(live.locator('h1.section-title')).toHaveText(koText('front.live.title'));
  await expect(live.getByTestId('live-table')).toBeVisible();
  await expect(live.getByTestId('live-countdown')).toHaveAttribute('data-seconds', /^\d+$/);
  await expect(live.getByTestId('live-road')).toBeVisible();
  // A round watched from its betting reaches its result within a cycle (half a minute).
  await expect(live.getByTestId('live-result').first()).toBeVisible({ timeout: 60_000 });
  await expect(live.getByTestId('live-road').getByTestId('live-bead').first()).toBeVisible();
  await expect(live.getByTestId('live-result').first()).toContainText(koText('front.live.round').replace('{round}', ''));
  await shot(page, 'live');
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the wheel with no connection says so, and loads when the connection returns', async ({ page, request, context, baseURL }) => {
    await signedIn(page, request, baseURL, 'whloff');
    await page.goto(path(page, '/attendendance', '/member/attendance'));
    await underServiceWorker(page);
    await context.setOffline(true);
    try {
      if (isPhone(page)) await page.getByTestId('phone-nav-open').click();
      await page.getByTestId('menu-rotary').click();
      await expect(page.getByTestId('offline-notice')).toHaveText(koText('front.offline.notLoaded'));
      await expect(page.getByTestId('rotary-page').getByText(koText('front.loading'))).toHaveCount(0);
      await shot(page, 'rotary-offline');
    } finally {
      await context.setOffline(false);
    }
    await expect(page.getByTestId('prize-wheel')).toBeVisible();
  });
});
