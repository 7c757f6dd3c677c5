/**
 * Live betting on the virtual games screen, at both sizes, on the mounted house feed driven by the test: the
 * feed's virtual league is held almost still (its speed, a feed setting) from its next kick-off, so nothing moves
 * but what the test moves.
 *
 * - pick → slip → place; while the member confirms, the operator's live margin changes the price (the feed
 *   prices again): the server refuses the old price, the slip asks "배당이 … → …(으)로 변경되었습니다", the member
 *   accepts, the live bet is held ("접수 중") and taken;
 * - a second live bet is held for 25 seconds (the operator's delay) while the league is sped up until a goal lands
 *   and the market reopens at a new price: the bet is refused (B6106; B6102 when the market is still suspended
 *   or the match over at the hold's end) with nothing taken;
 * - the end of the match settles the first bet by itself: the header's cash, the results (with the revealed seed,
 *   checked in the browser) and the betting list show it.
 *
 * The server's clock follows the wall clock the feed plays on (the test sets it so); every setting the test
 * changes is put back at the end.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signedCallHeaders } from '../../contract/gameProviderSigning';
import { FEED_API_PREFIX, FEED_HEADERS } from '../../contract/oddsFeed';
import type { SportFixtureMarkets, SportListAnswer } from '../../contract/sports';
import type { BetItem } from '../../contract/betting';
import { DEFAULT_SLIP_RULES, LIVE_MARGIN_BP } from '../../contract/sports';
import { e2eFeedOperator, e2eFeedSecret } from '../../playwright.config';
import { callApi, isPhone, keepSession, koText, latestBetAt, memberWithCash, operator, rawMessageIds, setServerClock, test } from './support';

const VIRTUAL_LEAGUE = 'vsoccer';
/** The catalogue's speed of the virtual league: ninety minutes of play in two. */
const VIRTUAL_SPEED = 45;
const STILL = 0.1;
const won = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;

/** A signed call of the feed's API, as the site's adapter makes it. */
async function feedCall(request: APIRequestContext, path: string, body: object) {
  const text = JSON.stringify(body);
  const res = await request.post(`/feed${FEED_API_PREFIX}${path}`, {
    headers: signedCallHeaders(FEED_HEADERS, e2eFeedOperator, e2eFeedSecret, `${FEED_API_PREFIX}${path}`, text),
    data: text,
  });
  expect(res.status(), await res.text()).toBe(200);
}
const leagueSpeed = (request: APIRequestContext, speed: number) => feedCall(request, '/settings', { speed: { [VIRTUAL_LEAGUE]: speed } });
const liveDelay = (request: APIRequestContext, seconds: number) =>
  operator(request, 'PUT', '/sports/settings', { rules: { liveDelaySeconds: { ...DEFAULT_SLIP_RULES.liveDelaySeconds, soccer: seconds } } });

async function virtualList(request: APIRequestContext, token: string): Promise<SportFixtureMarkets[]> {
  const answer = await callApi(request, '/api/sport/list', { view: 'virtual', sport: '', leagueId: '' }, token);
  expect(answer.resultCode, answer.resultMessage).toBe('0');
  return (answer.data as SportListAnswer).fixtures;
}

/**
 * The first virtual match that kicks off at `after` (ms) or later, once it is in play with its live prices. `after` is
 * when the league was last held still: a match that kicked off before, while the league ran fast, may have played
 * on (CI once took one that kicked off a second before, and its score and prices ran on through the test).
 */
async function nextKickOff(request: APIRequestContext, token: string, after: number): Promise<SportFixtureMarkets> {
  let found: SportFixtureMarkets | undefined;
  await expect.poll(async () => {
    found = (await virtualList(request, token)).find((f) => f.status === 'live' && Date.parse(f.startsAt) >= after
      && f.markets.some((m) => m.live && m.status === 'open'));
    return found?.fixtureId;
  }, { timeout: 240_000, intervals: [2_000], message: 'the next virtual match kicks off' }).toBeTruthy();
  return found!;
}

