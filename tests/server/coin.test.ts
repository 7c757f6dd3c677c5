/** USDT: the price call, deposits and withdrawals at a locked price, C801 after a price change, C802. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COIN_PATH } from '../../contract/calls';
import type { ApiAnswer } from '../../contract/codes';
import { siteAuthorization } from '../../contract/constants';
import { open } from '../../contract/envelope';
import type { CashRequest, CoinPrice } from '../../contract/wallet';
import { getMemberBalances } from '../../server/money/ledger';
import { enrolMember, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ testClock: true }); });
afterAll(async () => { await server.close(); });
// Noon in Seoul, away from bank maintenance.
beforeEach(async () => { await server.admin('PUT', '/admin/api/test/clock', { now: '2031-03-10T03:00:00.000Z' }); });

const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
let keys = 0;
const key = () => `coin-key-${(keys += 1)}`;

async function getCoin(query: string, authorization = siteAuthorization(server.config.siteId)): Promise<ApiAnswer<CoinPrice>> {
  const response = await server.app.inject({ method: 'GET', url: `${COIN_PATH}${query}`, headers: { authorization } });
  expect(response.statusCode).toBe(200);
  const opened = open((response.json() as { data: unknown }).data);
  if (!opened.ok) throw new Error('answer did not open');
  return opened.payload as ApiAnswer<CoinPrice>;
}

const newMember = () => enrolMember(server);
const cashOf = async (m: TestMember) => (await getMemberBalances(server.database.db, m.memberId)).cashAmt;

const coinIn = (m: TestMember, usdtAmount: unknown, priceKrw: unknown, idempotencyKey = key()) =>
  server.callUnchecked('coinIn', { idempotencyKey, usdtAmount, priceKrw }, { token: m.token }) as Promise<ApiAnswer<{ request: CashRequest }>>;
const coinOut = (m: TestMember, amount: unknown, priceKrw: unknown, address = ADDRESS, cashOutPass = '4321') =>
  server.callUnchecked('coinOut', { idempotencyKey: key(), amount, priceKrw, address, cashOutPass }, { token: m.token }) as Promise<ApiAnswer<{ request: CashRequest }>>;

async function approve(requestId: number) {
  await server.admin('POST', `/admin/api/cash-requests/${requestId}/wait`);
  return server.admin('POST', `/admin/api/cash-requests/${requestId}/approve`);
}

const setPrice = async (usdtPriceKrw: number) => expect((await server.admin('PUT', '/admin/api/wallet-settings', { usdtPriceKrw })).status).toBe(200);

describe('GET /api/coin', () => {
  it('answers the operator\'s price, when it was set, and the deposit address, sealed', async () => {
    await setPrice(1_450);
    const answer = await getCoin('?symbol=USDT&t=1700000000000');
    expect(answer.resultCode).toBe('0');
    expect(answer.data).toMatchObject({ symbol: 'USDT', priceKrw: 1_450, depositAddress: ADDRESS });
    expect(Date.parse(answer.data!.setAt)).toBe(Date.parse('2031-03-10T03:00:00.000Z'));
  });

  it('refuses an unknown or missing symbol (R003) and a wrong site authorization (R002)', async () => {
    expect((await getCoin('?symbol=BTC')).resultCode).toBe('R003');
    expect((await getCoin('')).resultCode).toBe('R003');
    expect((await getCoin('?symbol=USDT', 'Bearer nope')).resultCode).toBe('R002');
  });
});

describe('USDT deposits', () => {
  it('credits the won amount at the locked price on approval and keeps USDT amount and price on the request', async () => {
    await setPrice(1_400);
    const m = await newMember();
    // 100.5 USDT at 1,400 = 140,700 won: the won unit does not apply to a price-derived amount.
    const answer = await coinIn(m, 100_500_000, 1_400);
    expect(answer.resultCode).toBe('0');
    expect(answer.data!.request).toMatchObject({ cashType: 'coinIn', amount: 140_700, usdtAmount: 100_500_000, priceKrw: 1_400, address: ADDRESS, status: 0 });
    expect((await approve(answer.data!.request.requestId)).status).toBe(200);
    expect(await cashOf(m)).toBe(140_700);
  });

  it('refuses a price that is no longer current (C801) after the operator changes it, and bad amounts (C002), writing nothing', async () => {
    await setPrice(1_400);
    const m = await newMember();
    const price = (await getCoin('?symbol=USDT')).data!.priceKrw;
    await setPrice(1_410);
    const before = await server.count('cash_requests');
    expect((await coinIn(m, 100_000_000, price)).resultCode).toBe('C801');
    expect((await coinIn(m, 100_000_000, 'abc')).resultCode).toBe('C801');
    for (const usdt of [undefined, -1, 1.5, 1e30, '12abc']) expect((await coinIn(m, usdt, 1_410)).resultCode).toBe('C002');
    // 1 micro-USDT is worth 0 won: below the minimum.
    expect((await coinIn(m, 1, 1_410)).resultCode).toBe('C102');
    expect((await coinIn(m, Number.MAX_SAFE_INTEGER, 1_410)).resultCode).toBe('C101');
    expect(await server.count('cash_requests')).toBe(before);
    expect((await coinIn(m, 1_000_000_000, 1_410)).data!.request.amount).toBe(1_410_000);
  });
});

describe('USDT withdrawals', () => {
  it('holds won, pays floor(won * 1e6 / price) micro-USDT to a checked TRC-20 address', async () => {
    await setPrice(1_400);
    const m = await newMember();
    const funded = await coinIn(m, 500_000_000, 1_400);
    await approve(funded.data!.request.requestId);
    expect(await cashOf(m)).toBe(700_000);

    const before = await server.count('cash_requests');
    expect((await coinOut(m, 100_000, 1_400, 'T-not-an-address')).resultCode).toBe('C802');
    expect((await coinOut(m, 100_000, 1_400, `0x${'a'.repeat(40)}`)).resultCode).toBe('C802');
    expect((await coinOut(m, 100_000, 1_390)).resultCode).toBe('C801');
    expect((await coinOut(m, 'lots', 1_400)).resultCode).toBe('C206');
    expect((await coinOut(m, 100_000, 1_400, ADDRESS, '0000')).resultCode).toBe('C008');
    expect((await coinOut(m, 800_000, 1_400)).resultCode).toBe('C202');
    expect(await server.count('cash_requests')).toBe(before);

    const out = await coinOut(m, 100_000, 1_400);
    expect(out.resultCode).toBe('0');
    expect(out.data!.request).toMatchObject({ cashType: 'coinOut', amount: 100_000, priceKrw: 1_400, usdtAmount: 71_428_571, address: ADDRESS });
    expect(await cashOf(m)).toBe(600_000);
    expect((await approve(out.data!.request.requestId)).status).toBe(200);
    expect(await cashOf(m)).toBe(600_000);
  });
});
