/**
 * Mini games against the real server, at desktop and phone sizes: a member bets on powerball from the
 * bet slip, the round draws (the operator moves the test clock, from noon of today in Seoul, past the draw
 * and runs the scheduler), the bet settles and the header cash and the member's bets follow live; a bet sent after the cutoff
 * (the page still thinks betting is open) is refused; the verifier recomputes a draw in the browser.
 * SHOTS_DIR=<dir> also saves screenshots of the screens.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { factsOf, findSelection, type MiniBoard, type PowerballDraw } from '../../contract/minigames';
import { apiLogin, approvedMember, callApi, expectSignedInAs, isPhone, koText, login, memberWithCash, operator, seoulNoon, setServerClock, test } from './support';

// Rounds are slots of the Seoul day on the server's clock, which the tests move forward from the round they
// take: each test starts at noon of today in Seoul, whatever the hour and whatever an earlier spec did with the
// clock, so that the round it plays falls on the browser's today (the betting list's default range). At the
// real clock it moved a round past Seoul midnight in the last minutes of a day, and the list missed the bet.
test.beforeEach(async ({ request }) => {
  await setServerClock(request, seoulNoon());
});
test.afterAll(async ({ request }) => {
  await setServerClock(request, null);
});

const path = (page: Page, rest: string) => (isPhone(page) ? `/member${rest}` : rest);

async function boardOf(request: APIRequestContext, token: string): Promise<MiniBoard> {
  const answer = await callApi(request, '/api/minigame/board', { game: 'powerball' }, token);
  expect(answer.resultCode).toBe('0');
  return answer.data as MiniBoard;
}

async function setClock(request: APIRequestContext, at: number) {
  await operator(request, 'PUT', '/test/clock', { now: new Date(at).toISOString() });
  await operator(request, 'POST', '/minigames/tick');
}

/** The current round, with the server clock moved (only ever forward) to a few seconds into its betting. */
async function openRound(request: APIRequestContext, token: string) {
  await operator(request, 'POST', '/minigames/tick');
  let board = await boardOf(request, token);
  // Too close to (or past) this round's cutoff: let it draw and take the next one.
  if (!board.round || Date.parse(board.serverNow) + 60_000 > Date.parse(board.round.closesAt)) {
    await setClock(request, Math.max(Date.parse(board.round?.drawsAt ?? board.serverNow), Date.parse(board.serverNow)) + 1_000);
    board = await boardOf(request, token);
  }
  const round = board.round!;
  await setClock(request, Math.max(Date.parse(round.opensAt), Date.parse(board.serverNow)) + 5_000);
  return round;
}

