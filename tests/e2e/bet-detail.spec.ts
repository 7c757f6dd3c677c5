/**
 * The betting list and a bet's detail at desktop and phone sizes, over slot spins played on the house
 * vendor: a spin that paid back part of its stake has its own result label (not 미적중 beside a
 * payout), its detail words the reels and paying lines in the member's language (never the vendor's
 * English), a fishing shot's detail names its fish, wave and result, and a phone lists each bet in three lines.
 * The vendor stamps a bet with the wall clock and the list starts from the browser's today: the browser's clock
 * is put at the bet's moment before the list opens (latestBetAt), so the bet is on its today at any hour.
 */
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { LiveTableState } from '../../contract/games';
import { BACCARAT_TABLES } from '../../gameProvider/games/baccarat/tables';
import { CANNON_STAKES, fishVisible, waveFish } from '../../gameProvider/games/fishing/engine';
import { TEXTS } from '../../gameProvider/games/fishing/page/texts';
import type { SeaState, ShotAnswer } from '../../gameProvider/games/fishing/service';
import { apiLogin, approvedMember, callApi, isPhone, keepSession, koText, latestBetAt, operator, test } from './support';

const GAME = { vendorKey: 'pragslot', gameType: 'slot', gameKey: 'slot-pragslot-sweet-sugar' };
const STAKE = 1_000;

interface Spin { ok: boolean; win: number; lineWins: { line: number; count: number; pay: number }[]; scatterWin: number }