/** The fixture as the server holds it now, and one selection's odds (hundredths) and market status in it. */
async function fixtureNow(request: APIRequestContext, token: string, fixtureId: string, selectionId: string) {
  const answer = await callApi(request, '/api/sport/fixture', { fixtureId }, token);
  const { fixture } = answer.data as { fixture: SportFixtureMarkets };
  const market = fixture.markets.find((m) => m.selections.some((one) => one.selectionId === selectionId));
  const goals = fixture.score ? fixture.score.home + fixture.score.away : 0;
  return { fixture, goals, status: market?.status ?? 'closed', odds: market?.selections.find((one) => one.selectionId === selectionId)?.oddsCents ?? 0 };
}
const oddsNow = async (request: APIRequestContext, token: string, fixtureId: string, selectionId: string) =>
  (await fixtureNow(request, token, fixtureId, selectionId)).odds;
const oddsText = (cents: number) => (cents / 100).toFixed(2);

/** An open live 1X2 price of the fixture at 1.50 or more (a single's minimum is 1.30; 1X2 stays open through goals): its button and selection.
 *  Looked for again until found: at kick-off the markets open one after another, so the first open price may not be a 1X2 one.
 *  Not found: the failure says what the server holds of the fixture too (CI once saw a page with no match in play). */
async function livePrice(page: Page, request: APIRequestContext, token: string, fixtureId: string) {
  const buttons = page.getByTestId(`fixture-${fixtureId}`).locator('[data-testid^="price-"]:not([disabled])');
  let found: { button: Locator; selectionId: string } | undefined;
  await expect(async () => {
    const seen: string[] = [];
    for (const button of await buttons.all()) {
      const id = (await button.getAttribute('data-testid'))?.slice('price-'.length) ?? '';
      const odds = Number((await button.locator('.sport-price__odds').innerText()).replace(/[^\d.]/g, ''));
      seen.push(`${id} ${odds}`);
      if (odds >= 1.5 && id.startsWith(`${fixtureId}.l.winner3.match.`)) found = { button, selectionId: id };
    }
    if (found) return;
    const { fixture } = (await callApi(request, '/api/sport/fixture', { fixtureId }, token)).data as { fixture: SportFixtureMarkets };
    const server = `${fixture.status}, ${fixture.score ? `${fixture.score.home}:${fixture.score.away}` : 'no score'}, ${
      fixture.markets.filter((m) => m.live && m.status === 'open').map((m) => m.marketId).join(' ') || 'no open live market'}`;
    expect(found, `an open live 1X2 price of 1.50 or more among: ${seen.join(', ') || 'none shown'} (the server: ${server})`).toBeDefined();
  }).toPass({ timeout: 30_000, intervals: [500] });
  return found!;
}

async function openSlip(page: Page) {
  if (isPhone(page) && !(await page.getByTestId('bet-slip').isVisible())) await page.getByTestId('slip-bar').click();
  return page.getByTestId('bet-slip');
}

