/**
 * The betting list and a bet's detail at desktop and phone sizes, over slot spins played on the house
 * vendor: a spin that paid back part of its stake has its own result label (not 미적중 beside a
 * payout), its detail words the reels and paying lines in the member's language (never the vendor's
 * English), and a phone lists each bet in three lines.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, approvedMember, callApi, isPhone, keepSession, koText, operator } from './support';

const GAME = { vendorKey: 'pragslot', gameType: 'slot', gameKey: 'slot-pragslot-sweet-sugar' };
const STAKE = 1_000;

interface Spin { ok: boolean; win: number; lineWins: { line: number; count: number; pay: number }[]; scatterWin: number }

/** A member with 50,000 won moved into the slot: answers their session and the game's session token. */
async function memberInSlot(request: APIRequestContext) {
  const member = await approvedMember(request, 'bdet');
  const session = await apiLogin(request, member.memId, member.memPass);
  const deposit = await callApi(request, '/api/cash/in', { idempotencyKey: `dep-${member.memId}`, amount: 50_000, bonusYn: 'N' }, session.token);
  const { requestId } = (deposit.data as { request: { requestId: number } }).request;
  await operator(request, 'POST', `/cash-requests/${requestId}/wait`);
  await operator(request, 'POST', `/cash-requests/${requestId}/approve`);
  const launched = await callApi(request, '/api/game/getGame', GAME, session.token);
  expect(launched.resultCode, launched.resultMessage).toBe('0');
  const gameToken = /#s=([^&]+)/.exec((launched.data as { gameurl: string }).gameurl)![1]!;
  return { session, gameToken };
}

/** Spins until one pays back more than nothing and less than the stake (the spins are the vendor's, so the test waits for one). */
async function spinUntilPartial(request: APIRequestContext, gameToken: string): Promise<Spin> {
  for (let i = 0; i < 45; i += 1) {
    const response = await request.post('/vendor/play/api/spin', { data: { bet: STAKE }, headers: { authorization: `Bearer ${gameToken}` } });
    const spin = await response.json() as Spin;
    expect(spin.ok).toBe(true);
    if (spin.win > 0 && spin.win < STAKE) return spin;
  }
  throw new Error('no partial return in 45 spins');
}

test('a spin that paid back part of its stake is labelled as such, and its detail speaks Korean', async ({ page, request, context, baseURL }) => {
  const { session, gameToken } = await memberInSlot(request);
  const spin = await spinUntilPartial(request, gameToken);
  await keepSession(context, baseURL!, session);

  await page.goto(isPhone(page) ? '/member/betList' : '/mypage/betting/list');
  const rows = page.getByTestId('bet-list-row');
  // The vendor's feed is read every few seconds: search again until the spins are in.
  await expect(async () => {
    await page.getByTestId('date-range').getByRole('button').click();
    await expect(rows.first().getByTestId('bet-result-cash')).toHaveText(`-${(STAKE - spin.win).toLocaleString('ko-KR')}원`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const row = rows.first();
  await expect(row.getByTestId('bet-status')).toHaveText(koText('front.bet.result.PARTIAL'));
  if (isPhone(page)) {
    // A bet is a card of three lines, not a line per column.
    await expect(row.locator('td')).toHaveCount(3);
    expect((await row.boundingBox())!.height).toBeLessThan(160);
  }

  await row.getByTestId('bet-detail-open').click();
  const detail = page.getByTestId('bet-detail-modal');
  await expect(detail.getByTestId('bet-detail-status')).toHaveText(koText('front.bet.result.PARTIAL'));
  const outcome = detail.getByTestId('bet-outcome');
  await expect(outcome).toContainText(koText('front.bet.slot.stops'));
  const wins = detail.getByTestId('bet-slot-wins').locator('li');
  await expect(wins).toHaveCount(spin.lineWins.length + (spin.scatterWin > 0 ? 1 : 0));
  for (const [i, line] of spin.lineWins.entries()) {
    await expect(wins.nth(i)).toContainText(`${line.line + 1}번 라인`);
    await expect(wins.nth(i)).toContainText(`${line.count}개 — ${line.pay.toLocaleString('ko-KR')}원`);
  }
  await expect(outcome).not.toContainText(/stops|pays|line \d/);
  await page.screenshot({ path: `/tmp/shots-mini/${isPhone(page) ? 'phone' : 'desktop'}-slot-detail.png` });
});
