import { expect, test } from '@playwright/test';
import { isPhone, koText, signupForm, uniqueId } from './support';

// One wrong field per §5 rule, in §5's order; every other field is valid.
const cases: Array<[string, Record<string, string>, string]> = [
  ['empty id', { memId: '' }, 'front.member.emptyMemId'],
  ['id with a space', { memId: 'bad id' }, 'api.U101'],
  ['short id', { memId: 'abc' }, 'api.U101'],
  ['empty password check', { memPassCheck: '' }, 'front.member.compareMemPass'],
  ['empty password', { memPass: '' }, 'front.member.emptyMemPass'],
  ['password with a space', { memPass: 'pass 1234', memPassCheck: 'pass 1234' }, 'api.U102'],
  ['empty cash-out password', { cashOutPass: '' }, 'front.member.emptyCashOutPass'],
  ['cash-out password of 3 digits', { cashOutPass: '123' }, 'api.U103'],
  ['empty nickname', { memNick: '' }, 'front.member.emptyMemName'],
  ['one-letter nickname', { memNick: '가' }, 'api.U105'],
  ['empty phone', { memPhone: '' }, 'front.member.emptyMemTel'],
  ['landline phone', { memPhone: '0212345678' }, 'front.member.noValidMemTel'],
  ['empty recommender', { recommenderId: '' }, 'front.member.emptyRecommenderId'],
  ['no bank', { bank: '' }, 'front.member.emptyBankName'],
  ['empty account holder', { memName: '' }, 'front.member.emptyBankAccountName'],
  ['empty account number', { bankacc: '' }, 'front.member.emptyBankNumber'],
  ['account number with letters', { bankacc: '12ab34' }, 'front.member.noValidBankNumber'],
  ['passwords differ', { memPassCheck: 'pass9999' }, 'front.member.compareMemPass'],
];

test('each sign-up rule shows its own message', async ({ page }) => {
  for (const [, wrong, messageId] of cases) {
    if (isPhone(page)) await page.goto('/join');
    else {
      await page.goto('/');
      await page.getByTestId('header-signup').click();
    }
    const form = page.getByTestId('signup-form');
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
