/**
 * The partner area, as a partner uses it, at 1280x800 and at 390x844. The operator builds the top of a fresh
 * line (a distributor at the top, with rates) and a member joins it; the partner signs in, opens the area from
 * the header's link (a new tab on the desktop), sees the line (and not a member of another line), gives the
 * member money and takes some back, creates a store under them (/striNew) and changes its rates with the
 * recheck (refused above their own rate, and a second time the same day); the member plays slots on the house
 * vendor, the bets show in the area with the commission they earned, the operator closes the day, the
 * settlement appears and the partner merges the commission into cash. Then the store signs in: it sees its own
 * member and not the head's, and its share of its member's spins.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PARTNER_PRODUCTS } from '../../contract/partner';
import {
  apiLogin, callApi, expectSignedInAs, isPhone, keepSession, koText, latestBetAt, login, memberWithCash, operator, setServerClock, signupForm, test,
  uniqueId,
} from './support';

const SEOUL_OFFSET_MS = 9 * 60 * 60_000;
const SLOT = { vendorKey: 'pragslot', gameType: 'slot', gameKey: 'slot-pragslot-sweet-sugar' };
const STAKE = 1_000;
const SPINS = 3;
/** The head's rates: 1.50 % rolling and 20 % losing on every product. */
const HEAD_ROLLING = 150;
const HEAD_LOSING = 2_000;
/** The store's slot rolling, set at /striNew: 0.50 %, 5 won of each 1,000 won spin (the head keeps the other 10). */
const STORE_SLOT_ROLLING = 50;

const won = (amount: number) => koText('front.money.won').replace('{amount}', amount.toLocaleString('en-US'));
const seoulDay = (at: Date) => new Date(at.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 10);

/** A fresh line: its head (a distributor at the top, with rates and 300,000 won) and a member who joined it. */
async function freshLine(request: APIRequestContext) {
  const { member: head } = await memberWithCash(request, 'phd', 300_000);
  await operator(request, 'POST', `/partners/${head.memId}/make`, { level: 'PTN_4', parentMemId: null });
  const rates = PARTNER_PRODUCTS.flatMap((product) => [
    { product, kind: 'rolling', rateBp: HEAD_ROLLING },
    { product, kind: 'losing', rateBp: HEAD_LOSING },
  ]);
  await operator(request, 'PUT', `/partners/${head.memId}/rates`, { rates });
  const member = { ...signupForm(uniqueId('pmb')), recommenderId: head.memId };
  const signup = await callApi(request, '/api/member/signup', member);
  expect(signup.resultCode, signup.resultMessage).toBe('0');
  await operator(request, 'POST', `/signups/${member.memId}/approve`);
  return { head, member };
}

/**
 * The member plays slot spins on the house vendor with what they hold until `SPINS` of them won or lost (a spin
 * that paid back its stake exactly is a tie, which earns no rolling); answers when every bet is in.
 */
async function memberPlays(request: APIRequestContext, memId: string, memPass: string): Promise<{ betAt: Date; bets: number }> {
  const session = await apiLogin(request, memId, memPass);
  const launched = await callApi(request, '/api/game/getGame', SLOT, session.token);
  expect(launched.resultCode, launched.resultMessage).toBe('0');
  const gameToken = /#s=([^&]+)/.exec((launched.data as { gameurl: string }).gameurl)![1]!;
  let bets = 0;
  for (let decided = 0; decided < SPINS; bets += 1) {
    expect(bets, 'spins that were not all ties').toBeLessThan(20);
    const answer = await (await request.post('/vendor/play/api/spin', { data: { bet: STAKE }, headers: { authorization: `Bearer ${gameToken}` } })).json() as { ok: boolean; win: number };
    expect(answer.ok).toBe(true);
    if (answer.win !== STAKE) decided += 1;
  }
  await expect.poll(async () => {
    const list = await callApi(request, '/api/bet/betlist', { startDate: '2000-01-01 00:00:00', endDate: '2100-01-01 00:00:00', page: 1 }, session.token);
    return (list.data as { pageInfo: { tatal_list_count: number } }).pageInfo.tatal_list_count;
  }, { timeout: 30_000, message: 'the vendor\'s feed brings the spins' }).toBe(bets);
  return { betAt: await latestBetAt(request, session.token), bets };
}

