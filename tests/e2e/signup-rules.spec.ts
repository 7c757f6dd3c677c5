import { expect, test } from '@playwright/test';
import { signupRuleCases } from '../fixtures/signupRuleCases';
import { isPhone, koText, signupForm, uniqueId } from './support';

test('each sign-up rule shows its own message', async ({ page }) => {
  // One form, filled in whole for each rule case (20) as a member correcting it would, and sent again.
  test.setTimeout(120_000);
  if (isPhone(page)) await page.goto('/join');
  else {
    await page.goto('/');
    await page.getByTestId('header-signup').click();
  }
  const form = page.getByTestId('signup-form');
  for (const [, wrong, messageId] of signupRuleCases) {
    const values = { ...signupForm(uniqueId('rule')), ...wrong };
    for (const [name, value] of Object.entries(values)) {
      const field = form.locator(`[name=${name}]`);
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
    await form.locator('button[type=submit]').click();
    await expect(page.getByTestId('alert'), messageId).toContainText(koText(messageId));
    await page.getByTestId('alert-ok').click();
  }
});
