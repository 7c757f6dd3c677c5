import { expect, test, type Locator, type Page } from '@playwright/test';
import { isPhone, operator, PNG_1PX, signedInMember, uniqueId } from './support';

/** The box of `inner` lies inside the box of `outer` and inside the screen, and nothing covers its middle. */
async function expectReachableInside(page: Page, inner: Locator, outer: Locator) {
  const box = (await inner.boundingBox())!;
  const frame = (await outer.boundingBox())!;
  const screen = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(frame.x - 0.5);
  expect(box.y).toBeGreaterThanOrEqual(frame.y - 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(screen.width);
  expect(box.y + box.height).toBeLessThanOrEqual(screen.height);
  const onTop = await inner.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(onTop).toBe(true);
}

test('two popups: one at a time on a phone, each closes from inside its box, and a text-only one is not an empty box', async ({ page, request }) => {
  const imageTitle = `그림 팝업 ${uniqueId('p')}`;
  const textTitle = `글 팝업 ${uniqueId('p')}`;
  const made = [
    await operator(request, 'POST', '/banners', { kind: 'popup', title: imageTitle, image: PNG_1PX.toString('base64'), ord: 0 }),
    await operator(request, 'POST', '/banners', { kind: 'popup', title: textTitle, ord: 1 }),
  ] as { bannerIdx: number }[];
  try {
    await page.goto('/');
    const popups = page.getByTestId('main-popup');
    const text = popups.filter({ hasText: textTitle });
    const image = popups.filter({ hasText: imageTitle });
    if (isPhone(page)) {
      await expect(image).toBeVisible();
      await expect(popups).toHaveCount(1);
      await page.screenshot({ path: 'test-results/main-popups-phone.png' });
      await expectReachableInside(page, image.getByTestId('popup-close'), image);
      await expectReachableInside(page, image.getByTestId('popup-close-day'), image);
      await image.getByTestId('popup-close').click();
      await expect(text).toBeVisible();
      await expect(popups).toHaveCount(1);
    } else {
      await expect(image).toBeVisible();
      await expect(text).toBeVisible();
      await page.screenshot({ path: 'test-results/main-popups-desktop.png' });
      await expectReachableInside(page, image.getByTestId('popup-close'), image);
      await expectReachableInside(page, image.getByTestId('popup-close-day'), image);
    }
    await expectReachableInside(page, text.getByTestId('popup-close'), text);
    await expectReachableInside(page, text.getByTestId('popup-close-day'), text);
    // Its title and its buttons, not the height of the image beside it.
    expect((await text.boundingBox())!.height).toBeLessThan(200);
    await text.getByTestId('popup-close').click();
    await expect(text).toHaveCount(0);
  } finally {
    for (const { bannerIdx } of made) await operator(request, 'POST', `/banners/${bannerIdx}/delete`);
  }
});

test("a popup's link names a screen, and each tree opens its own path for it", async ({ page, request }) => {
  await signedInMember(page, request, 'pl');
  const title = `출석 이벤트 ${uniqueId('p')}`;
  const made = await operator(request, 'POST', '/banners', { kind: 'popup', title, link: 'attendance' }) as { bannerIdx: number };
  try {
    await page.goto('/');
    await page.getByTestId('main-popup').filter({ hasText: title }).getByTestId('banner-link').click();
    await expect(page).toHaveURL((url) => url.pathname === (isPhone(page) ? '/member/attendance' : '/attendendance'));
  } finally {
    await operator(request, 'POST', `/banners/${made.bannerIdx}/delete`);
  }
});