/** Someone else's session to read the board with (the member's own API session ends when they sign in on the page). */
async function observer(request: APIRequestContext): Promise<string> {
  const watcher = await approvedMember(request, 'mobs');
  return (await apiLogin(request, watcher.memId, watcher.memPass)).token;
}

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${isPhone(page) ? 'phone' : 'desktop'}-${name}.png`, fullPage: false });
}

/**
 * After a tap on a pick, the slip shows it where the member is looking: beside the markets on a desktop,
 * in the bar pinned to the bottom of a phone's screen, which opens the slip.
 */
async function openSlip(page: Page, pick: string) {
  if (!isPhone(page)) {
    await expect(page.getByTestId('slip-pick')).toContainText(pick);
    return;
  }
  const bar = page.getByTestId('slip-bar');
  await expect(bar).toBeInViewport({ ratio: 1 });
  await expect(bar).toContainText(pick);
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeCloseTo(page.viewportSize()!.height, 0);
  await shoot(page, 'slip-bar');
  await bar.click();
  await expect(page.getByTestId('bet-slip')).toBeInViewport();
  await expect(page.getByTestId('slip-pick')).toContainText(pick);
}

async function confirmYes(page: Page) {
  await expect(page.getByTestId('confirm')).toBeVisible();
  await page.getByTestId('confirm-yes').click();
}

test('a member bets on powerball, the round draws and settles, the header and the bets follow', async ({ page, request }) => {
  const { member } = await memberWithCash(request, 'mini', 100_000);
  const token = await observer(request);
  const round = await openRound(request, token);
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);

  await page.goto(path(page, '/minigame'));
  await expect(page.getByTestId('mini-card-powerball')).toContainText(koText('mini.phase.betting'));
  await shoot(page, 'lobby');
  await page.getByTestId('mini-card-powerball').click();
  await expect(page.getByTestId('mini-round-no')).toHaveText(koText('mini.round.no').replace('{no}', String(round.roundNo)));
  await expect(page.getByTestId('mini-phase')).toHaveText(koText('mini.phase.betting'));

  await page.getByTestId('pick-pbOddEven-odd').click();
  await openSlip(page, koText('mini.sel.pbOddEven.odd'));
  await page.getByTestId('preset-10000').click();
  await expect(page.getByTestId('slip-payout')).toHaveText('19,500원');
  await shoot(page, 'powerball');
  await page.getByTestId('slip-submit').click();
  await confirmYes(page);
  await expect(page.getByTestId('alert')).toContainText(koText('mini.slip.placed').replace('{round}', String(round.roundNo)));
  await page.getByTestId('alert-ok').click();
  await expect(page.getByTestId('member-cash')).toHaveText('90,000원');
  await expect(page.getByTestId('my-bet-status').first()).toHaveText(koText('mini.bet.wait'));

  // The draw: the clock passes the draw time and the scheduler runs; the page hears it on /topic/powerball/.
  await setClock(request, Date.parse(round.drawsAt) + 1_000);
  const drawn = (await boardOf(request, token)).recent.find((r) => r.roundId === round.roundId)!;
  expect(drawn.status).toBe('settled');
  const won = findSelection('powerball', 'pbOddEven', 'odd')!.selection.wins(factsOf('powerball', drawn.draw as PowerballDraw));
  await expect(page.getByTestId('my-bet-status').first()).toHaveText(koText(won ? 'mini.bet.win' : 'mini.bet.lose'));
  await expect(page.getByTestId('member-cash')).toHaveText(won ? '109,500원' : '90,000원');
  await expect(page.getByTestId('mini-board').getByTestId('mini-draw')).toBeVisible();
  await shoot(page, 'powerball-drawn');

  // The betting list (every product's bets) shows the mini-game bet settled, with SPEC §3's result.
  await page.goto(isPhone(page) ? '/member/betList' : '/mypage/betting/list');
  await expect(page.getByTestId('bet-status').first()).toHaveText(koText(won ? 'front.bet.result.PASS' : 'front.bet.result.FAIL'));
  await expect(page.getByTestId('bet-result-cash').first()).toHaveText(won ? '9,500원' : '-10,000원');
  // Its detail shows the pick and the round's draw, in Korean.
  await page.getByTestId('bet-detail-open').first().click();
  const detail = page.getByTestId('bet-detail-modal');
  await expect(detail.getByTestId('bet-mini-pick')).toContainText(`${koText('mini.market.powerball.pbOddEven')} · ${koText('mini.sel.pbOddEven.odd')} (1.95)`);
  const { normals, powerball } = drawn.draw as PowerballDraw;
  await expect(detail.getByTestId('bet-mini-draw').locator('.mini-ball')).toHaveText([...normals, powerball].map(String));
  await expect(detail.getByTestId('bet-mini-draw')).toContainText(koText(`mini.sel.pbOddEven.${powerball % 2 === 1 ? 'odd' : 'even'}`));
  await shoot(page, 'bet-detail');
  await detail.getByRole('button', { name: koText('front.modal.close') }).click();

  // The results page shows the round with its proof, and the verifier recomputes it in the browser.
  await page.goto(path(page, '/result/mini'));
  await expect(page.getByTestId('mini-result').first()).toBeVisible();
  await shoot(page, 'results');
  await page.getByTestId('verify-link').first().click();
  await page.getByTestId('verify-submit').click();
  await expect(page.getByTestId('verify-hash')).toHaveText(koText('mini.verify.hashOk'));
  await shoot(page, 'verify');
});

test('a bet sent after the cutoff is refused and takes nothing', async ({ page, request }) => {
  const { member } = await memberWithCash(request, 'mcut', 100_000);
  const round = await openRound(request, await observer(request));
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  await page.goto(path(page, '/minigame/powerball'));
  await expect(page.getByTestId('mini-phase')).toHaveText(koText('mini.phase.betting'));
  // The server's clock passes the cutoff; the page has not been told.
  await operator(request, 'PUT', '/test/clock', { now: new Date(Date.parse(round.closesAt) + 1_000).toISOString() });
  await page.getByTestId('pick-sumUnderOver-over').click();
  await openSlip(page, koText('mini.sel.sumUnderOver.over'));
  await page.getByTestId('preset-10000').click();
  await page.getByTestId('slip-submit').click();
  await confirmYes(page);
  await expect(page.getByTestId('alert')).toContainText(koText('api.B0202'));
  await page.getByTestId('alert-ok').click();
  await expect(page.getByTestId('member-cash')).toHaveText('100,000원');
  await expect(page.getByTestId('my-bets')).toHaveCount(0);
});

test('the stake stays after a refusal, and a preset never takes it past the maximum the slip shows', async ({ page, request }) => {
  const { member } = await memberWithCash(request, 'mmax', 100_000);
  await openRound(request, await observer(request));
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  await page.goto(path(page, '/minigame/powerball'));
  await expect(page.getByTestId('mini-phase')).toHaveText(koText('mini.phase.betting'));
  await page.getByTestId('pick-pbUnderOver-under').click();
  await openSlip(page, koText('mini.sel.pbUnderOver.under'));
  const stake = page.getByLabel(koText('mini.slip.amount'));
  await stake.fill('1010000');
  await page.getByTestId('slip-submit').click();
  await confirmYes(page);
  await expect(page.getByTestId('alert')).toContainText(koText('api.B6002'));
  await page.getByTestId('alert-ok').click();
  // The refusal leaves the slip as it was.
  await expect(stake).toHaveValue('1,010,000');
  await expect(page.getByTestId('slip-pick')).toContainText(koText('mini.sel.pbUnderOver.under'));
  // A preset adds, up to the level maximum the slip shows (1,000 ~ 1,000,000), and no further.
  await page.getByTestId('preset-10000').click();
  await expect(stake).toHaveValue('1,000,000');
  await page.getByTestId('preset-50000').click();
  await expect(stake).toHaveValue('1,000,000');
  await expect(page.getByTestId('member-cash')).toHaveText('100,000원');
  await shoot(page, 'slip-max');
});
