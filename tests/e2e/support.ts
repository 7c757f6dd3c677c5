/** Shared steps for the e2e suite: the operator API, sealed API calls, catalog texts and UI steps. */
import { readFileSync } from 'node:fs';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Frame, type Page } from '@playwright/test';
import { open, seal } from '../../contract/envelope';
import { SITE_ID_DEFAULT, siteAuthorization } from '../../contract/constants';
import { e2eAdminToken } from '../../playwright.config';
import { installShiftedDate } from '../wallClock';

/**
 * Playwright's `test`, with the browsers on the clock guard's wall clock when WALL_CLOCK is set (README, "The
 * clock guard"): the pages' Date reads the time this process and the server read (playwright.config.ts shifts
 * both), and flows on; timers and `performance` stay the browser's own (Playwright's clock.install would fake
 * them too). A spec whose browser reads the date for a rule takes `test` from here.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    const offset = Number(process.env.WALL_CLOCK_OFFSET_MS ?? 0);
    if (offset) await context.addInitScript(installShiftedDate, offset);
    await use(context);
  },
});

const SEOUL_OFFSET_MS = 9 * 60 * 60_000;

/**
 * Noon in Seoul (03:00 UTC) on the Seoul day of `at`: clear of the bank hour (23:30-00:30) and of midnight, and
 * the day the browser calls today (the lists' default range).
 */
export function seoulNoon(at: Date = new Date()): Date {
  return new Date(`${new Date(at.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 10)}T03:00:00.000Z`);
}

/**
 * Sets the server's business clock (TEST_CLOCK: bank hours, Seoul days, rounds), or lets it follow the wall
 * clock again with null. A test of a time rule sets it, so that it passes at any hour.
 */
export async function setServerClock(request: APIRequestContext, now: Date | string | null): Promise<void> {
  await operator(request, 'PUT', '/test/clock', { now: now instanceof Date ? now.toISOString() : now });
}

/**
 * When the member's latest vendor bet was placed (the betting list's `date`), once the vendor's feed has brought
 * it. The vendors stamp their rounds with their own clock, the wall clock, which no test sets: a test that looks
 * for the bet in the betting list (whose default range is the browser's today) puts the browser's clock at this
 * moment (`page.clock.setFixedTime`), so that its today is the bet's Seoul day whatever the hour, and even when
 * Seoul midnight passes between the bet and the list.
 */
export async function latestBetAt(request: APIRequestContext, token: string): Promise<Date> {
  // The Seoul days from yesterday to tomorrow: the bet's day, whichever side of midnight it fell on.
  const day = (shift: number) => new Date(Date.now() + SEOUL_OFFSET_MS + shift * 86_400_000).toISOString().slice(0, 10);
  let placed: string | undefined;
  await expect.poll(async () => {
    const answer = await callApi(request, '/api/bet/betlist', { startDate: `${day(-1)} 00:00:00`, endDate: `${day(1)} 23:59:59`, page: 1 }, token);
    expect(answer.resultCode, answer.resultMessage).toBe('0');
    placed = (answer.data as { list: { date: string }[] }).list[0]?.date;
    return placed;
  }, { timeout: 30_000, message: 'the vendor\'s feed brings the bet' }).toBeTruthy();
  return new Date(placed!);
}

/** The session token the page keeps (its 'token' cookie), for API calls as that member without a second login. */
export async function sessionTokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'token');
  if (!cookie) throw new Error('the page keeps no session');
  return (JSON.parse(decodeURIComponent(cookie.value)) as { token: string }).token;
}

export const CAPTCHA = '1234';

