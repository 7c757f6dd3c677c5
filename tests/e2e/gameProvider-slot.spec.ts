/**
 * The house vendor's slot game page, as a launched player sees it at desktop and phone sizes: game
 * money shown, a spin takes the bet and shows the result, and the page's own CSP blocks nothing.
 */
import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { e2eVendorOperator, e2eVendorSecret } from '../../playwright.config';

async function vendorCall<T>(request: APIRequestContext, path: string, body: unknown): Promise<T> {
  const text = JSON.stringify(body);
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', e2eVendorSecret).update(`${timestamp}\n${path}\n${text}`).digest('hex');
  const response = await request.post(`/vendor/api/v1${path}`, {
    data: text,
    headers: { 'content-type': 'application/json', 'x-vendor-operator': e2eVendorOperator, 'x-vendor-timestamp': timestamp, 'x-vendor-signature': signature },
  });
  const answer = await response.json() as T & { ok: boolean };
  expect(answer.ok, path).toBe(true);
  return answer;
}

test('a launched player spins a slot and sees game money move', async ({ page, request }, testInfo) => {
  const player = `e2e-${testInfo.project.name}-${Date.now()}`;
  await vendorCall(request, '/transfers/in', { transferId: `e2e-in-${player}`, player, amount: 50_000 });
  const { url } = await vendorCall<{ url: string }>(request, '/launch', { player, gameKey: 'slot-slot_quick-nile-treasure', lang: 'ko' });
  const violations: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') violations.push(message.text()); });
  page.on('pageerror', (error) => violations.push(String(error)));

  await page.goto(url);
  await expect(page.getByRole('heading', { name: '나일의 보물' })).toBeVisible();
  await expect(page.locator('.balance')).toHaveText('50,000');
  await expect(page.locator('.reels img')).toHaveCount(15);

  await page.getByRole('button', { name: '스핀' }).click();
  // The spin is one round: its bet went out and its win came in (a win may equal the bet, leaving the balance as it was).
  const myRounds = async () => (await vendorCall<{ rounds: { player: string; bet: number; win: number }[] }>(request, '/rounds/feed', { after: null, limit: 500 }))
    .rounds.filter((r) => r.player === player);
  await expect.poll(async () => (await myRounds()).length).toBe(1);
  const [round] = await myRounds();
  expect(round!.bet).toBeGreaterThan(0);
  const { balance } = await vendorCall<{ balance: number }>(request, '/players/balance', { player });
  expect(balance).toBe(50_000 - round!.bet + round!.win);
  await expect(page.locator('.balance')).toHaveText(balance.toLocaleString('ko-KR'));

  await page.getByRole('button', { name: '배당표' }).click();
  await expect(page.getByRole('heading', { name: '공정성 검증' })).toBeVisible();
  expect(violations).toEqual([]);
});