test('a live virtual bet: price changed while confirming, accepted after the hold, settled by the match’s end; a second held bet refused by a goal', async ({ page, request, baseURL }) => {
  // Real time: a match with no goal during the hold plays to its end and the next kick-off is waited for (up to 4 min),
  // so one such match besides the one that scores must fit (CI's retry once ran out of 9 minutes on it).
  test.setTimeout(900_000);
  const phone = isPhone(page);
  const { session } = await memberWithCash(request, 'live', 500_000);
  await keepSession(page.context(), baseURL!, session);
  // The server judges kick-offs and holds by its clock: the wall clock the feed plays on.
  await setServerClock(request, null);
  // The live delay and margin this test changes, as they should be: a failed attempt whose request context was closed
  // before its `finally` could restore them left a 30 s delay to its retry, longer than the retry's wait for a bet.
  await liveDelay(request, DEFAULT_SLIP_RULES.liveDelaySeconds.soccer);
  await operator(request, 'PUT', '/sports/margins', { liveMarginBp: LIVE_MARGIN_BP });
  try {
    // The match in play now runs to its end; from the next kick-off the league is held almost still.
    await leagueSpeed(request, 100_000);
    await page.waitForTimeout(2_500);
    await leagueSpeed(request, STILL);
    const stillSince = Date.now();

    await page.goto(phone ? '/member/virtualgame' : '/virtualgame');
    await expect(page.locator('h1')).toHaveText(koText('sport.virtual.title'));
    const fixture = await nextKickOff(request, session.token, stillSince);
    const row = page.getByTestId('virtual-now').getByTestId(`fixture-${fixture.fixtureId}`);
    await expect(row.getByTestId('fixture-score')).toHaveText('0 : 0', { timeout: 30_000 });
    expect(rawMessageIds(await page.locator('main, body').first().innerText())).toEqual([]);

    await test.step('the price moves while the member confirms: asked, accepted, held, taken', async () => {
      const { button, selectionId } = await livePrice(page, request, session.token, fixture.fixtureId);
      const seen = await oddsNow(request, session.token, fixture.fixtureId, selectionId);
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      const slip = await openSlip(page);
      await expect(slip.getByTestId('slip-leg')).toHaveCount(1);
      await slip.getByTestId('sport-preset-10000').click();
      await slip.getByTestId('slip-submit').click();
      await expect(page.getByTestId('confirm')).toBeVisible();
      // The member says yes and the slip leaves with the price it shows; it reaches the server only once the price has
      // moved there (else the topic could bring the moved price to the slip before the yes, as CI once saw).
      let sent!: () => void;
      const sending = new Promise<void>((resolve) => { sent = resolve; });
      let arrive!: () => void;
      const arrival = new Promise<void>((resolve) => { arrive = resolve; });
      await page.route('**/api/bet/betProc', async (route) => { sent(); await arrival; await route.continue(); }, { times: 1 });
      await page.getByTestId('confirm-yes').click();
      await sending;
      // The operator raises the live margin: the feed prices the match again, and the server has the new price.
      await operator(request, 'PUT', '/sports/margins', { liveMarginBp: LIVE_MARGIN_BP + 400 });
      let moved = seen;
      // Four points more margin moves the price by more than the held league's drift of a few hundredths. Within the
      // slip's call time-out (15 s), which runs while its call is held here.
      await expect.poll(async () => Math.abs((moved = await oddsNow(request, session.token, fixture.fixtureId, selectionId)) - seen), { timeout: 12_000 }).toBeGreaterThan(2);
      arrive();
      const prompt = page.getByTestId('confirm');
      await expect(prompt).toContainText(' → ');
      // From the price the slip showed to the server's new one (the held league still drifts a few hundredths).
      const [from, to] = /(\d+\.\d{2}) → (\d+\.\d{2})/.exec(await prompt.innerText())!.slice(1).map((text) => Math.round(Number(text) * 100));
      expect(Math.abs(from! - seen)).toBeLessThanOrEqual(4);
      expect(Math.abs(to! - moved)).toBeLessThanOrEqual(4);
      moved = to!;
      await expect(prompt).toContainText(koText('sport.slip.priceChanged').split('{')[0]!);
      await page.getByTestId('confirm-yes').click();
      // A live bet is held for its sport's delay before the server takes it.
      await expect(page.getByTestId('slip-held')).toBeVisible();
      const placed = page.getByTestId('alert').filter({ hasText: koText('sport.slip.placed').split('{')[0]!.trim() });
      // The held league drifts a hundredth or two: a drift between the prompt and the yes asks again, and the member says
      // yes again (CI once saw 2.77 → 2.81 asked a second time).
      for (let asked = 1; ; asked += 1) {
        await expect(placed.or(prompt.filter({ hasText: ' → ' }))).toBeVisible({ timeout: 20_000 });
        if (await placed.isVisible()) break;
        expect(asked, 'the price held still within three asks').toBeLessThan(3);
        moved = Math.round(Number(/\d+\.\d{2} → (\d+\.\d{2})/.exec(await prompt.innerText())![1]) * 100);
        await page.getByTestId('confirm-yes').click();
      }
      await expect(placed).toContainText(won(Math.floor((10_000 * moved) / 100)));
      await page.getByTestId('alert-ok').click();
      await expect(page.getByTestId('member-cash')).toHaveText(won(490_000));
    });

    await test.step('a second live bet held while a goal lands is refused, nothing taken', async () => {
      await liveDelay(request, 30);
      let target = fixture;
      for (let attempt = 1; ; attempt += 1) {
        // The operator's live margin once more: the feed publishes the match's prices now, so the speed set next
        // counts from here (the play clock runs on from the match's last publication at the speed in force).
        const { selectionId } = await livePrice(page, request, session.token, target.fixtureId);
        const was = await oddsNow(request, session.token, target.fixtureId, selectionId);
        await operator(request, 'PUT', '/sports/margins', { liveMarginBp: LIVE_MARGIN_BP + 400 + 200 * attempt });
        await expect.poll(async () => oddsNow(request, session.token, target.fixtureId, selectionId), { timeout: 20_000 }).not.toBe(was);
        // The page has the moved price (not the server's exact one: a league that drifts on, as CI once saw after an
        // early goal, moves it again meanwhile; the slip asks about any later move below).
        const price = page.getByTestId(`price-${selectionId}`);
        await expect(price.locator('.sport-price__odds')).not.toHaveText(oddsText(was));
        const { goals: before } = await fixtureNow(request, session.token, target.fixtureId, selectionId);
        // On a phone the slip is a sheet over the prices; after a refused attempt it is still open and covers them.
        if (phone && (await page.getByTestId('bet-slip').isVisible())) await page.keyboard.press('Escape');
        await price.click();
        const slip = await openSlip(page);
        await expect(slip.getByTestId('slip-leg')).toHaveCount(1);
        await slip.getByTestId('sport-preset-10000').click();
        await slip.getByTestId('slip-submit').click();
        const sendSlip = async () => {
          const sent = page.waitForRequest((r) => r.url().endsWith('/api/bet/betProc'));
          await page.getByTestId('confirm-yes').click();
          await sent;
        };
        await sendSlip();
        // The slip shows held as it leaves; the server holds it once its first check has run. A goal before that check
        // would be a price change (B6101) and no hold at all (CI once saw it under load), so the league plays on only
        // once 3 s have passed with no price-change question, well inside the 30 s hold. A price that moved after the
        // page showed it (CI once saw 1.96 → 1.80) is asked about, and the member says yes, as in the first step.
        const repriced = page.getByTestId('confirm').filter({ hasText: ' → ' });
        for (let asked = 1; await repriced.waitFor({ state: 'visible', timeout: 3_000 }).then(() => true, () => false); asked += 1) {
          expect(asked, 'the price held still within three asks').toBeLessThan(3);
          await sendSlip();
        }
        await expect(page.getByTestId('slip-held')).toBeVisible();
        // During the hold the league plays on fast until a goal lands; then slowly, until the 1X2 market reopens
        // at its new price, and still again: the hold ends on an open market whose score and version moved.
        await leagueSpeed(request, 400);
        let now = await fixtureNow(request, session.token, target.fixtureId, selectionId);
        await expect.poll(async () => {
          now = await fixtureNow(request, session.token, target.fixtureId, selectionId);
          return now.goals > before || now.fixture.status !== 'live';
        }, { timeout: 12_000, intervals: [250] }).toBe(true).catch(() => undefined);
        const scored = now.goals > before && now.fixture.status === 'live';
        // The story of each attempt, printed with a failure's output.
        console.log(`attempt ${attempt}: ${target.fixtureId} goals ${before} → ${now.goals}, ${now.fixture.status}${scored ? '' : ', no goal during the hold'}`);
        let reopened = false;
        if (scored) {
          await leagueSpeed(request, 20);
          await expect.poll(async () => (await fixtureNow(request, session.token, target.fixtureId, selectionId)).status, { timeout: 8_000, intervals: [250] })
            .toBe('open').then(() => { reopened = true; }, () => undefined);
          await leagueSpeed(request, STILL);
        } else {
          // No goal yet: the match plays to its end and its markets close.
          await leagueSpeed(request, 100_000);
        }
        // Refused: the score and the price moved (B6106); a market still suspended after the goal, or closed at the
        // end of the match (a late goal, or none), is refused first for that (B6102).
        const refusals = reopened ? [koText('api.B6106')] : [koText('api.B6106'), koText('api.B6102')];
        const refused = page.getByTestId('alert').filter({ hasText: new RegExp(refusals.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')) });
        await expect(refused).toBeVisible({ timeout: 40_000 });
        await page.getByTestId('alert-ok').click();
        // The refused stake was never taken (step three checks the cash); the slip keeps the pick.
        await expect((await openSlip(page)).getByTestId('slip-leg')).toHaveCount(1);
        if (scored) break;
        // A seeded match may have no goal (about 7% from kick-off): hold the league still again and take the next.
        expect(attempt, 'a goal landed during the hold in one of three matches').toBeLessThan(3);
        await (await openSlip(page)).getByRole('button', { name: koText('mini.slip.clear') }).click();
        await leagueSpeed(request, STILL);
        target = await nextKickOff(request, session.token, Date.now());
      }
      // The first bet's match plays to its end.
      await leagueSpeed(request, 100_000);
    });

    await test.step('the match’s end settles the first bet: header, results with the verified seed, betting list', async () => {
      let bet: BetItem | undefined;
      await expect.poll(async () => {
        const day = new Date(Date.now() + 9 * 3_600_000);
        const range = (d: Date) => d.toISOString().slice(0, 10);
        const answer = await callApi(request, '/api/bet/betlist', {
          startDate: `${range(new Date(day.getTime() - 86_400_000))} 00:00:00`, endDate: `${range(new Date(day.getTime() + 86_400_000))} 23:59:59`, page: 1,
        }, session.token);
        bet = (answer.data as { list: BetItem[] }).list.find((b) => b.groupKey === 'sport');
        return bet?.type;
      }, { timeout: 30_000, message: 'the bet is settled' }).not.toBe('wait');
      const expected = 490_000 + bet!.winCash;
      await expect(page.getByTestId('member-cash')).toHaveText(won(expected), { timeout: 15_000 });
      if (phone && (await page.getByTestId('bet-slip').isVisible())) await page.keyboard.press('Escape');

      // The virtual games screen lists the match among the finished ones; its seed checks out in the browser.
      const result = page.getByTestId('virtual-results').locator(`[data-fixture="${fixture.fixtureId}"]`);
      await expect(result).toBeVisible({ timeout: 20_000 });
      await result.getByTestId('fixture-proof').locator('summary').click();
      await expect(result.getByTestId('proof-seed')).toHaveText(/^[0-9a-f]{64}$/);
      await result.getByTestId('proof-verify').click();
      await expect(result.getByTestId('proof-answer')).toHaveAttribute('data-status', 'match');

      // The results page too.
      await page.goto(phone ? '/member/result/sport' : '/result/sport');
      const onResults = page.locator(`[data-fixture="${fixture.fixtureId}"]`);
      await expect(onResults).toBeVisible();
      await expect(onResults.getByTestId('result-score')).toHaveText(/^\d+ : \d+$/);
      await onResults.getByTestId('fixture-proof').locator('summary').click();
      await onResults.getByTestId('proof-verify').click();
      await expect(onResults.getByTestId('proof-answer')).toHaveAttribute('data-status', 'match');

      // The betting list: the bet's result and its leg. Its day is the browser's today whatever the hour.
      await page.clock.setFixedTime(await latestBetAt(request, session.token));
      await page.goto(phone ? '/member/betList' : '/mypage/betting/list');
      const list = page.getByTestId('bet-list');
      await expect(list.getByTestId('bet-status').first()).toHaveText(koText(bet!.winCash > 0 ? 'front.bet.result.PASS' : 'front.bet.result.FAIL'));
      await list.getByTestId('bet-detail-open').first().click();
      await expect(page.getByTestId('bet-sport-leg')).toHaveCount(1);
    });
  } finally {
    await leagueSpeed(request, VIRTUAL_SPEED);
    await operator(request, 'PUT', '/sports/margins', { liveMarginBp: LIVE_MARGIN_BP });
    await liveDelay(request, DEFAULT_SLIP_RULES.liveDelaySeconds.soccer);
  }
});