/** A member with 50,000 won moved into a game: answers their session and the game's URL. */
async function memberInGame(request: APIRequestContext, game: { vendorKey: string; gameType: string; gameKey: string }) {
  const member = await approvedMember(request, 'bdet');
  const session = await apiLogin(request, member.memId, member.memPass);
  const deposit = await callApi(request, '/api/cash/in', { idempotencyKey: `dep-${member.memId}`, amount: 50_000, bonusYn: 'N' }, session.token);
  const { requestId } = (deposit.data as { request: { requestId: number } }).request;
  await operator(request, 'POST', `/cash-requests/${requestId}/wait`);
  await operator(request, 'POST', `/cash-requests/${requestId}/approve`);
  const launched = await callApi(request, '/api/game/getGame', game, session.token);
  expect(launched.resultCode, launched.resultMessage).toBe('0');
  const { gameurl } = launched.data as { gameurl: string };
  return { session, gameurl, gameToken: /#s=([^&]+)/.exec(gameurl)![1]! };
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

/** Signs the member in, waits for their one bet to come in from the vendor's feed, and opens its detail on the bet's day. */
async function openOnlyBet(page: Page, context: BrowserContext, baseURL: string, session: Parameters<typeof keepSession>[2]) {
  await page.clock.setFixedTime(await latestBetAt(page.request, session.token));
  await keepSession(context, baseURL, session);
  await page.goto(isPhone(page) ? '/member/betList' : '/mypage/betting/list');
  const rows = page.getByTestId('bet-list-row');
  await expect(async () => {
    await page.getByTestId('date-range').getByRole('button').click();
    await expect(rows).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await rows.first().getByTestId('bet-detail-open').click();
  return page.getByTestId('bet-detail-modal');
}

test('a spin that paid back part of its stake is labelled as such, and its detail speaks Korean', async ({ page, request, context, baseURL }) => {
  const { session, gameToken } = await memberInGame(request, GAME);
  const spin = await spinUntilPartial(request, gameToken);
  // The list's today is the day of the last spin, this one.
  await page.clock.setFixedTime(await latestBetAt(request, session.token));
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

test('a baccarat round’s detail shows both hands, their totals and the winner in Korean', async ({ page, request, context, baseURL }) => {
  test.setTimeout(120_000);
  // The tables' rounds are staggered: sit at one of Evolution's whose betting window has time left.
  const tables = BACCARAT_TABLES.filter((table) => table.brand === 'evolution');
  let table = tables[0]!;
  await expect.poll(async () => {
    for (const candidate of tables) {
      const state = await (await request.get(`/vendor/tables/${candidate.gameKey}/public`)).json() as LiveTableState;
      if (state.round.phase === 'betting' && state.round.bettingEndsAt - state.now > 8_000) {
        table = candidate;
        return true;
      }
    }
    return false;
  }, { timeout: 60_000, intervals: [500] }).toBe(true);
  const { session, gameurl } = await memberInGame(request, { vendorKey: 'evolution', gameType: 'live', gameKey: table.gameKey });
  const game = await context.newPage();
  await game.goto(gameurl);
  await game.locator('.chip[data-chip="10000"]').click();
  await game.locator('.spot[data-spot="banker"]').click();
  await game.locator('.spot[data-spot="banker"]').click();
  await game.getByRole('button', { name: '베팅 확정' }).click();
  await expect(game.getByTestId('balance')).toHaveText('30,000');
  await expect(game.getByTestId('winner')).toBeVisible({ timeout: 45_000 });
  await game.close();

  const detail = await openOnlyBet(page, context, baseURL!, session);
  await expect(detail.getByTestId('bet-hand-player')).toContainText(new RegExp(`^${koText('front.live.player')} ([A2-9JQK]|10)[♠♥♦♣]`));
  await expect(detail.getByTestId('bet-hand-banker')).toContainText(new RegExp(`^${koText('front.live.banker')} ([A2-9JQK]|10)[♠♥♦♣]`));
  await expect(detail.getByTestId('bet-coup-winner')).toContainText(new RegExp(['player', 'banker', 'tie'].map((w) => koText(`front.live.win.${w}`)).join('|')));
  await expect(detail.getByTestId('bet-outcome')).not.toContainText(/\bP |\bB |: (player|banker|tie)/);
  await page.screenshot({ path: `/tmp/shots-mini/${isPhone(page) ? 'phone' : 'desktop'}-baccarat-detail.png` });
});

test('a fishing shot’s detail names its fish, wave and result in Korean', async ({ page, request, context, baseURL }) => {
  const { session, gameToken } = await memberInGame(request, { vendorKey: 'kplayfishing', gameType: 'fishing', gameKey: 'fish-kplayfishing-ocean-king' });
  const play = async <T>(call: string, data: object) =>
    (await (await request.post(`/vendor/play/api/fishing/${call}`, { data, headers: { 'x-play-session': gameToken } })).json()) as { ok: boolean; code?: string } & T;
  // Aim at a fish in the sea now, as the page would (the wave's fish come from its seed).
  let shot: { answer: ShotAnswer; waveNo: number; fishId: number; kind: keyof typeof TEXTS } | null = null;
  for (let i = 0; i < 10 && !shot; i += 1) {
    const sea = await play<SeaState>('state', {});
    for (const wave of sea.waves) {
      const target = waveFish(wave.seed, wave.waveNo).find((fish) => fishVisible(fish, sea.now - wave.startsAt + 500));
      if (!target || shot) continue;
      const answer = await play<ShotAnswer>('shoot', { waveNo: wave.waveNo, fishId: target.id, stake: CANNON_STAKES[0] });
      if (answer.ok) shot = { answer, waveNo: wave.waveNo, fishId: target.id, kind: target.kind };
    }
  }
  expect(shot).not.toBeNull();
  const { answer, waveNo, fishId, kind } = shot!;

  const detail = await openOnlyBet(page, context, baseURL!, session);
  await expect(detail.getByTestId('bet-fish-shot')).toHaveText(`표적 ${TEXTS[kind].ko} (배당 ×${answer.multiplier}) · 웨이브 ${waveNo}, ${fishId}번 물고기`);
  await expect(detail.getByTestId('bet-fish-result')).toHaveText(koText(answer.hit ? 'front.bet.fish.caught' : 'front.bet.fish.escaped'));
  await expect(detail.getByTestId('bet-outcome')).not.toContainText(/caught|escaped|wave/);
  await page.screenshot({ path: `/tmp/shots-fish/${isPhone(page) ? 'phone' : 'desktop'}-fishing-detail.png` });
});