/** Reads a catalog (msgid -> msgstr) so assertions use the texts members actually see. */
export function catalog(locale: 'ko' | 'en' | 'vi'): Map<string, string> {
  const po = readFileSync(new URL(`../../locales/${locale}/messages.po`, import.meta.url), 'utf8');
  const map = new Map<string, string>();
  const entry = /msgid "((?:[^"\\]|\\.)*)"\s*\nmsgstr "((?:[^"\\]|\\.)*)"/g;
  for (const m of po.matchAll(entry)) map.set(m[1], JSON.parse(`"${m[2]}"`));
  return map;
}
const ko = catalog('ko');
export function koText(id: string): string {
  const text = ko.get(id);
  if (!text) throw new Error(`no ko text for ${id}`);
  return text;
}

// The catalogs' namespaces (front, api, mini, ...), from the catalog itself.
const namespaces = [...new Set([...ko.keys()].map((id) => id.split('.')[0]).filter(Boolean))];
const messageIdShape = new RegExp(`\\b(?:${namespaces.join('|')})\\.[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+)*`, 'g');
/** Every text in `text` shaped like a message id ('mini.results.title', 'api.B0095'): a message shown raw. */
export function rawMessageIds(text: string): string[] {
  return [...new Set(text.match(messageIdShape) ?? [])];
}

export async function callApi(request: APIRequestContext, path: string, payload: unknown, token?: string) {
  const headers: Record<string, string> = { authorization: siteAuthorization(SITE_ID_DEFAULT) };
  if (token) headers['x-session-token'] = token;
  const res = await request.post(path, { data: { data: seal(payload, SITE_ID_DEFAULT) }, headers });
  const opened = open((await res.json()).data);
  if (!opened.ok) throw new Error(`unreadable answer from ${path}`);
  return opened.payload as { resultCode: string; resultMessage: string; data: never };
}

export async function operator(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  const res = await request.fetch(`/admin/api${path}`, {
    method,
    headers: { authorization: `Bearer ${e2eAdminToken}` },
    data: body,
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

let serial = 0;
/** A fresh member id per test run, so tests never share a member by accident. */
export function uniqueId(prefix: string): string {
  serial += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${serial}`;
}

export function signupForm(memId: string) {
  const n = `${Date.now()}${serial}`.slice(-8);
  return {
    memId,
    memPass: 'pass1234',
    memPassCheck: 'pass1234',
    memNick: `닉${memId.slice(-8)}`,
    memPhone: `010${n}`,
    cashOutPass: '1234',
    bank: '004',
    memName: '홍길동',
    bankacc: `1002${n}`,
    recommenderId: 'partner01',
  };
}

/** Signs a member up through the API and has the operator approve it. */
export async function approvedMember(request: APIRequestContext, prefix = 'e2e') {
  const memId = uniqueId(prefix);
  const form = signupForm(memId);
  const answer = await callApi(request, '/api/member/signup', form);
  expect(answer.resultCode, answer.resultMessage).toBe('0');
  await operator(request, 'POST', `/signups/${memId}/approve`);
  return form;
}

/** Signs in through the API (a second device, as far as the server knows): the session's token and its end. */
export async function apiLogin(request: APIRequestContext, memId: string, memPass: string): Promise<{ token: string; expiresAt: string }> {
  const captcha = await callApi(request, '/api/common/captcha', {});
  const { captchaId } = captcha.data as { captchaId: string };
  const answer = await callApi(request, '/api/member/login', { memId, memPass, captchaId, captcha: CAPTCHA });
  expect(answer.resultCode, answer.resultMessage).toBe('0');
  return answer.data as { token: string; expiresAt: string };
}

/** A new approved member holding `amount` won (a deposit the operator approved), signed in through the API. */
export async function memberWithCash(request: APIRequestContext, prefix: string, amount: number) {
  const member = await approvedMember(request, prefix);
  const session = await apiLogin(request, member.memId, member.memPass);
  const deposit = await callApi(request, '/api/cash/in', { idempotencyKey: `${prefix}-deposit-${member.memId}`, amount, bonusYn: 'N' }, session.token);
  expect(deposit.resultCode, deposit.resultMessage).toBe('0');
  const { requestId } = (deposit.data as { request: { requestId: number } }).request;
  await operator(request, 'POST', `/cash-requests/${requestId}/wait`);
  await operator(request, 'POST', `/cash-requests/${requestId}/approve`);
  return { member, session };
}

/** Launches a slot through the API as a game button does: the member's held money moves into the game, as game money. */
export async function moneyIntoGame(request: APIRequestContext, token: string) {
  const list = await callApi(request, '/api/game/getGameList', { vendorKey: 'pragslot' });
  const gameKey = (list.data as { games: { key: string }[] }).games[0]!.key;
  const launch = await callApi(request, '/api/game/getGame', { vendorKey: 'pragslot', gameType: 'slot', gameKey }, token);
  expect(launch.resultCode, launch.resultMessage).toBe('0');
}

/**
 * The game in a game window: every game opens in the site's frame page (/slot/game, or its phone path) with the
 * vendor's page in its frame; `game` matches the vendor's page's address.
 */
export async function gameInWindow(window: Page, game: RegExp = /\/vendor\/play\//): Promise<Frame> {
  await expect(window).toHaveURL(/\/slot\/game\?url=/);
  const frame = window.getByTestId('game-frame');
  await expect(frame).toHaveAttribute('src', game);
  const content = await (await frame.elementHandle())!.contentFrame();
  return content!;
}

/** Keeps a session in the browser as the site does (its 'token' cookie), so the next page opens signed in. */
export async function keepSession(context: BrowserContext, baseURL: string, session: { token: string; expiresAt: string }) {
  await context.addCookies([{ name: 'token', value: encodeURIComponent(JSON.stringify(session)), url: baseURL }]);
}

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) <= 600;
}

/** Opens the login form: the header modal on desktop, /login on a phone. */
export async function openLogin(page: Page) {
  if (isPhone(page)) {
    await page.goto('/login');
  } else {
    await page.goto('/');
    await page.getByTestId('header-login').click();
  }
  const form = page.getByTestId('login-form');
  // A member types the captcha they see: wait for the image.
  await expect(form.locator('img')).toBeVisible();
  return form;
}

export async function login(page: Page, memId: string, memPass: string) {
  const form = await openLogin(page);
  await form.locator('input[name=memId]').fill(memId);
  await form.locator('input[name=memPass]').fill(memPass);
  await form.locator('input[name=captcha]').fill(CAPTCHA);
  await form.locator('input[name=captcha]').press('Enter');
}

export async function expectSignedInAs(page: Page, nick: string) {
  await expect(page.getByTestId('member-nick')).toHaveText(nick);
}

/** Waits until the service worker controls the page, as it does for a member who has had the site open before. */
export async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * Opens a path inside the running page, as a link would (the router follows the history), without loading
 * the document again: with no connection a reload is not what a member does when they tap a link.
 */
export async function openInPage(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** A 1x1 PNG: an image the server accepts for a post or a banner (shown scaled to its box's width). */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A fresh approved member, signed in on `page` through the login form. */
export async function signedInMember(page: Page, request: APIRequestContext, prefix: string) {
  const member = await approvedMember(request, prefix);
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  return member;
}