async function answerConfirm(page: Page, text: string | RegExp) {
  await expect(page.getByTestId('confirm')).toContainText(text);
  await page.getByTestId('confirm-yes').click();
}

async function readAlert(page: Page, text: string) {
  await expect(page.getByTestId('alert').getByRole('alert')).toHaveText(text);
  await page.getByTestId('alert-ok').click();
}

/** A picture of the area at this step, kept with the test's output (to look at the dialogs at both sizes). */
async function photograph(area: Page, name: string) {
  await area.screenshot({ path: test.info().outputPath(`${isPhone(area) ? 'phone' : 'desktop'}-${name}.png`) });
}

async function openTab(area: Page, id: string) {
  await area.getByTestId(`partner-tab-${id}`).click();
  await expect(area.getByTestId(`partner-${id}`)).toBeVisible();
}

test('a partner runs their line: money, a lower partner and its rates, bets, settlement and the commission merge', async ({ page, request, context, baseURL }) => {
  test.setTimeout(300_000);
  const { head, member } = await freshLine(request);

  await login(page, head.memId, head.memPass);
  await expectSignedInAs(page, head.memNick);
  let area = page;
  if (isPhone(page)) {
    await page.getByTestId('partner-link').click();
  } else {
    // The desktop opens the area in a tab of its own, without the main header.
    const opened = context.waitForEvent('page');
    await page.getByTestId('partner-link').click();
    area = await opened;
    await expect(area.getByTestId('partner-bar')).toBeVisible();
    await expect(area.locator('header.site-header')).toHaveCount(0);
  }
  await expect(area.getByTestId('summary-level')).toHaveText(koText('front.partner.level.PTN_4'));
  await expect(area.getByTestId('summary-rates-casino-rolling')).toHaveText('1.50%');

  // The line: the member who joined it, and nobody of another line (demo01 is partner01's).
  await openTab(area, 'partnerMemberList');
  const rows = area.getByTestId('line-members-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.getByTestId('line-member-id')).toContainText(member.memId);
  const memberFilter = area.getByTestId('date-range');
  await memberFilter.locator('input[name=memId]').fill('demo01');
  await memberFilter.getByRole('button').click();
  await expect(area.getByText(koText('front.partner.empty.members'))).toBeVisible();
  await memberFilter.locator('input[name=memId]').fill('');
  await memberFilter.getByRole('button').click();

  // Give 50,000, then take 20,000 back.
  await rows.getByTestId('member-give-open').click();
  let dialog = area.getByTestId('move-dialog-give');
  await dialog.getByLabel('금액').fill('50000');
  await photograph(area, 'give-dialog');
  await dialog.getByTestId('move-submit').click();
  await answerConfirm(area, `${member.memId} 회원에게 50,000원을 지급하시겠습니까?`);
  await readAlert(area, `${member.memId} 회원에게 50,000원을 지급했습니다.`);
  await expect(dialog).toBeHidden();
  await expect(rows.getByTestId('line-member-cash')).toHaveText(won(50_000));
  await expect(area.getByTestId('member-cash')).toHaveText(won(250_000));

  await rows.getByTestId('member-take-open').click();
  dialog = area.getByTestId('move-dialog-take');
  await dialog.getByLabel('금액').fill('20000');
  await dialog.getByLabel('메모').fill('회수 테스트');
  await dialog.getByTestId('move-submit').click();
  await answerConfirm(area, `${member.memId} 회원에게서 20,000원을 회수하시겠습니까?`);
  await readAlert(area, `${member.memId} 회원에게서 20,000원을 회수했습니다.`);
  await expect(rows.getByTestId('line-member-cash')).toHaveText(won(30_000));
  await expect(area.getByTestId('member-cash')).toHaveText(won(270_000));

  await openTab(area, 'partnerMoneyMoveList');
  await expect(area.getByTestId('money-moves-row')).toHaveCount(2);
  await expect(area.getByTestId('move-direction')).toHaveText([koText('front.partner.move.take'), koText('front.partner.move.give')]);

  // A store under the partner (/striNew), with a casino rolling of 1.00 %.
  const store = signupForm(uniqueId('pst'));
  await openTab(area, 'striNew');
  const form = area.getByTestId('stri-new-form');
  await expect(area.getByTestId('stri-new-level')).toContainText(koText('front.partner.level.PTN_5'));
  for (const name of ['memId', 'memNick', 'memPass', 'memPassCheck', 'memPhone', 'cashOutPass', 'memName', 'bankacc'] as const) {
    await form.locator(`input[name=${name}]`).fill(store[name]);
  }
  await form.locator('select[name=bank]').selectOption(store.bank);
  await form.getByLabel('카지노 롤링', { exact: true }).fill('1.00');
  await form.getByLabel('슬롯 롤링', { exact: true }).fill('0.50');
  await area.getByTestId('stri-new-submit').click();
  await answerConfirm(area, `${store.memId} 아이디로 매장 파트너를 생성하시겠습니까?`);
  await readAlert(area, `${store.memId} 파트너를 생성했습니다.`);

  // Its rates: refused above the partner's own, then changed with the recheck; a second change waits a day.
  await expect(area.getByTestId('partner-partnerList')).toBeVisible();
  const storeRow = area.getByTestId('lower-partners-row').filter({ hasText: store.memId });
  await storeRow.getByTestId('partner-rates-open').click();
  let editor = area.getByTestId('rate-editor');
  await editor.getByLabel('카지노 롤링', { exact: true }).fill('2');
  await editor.getByTestId('rate-submit').click();
  await readAlert(area, '카지노 롤링 요율은 1.50%를 넘을 수 없습니다.');
  await editor.getByLabel('카지노 롤링', { exact: true }).fill('1.2');
  await photograph(area, 'rate-editor');
  await editor.getByTestId('rate-submit').click();
  await expect(area.getByTestId('confirm')).toBeVisible();
  await photograph(area, 'rate-recheck');
  await answerConfirm(area, '카지노 롤링: 1.00% → 1.20%');
  await readAlert(area, koText('front.partner.rate.done'));
  await expect(editor).toBeHidden();
  await expect(storeRow.getByTestId('partner-rate-pending')).toBeVisible();
  await storeRow.getByTestId('partner-rates-open').click();
  editor = area.getByTestId('rate-editor');
  await expect(editor.getByTestId('rate-rule')).toHaveText(koText('api.PT003'));
  await expect(editor.getByTestId('rate-submit')).toBeDisabled();
  await editor.getByRole('button', { name: koText('front.modal.close') }).click();

  // The member plays; the bets show in the area with what each earned: 1.50 % of 1,000 won is 15 won of rolling.
  const { betAt, bets } = await memberPlays(request, member.memId, member.memPass);
  // The lists start from the browser's today: the day of the bets, whatever the hour.
  await context.clock.setFixedTime(betAt);
  await area.reload();
  await openTab(area, 'partnerBettingList');
  const betRows = area.getByTestId('line-bets-row');
  await expect(betRows).toHaveCount(bets);
  for (const row of await betRows.all()) {
    const tie = (await row.locator('.bet-status').innerText()) === koText('front.bet.result.TIE');
    await expect(row.getByTestId('line-bet-commission')).toContainText(won(tie ? 0 : (STAKE * HEAD_ROLLING) / 10_000));
  }
  await photograph(area, 'bets');

  // The operator closes the bets' day (a past day: the server's clock moves to the next noon for it).
  const day = seoulDay(betAt);
  try {
    await setServerClock(request, new Date(Date.parse(`${day}T03:00:00.000Z`) + 24 * 60 * 60_000));
    await operator(request, 'POST', '/partners/settlements/close', { day });
  } finally {
    await setServerClock(request, null);
  }
  await openTab(area, 'partnerCalculationList');
  const settlement = area.getByTestId('settlements-row');
  await expect(settlement).toHaveCount(1);
  await expect(settlement).toContainText(koText('front.partner.product.slot'));
  const commissionText = await area.getByTestId('calculation-commission').innerText();
  const commission = Number(commissionText.replace(/\D/g, ''));
  expect(commission).toBeGreaterThanOrEqual((SPINS * STAKE * HEAD_ROLLING) / 10_000);

  // The commission moves into the partner's cash through the merge modal's partner variant.
  const cashBefore = Number((await area.getByTestId('member-cash').innerText()).replace(/\D/g, ''));
  await area.getByTestId('calculation-merge').click();
  const modal = area.getByTestId('merge-modal-partner');
  await expect(modal.getByTestId('merge-commission')).toHaveText(won(commission));
  await photograph(area, 'settlement-merge');
  await modal.getByTestId('merge-start').click();
  await modal.getByTestId('merge-confirm').click();
  await expect(modal.getByTestId('merge-complete')).toContainText(won(commission));
  await expect(area.getByTestId('member-cash')).toHaveText(won(cashBefore + commission));
  await expect(area.getByTestId('calculation-commission')).toHaveText(won(0));
  // Today's commissions, read on the bets' day: the suite may pass Seoul midnight after the bets.
  try {
    await setServerClock(request, betAt);
    await openTab(area, 'partnerHome');
    await expect(area.getByTestId('summary-today-rolling')).not.toHaveText(won(0));
  } finally {
    await setServerClock(request, null);
  }
  await photograph(area, 'summary');

  // The store signs in: it sees its own line only (its member, not the head's) and its share of that member's bets.
  const storeMember = { ...signupForm(uniqueId('psm')), recommenderId: store.memId };
  expect((await callApi(request, '/api/member/signup', storeMember)).resultCode).toBe('0');
  await operator(request, 'POST', `/signups/${storeMember.memId}/approve`);
  const headSession = await apiLogin(request, head.memId, head.memPass);
  const given = await callApi(request, '/api/partner/give', { idempotencyKey: `pgive-${storeMember.memId}`, memId: storeMember.memId, amount: 20_000 }, headSession.token);
  expect(given.resultCode, given.resultMessage).toBe('0');
  const played = await memberPlays(request, storeMember.memId, storeMember.memPass);
  await keepSession(context, baseURL!, await apiLogin(request, store.memId, store.memPass));
  await context.clock.setFixedTime(played.betAt);
  await area.goto(isPhone(area) ? '/member/partner/partnerMemberList' : '/partner/partnerMemberList');
  await expect(area.getByTestId('partner-partnerMemberList')).toBeVisible();
  await expect(area.getByTestId('line-members-row')).toHaveCount(1);
  await expect(area.getByTestId('line-member-id')).toContainText(storeMember.memId);
  const storeFilter = area.getByTestId('date-range');
  await storeFilter.locator('input[name=memId]').fill(member.memId);
  await storeFilter.getByRole('button').click();
  await expect(area.getByText(koText('front.partner.empty.members'))).toBeVisible();
  await openTab(area, 'partnerBettingList');
  const storeBets = area.getByTestId('line-bets-row');
  await expect(storeBets).toHaveCount(played.bets);
  for (const row of await storeBets.all()) {
    const tie = (await row.locator('.bet-status').innerText()) === koText('front.bet.result.TIE');
    await expect(row.getByTestId('line-bet-commission')).toHaveText(new RegExp(`^${won(tie ? 0 : (STAKE * STORE_SLOT_ROLLING) / 10_000)} / `));
  }
  await photograph(area, 'store-bets');
  try {
    await setServerClock(request, played.betAt);
    await openTab(area, 'partnerHome');
    await expect(area.getByTestId('summary-level')).toHaveText(koText('front.partner.level.PTN_5'));
    await expect(area.getByTestId('summary-today-rolling')).toHaveText(won((SPINS * STAKE * STORE_SLOT_ROLLING) / 10_000));
  } finally {
    await setServerClock(request, null);
  }
});

test('a member sees a partner\'s give in their own give history', async ({ page, request }) => {
  const { head, member } = await freshLine(request);
  const session = await apiLogin(request, head.memId, head.memPass);
  const give = await callApi(request, '/api/partner/give', { idempotencyKey: `pgive-${member.memId}`, memId: member.memId, amount: 12_000 }, session.token);
  expect(give.resultCode, give.resultMessage).toBe('0');
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  await page.goto(isPhone(page) ? '/member/give' : '/mypage/give');
  const record = page.getByTestId('give-records-row');
  await expect(record).toHaveCount(1);
  await expect(record.getByTestId('give-direction')).toHaveText(koText('front.mypage.give.partnerGive'));
  await expect(record).toContainText(won(12_000));
});

