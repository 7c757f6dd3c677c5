import { expect, test } from '@playwright/test';
import { operator, signedInMember, uniqueId } from './support';

test("the main page's notices are the support centre's, the one just posted first, and each opens", async ({ page, request }) => {
  const title = `고객센터 공지 ${uniqueId('n')}`;
  await operator(request, 'POST', '/notices', { title, content: '방금 올린 공지입니다.' });
  await page.goto('/');
  await expect(page.getByTestId('main-notice').first()).toHaveText(title);

  await signedInMember(page, request, 'nt');
  await page.goto('/');
  await page.getByTestId('main-notice').filter({ hasText: title }).click();
  await expect(page.getByTestId('post-content')).toHaveText('방금 올린 공지입니다.');
});
