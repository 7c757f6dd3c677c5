/**
 * Screens that looked unfinished, at both sizes: vendor cards carry a drawn logo, the deposit's bonus
 * choice is the site's own radio and still answers the keyboard, member info shows the phone number
 * formatted, and the main page's banners are one height whatever their images.
 */
import { expect, test, type Page } from '@playwright/test';
import { encodePng } from '../../server/png';
import { approvedMember, expectSignedInAs, isPhone, koText, login, operator } from './support';

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/${name}-${isPhone(page) ? 'phone' : 'desktop'}.png`, fullPage: true });

test.beforeAll(async ({ request }) => {
  await operator(request, 'PUT', '/test/clock', { now: null });
});

test('vendor cards show each vendor\'s drawn logo with its brand name, never a cut of the name', async ({ page }) => {
  await page.goto(isPhone(page) ? '/member/livecasino' : '/livecasino');
  const cards = page.getByTestId('vendor-cards');
  await expect(cards.getByTestId('vendor-1').locator('svg.vendor-logo')).toContainText('EVOLUTION');
  await expect(cards.getByTestId('vendor-10').locator('svg.vendor-logo')).toContainText('PRAGMATIC PLAY');
  for (const card of await cards.locator('.vendor-card').all()) {
    const name = (await card.locator('.vendor-card__name').textContent()) ?? '';
    await expect(card.locator('svg.vendor-logo')).toBeVisible();
    // The art is the logo alone: no text of its own such as the name's first two syllables.
    const artText = await card.locator('.vendor-card__art').evaluate((art) => [...art.childNodes].filter((node) => node.nodeName !== 'svg').map((node) => node.textContent).join(''));
    expect(artText, name).toBe('');
  }
  // Each vendor its own drawing.
  const brands = await cards.locator('svg.vendor-logo').evaluateAll((logos) => logos.map((logo) => logo.getAttribute('data-brand')));
  expect(new Set(brands).size).toBe(brands.length);
  await shot(page, 'vendor-cards-casino');

  // Hotel slots keep SPEC §9's placeholders beside their logos.
  await page.goto(isPhone(page) ? '/member/hotelslot' : '/hotelslot');
  const hotel = page.getByTestId('vendor-cards');
  await expect(hotel.locator('svg.vendor-logo')).toHaveCount(2);
  await expect(hotel.locator('.vendor-card__slot')).toHaveText(['SLOT01', 'SLOT02']);
});

test('the bonus choice is the site\'s radio, chosen with the keyboard; member info shows the phone formatted', async ({ page, request }) => {
  const member = await approvedMember(request, 'fin');
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);

  await page.goto(isPhone(page) ? '/member/chargeMain/charge' : '/charge');
  const form = page.getByTestId('deposit-form');
  const yes = form.getByRole('radio', { name: koText('front.cash.bonusYes') });
  const no = form.getByRole('radio', { name: koText('front.cash.bonusNo') });
  await expect(yes).toBeChecked();
  await expect(yes).toHaveCSS('appearance', 'none');
  // The rates come with the client's first data: the form is live.
  await expect(form.locator('.bonus-choice__rates')).toContainText('%');
  await yes.press('ArrowDown');
  await expect(no).toBeChecked();
  await expect(no).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(yes).toBeChecked();
  await shot(page, 'deposit-bonus');

  await page.goto(isPhone(page) ? '/member/info' : '/mypage/info');
  const phone = member.memPhone;
  await expect(page.getByTestId('info-memPhone')).toHaveText(`${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`);
  await shot(page, 'member-info');
});

/** A plain PNG of the given size. */
function png(width: number, height: number, rgb: [number, number, number]): string {
  const pixels = new Uint8Array(width * height * 3);
  for (let at = 0; at < pixels.length; at += 3) pixels.set(rgb, at);
  return encodePng({ width, height, channels: 3, pixels }).toString('base64');
}

test('the main page\'s banners are one height, with a wide, a tall and no image', async ({ page, request }) => {
  const created: number[] = [];
  try {
    for (const [title, image] of [
      ['넓은 배너', png(900, 150, [180, 40, 60])],
      ['높은 배너', png(150, 400, [40, 90, 180])],
      ['글자만 있는 배너', null],
    ] as const) {
      const banner = await operator(request, 'POST', '/banners', { kind: 'banner', title, ...(image ? { image } : {}) }) as { bannerIdx: number };
      created.push(banner.bannerIdx);
    }
    await page.goto('/');
    const banners = page.getByTestId('main-banners').locator('.main-banner');
    await expect(banners.filter({ hasText: '글자만 있는 배너' })).toBeVisible();
    // Measured with every image in: a shift as one arrives is a difference too.
    await expect.poll(() => banners.locator('img').evaluateAll((images) => images.length >= 2 && images.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
    // Each banner's picture (what stands above its caption) and the whole banner: one height each.
    const heights = await banners.evaluateAll((figures) => figures.map((figure) => {
      const box = figure.getBoundingClientRect();
      return { art: Math.round(figure.querySelector('figcaption')!.getBoundingClientRect().top - box.top), whole: Math.round(box.height) };
    }));
    expect(heights.length).toBeGreaterThanOrEqual(3);
    expect(new Set(heights.map((height) => height.art)).size, JSON.stringify(heights)).toBe(1);
    expect(new Set(heights.map((height) => height.whole)).size, JSON.stringify(heights)).toBe(1);
    expect(heights[0]!.art).toBeGreaterThan(0);
    await banners.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/main-banners-${isPhone(page) ? 'phone' : 'desktop'}.png` });
  } finally {
    for (const bannerIdx of created) await operator(request, 'POST', `/banners/${bannerIdx}/delete`);
  }
});
