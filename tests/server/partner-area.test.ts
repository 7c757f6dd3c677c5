/**
 * The partner area's calls (issue 21) as partners use them: the operator sets a top rate, a partner
 * creates a lower partner with rates within their own, changes its rates once a Seoul day from the next
 * midnight (refused a second time and above their own), settled bets accrue commission up the chain,
 * a day's settlement is written once with a negative losing carried forward, the commission merges into
 * cash, money is given and taken back within the line only, and nothing outside the line is visible.
 * Bad input answers its code and writes nothing. The clock is the test's (Seoul noon, then midnights).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateEntry } from '../../contract/partner';
import { enrolMember, memberBalances, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { checkLedgerInvariants } from './invariants';

const DAY1_NOON = '2031-04-02T03:00:00.000Z'; // 12:00 Seoul, 2 April
const DAY2_START = '2031-04-02T15:00:00.000Z'; // 00:00 Seoul, 3 April
const DAY2_NOON = '2031-04-03T03:00:00.000Z';
const DAY3_NOON = '2031-04-04T03:00:00.000Z';
const DAY4_NOON = '2031-04-05T03:00:00.000Z';

let server: TestServer;
let partnerToken: string;
let store: TestMember;
let player: TestMember;
let direct: TestMember;
let outsider: TestMember;
let keys = 0;
const key = () => `partner-area-key-${(keys += 1)}`;
/** Any day of joining: the lists of partners and members are by the days they joined (today by default), and a
 * member's joining is the database's time, not the test's clock. */
const JOINED = { startDate: '2000-01-01', endDate: '2099-12-31' };

async function setClock(now: string) {
  expect((await server.admin('PUT', '/admin/api/test/clock', { now })).status).toBe(200);
}
async function grant(memberId: number, amount: number) {
  await server.rows(`select ledger_post('grant-${memberId}-${key()}', 'test.grant', array[${memberId}, null]::bigint[], array[null, 'coupons']::text[],
    array['KRW','KRW']::text[], array[${amount}, ${-amount}]::bigint[])`);
}
/** A settled casino bet of `member` at the clock's instant (as a vendor's round arrives). */
async function settledBet(member: TestMember, stake: number, win: number, at: string): Promise<number> {
  const type = win > stake ? 'win' : win === stake ? 'draw' : 'lose';
  const [row] = await server.rows<{ id: string }>(`insert into bets (member_id, group_key, vendor_code, game_key, company, game_name, source_ref, round_id,
    stake, win, type, placed_at, settled_at) values (${member.memberId}, 'casino', '1', 'baccarat', '{"ko":"에볼루션","en":"Evolution","vi":"Evolution"}',
    '{"ko":"바카라","en":"Baccarat","vi":"Baccarat"}', 'test:${key()}', 'r', ${stake}, ${win}, '${type}', '${at}', '${at}') returning id`);
  return Number(row!.id);
}
const casino = (rolling: number, losing: number): RateEntry[] => [
  { product: 'casino', kind: 'rolling', rateBp: rolling }, { product: 'casino', kind: 'losing', rateBp: losing },
];

beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  await setClock(DAY1_NOON);
  partnerToken = (await server.login('partner01', 'partner1234')).data!.token;
  // partner01 (PTN_4, the top of its line) gets its casino rates from the operator.
  const set = await server.admin('PUT', '/admin/api/partners/partner01/rates', { rates: casino(100, 2000) });
  expect(set.body).toMatchObject({ memId: "partner01" });
  const otherTop = await enrolMember(server);
  await server.admin('POST', `/admin/api/partners/${otherTop.memId}/make`, { level: 'PTN_4', parentMemId: null });
  outsider = await enrolMember(server, { recommenderId: otherTop.memId });
  direct = await enrolMember(server);
});
afterAll(async () => { await server.close(); });

describe('the partner line', () => {
  it('lets partner01 create a store one level down with rates within its own, and refuses a rate above them', async () => {
    const form = { memId: 'store0001', memPass: 'pass1234', memPassCheck: 'pass1234', memPhone: '010-7777-0001', bank: '004', memName: '홍길동',
      memNick: '스토어01', bankacc: '77770001', cashOutPass: '4321' };
    const before = await server.count('members');
    const above = await server.call('partnerCreate', { ...form, idempotencyKey: key(), rates: casino(101, 0) }, { token: partnerToken });
    expect(above.resultCode).toBe('PT002');
    expect(await server.count('members')).toBe(before);
    const created = await server.call('partnerCreate', { ...form, idempotencyKey: key(), rates: casino(60, 1000) }, { token: partnerToken });
    expect(created.resultCode).toBe('0');
    expect(created.data!.partner).toMatchObject({ memId: 'store0001', level: 'PTN_5', parentMemId: 'partner01', depth: 1 });
    expect(created.data!.partner.rates.casino).toEqual({ rolling: 60, losing: 1000 });
    const storeToken = (await server.login('store0001', 'pass1234')).data!.token;
    store = { memId: 'store0001', memPass: 'pass1234', token: storeToken, memberId: Number((await server.rows<{ id: string }>(`select id from members where mem_id = 'store0001'`))[0]!.id) };
    // A store creates no lower partners.
    const again = await server.call('partnerCreate', { ...form, memId: 'store0002', idempotencyKey: key() }, { token: storeToken });
    expect(again.resultCode).toBe('PT005');
    player = await enrolMember(server, { recommenderId: 'store0001' });
  });

  it('shows partner01 its whole line and the store only its own; a member of another line is invisible', async () => {
    const partners = await server.call('partnerList', JOINED, { token: partnerToken });
    expect(partners.data!.list.map((p) => p.memId)).toEqual(['store0001']);
    const lineMembers = await server.call('partnerMemberList', { ...JOINED, scope: 'all' }, { token: partnerToken });
    const ids = lineMembers.data!.list.map((m) => m.memId);
    expect(ids).toEqual(expect.arrayContaining([player.memId, direct.memId]));
    expect(ids).not.toContain(outsider.memId);
    const storeMembers = await server.call('partnerMemberList', JOINED, { token: store.token });
    expect(storeMembers.data!.list.map((m) => m.memId)).toEqual([player.memId]);
    expect((await server.call('partnerMemberList', {}, { token: player.token })).resultCode).toBe('PT001');
  });
});

describe('the lists of the line by the days they joined', () => {
  it('lists the lower partners and the members who joined on the days asked, today by default (SPEC §9)', async () => {
    await setClock(DAY4_NOON);
    try {
      // Joined (Seoul): the store and the player on 5 April (today), the direct member on 3 April.
      await server.rows(`update members set created_at = case mem_id when '${direct.memId}' then '2031-04-02T16:00:00Z'::timestamptz
        else '2031-04-04T16:30:00Z'::timestamptz end where mem_id in ('store0001', '${player.memId}', '${direct.memId}')`);
      const ids = (answer: { data?: { list: { memId: string }[] } | null }) => answer.data!.list.map((row) => row.memId).sort();
      expect(ids(await server.call('partnerMemberList', {}, { token: partnerToken }))).toEqual([player.memId]);
      expect(ids(await server.call('partnerMemberList', { startDate: '2031-04-03', endDate: '2031-04-05' }, { token: partnerToken })))
        .toEqual([direct.memId, player.memId].sort());
      expect(ids(await server.call('partnerMemberList', { startDate: '2031-04-03', endDate: '2031-04-04 23:59:59' }, { token: partnerToken }))).toEqual([direct.memId]);
      expect(ids(await server.call('partnerList', {}, { token: partnerToken }))).toEqual(['store0001']);
      expect(ids(await server.call('partnerList', { startDate: '2031-04-01', endDate: '2031-04-04' }, { token: partnerToken }))).toEqual([]);
      expect((await server.call('partnerList', { startDate: '2031-04-05', endDate: '2031-04-01' }, { token: partnerToken })).resultCode).toBe('R003');
    } finally {
      await setClock(DAY1_NOON);
    }
  });
});

describe('rates', () => {
  it('changes a lower partner\'s rate from the next Seoul midnight, once a day, never above the caller\'s own', async () => {
    const changed = await server.call('partnerRateChange', { idempotencyKey: key(), memId: 'store0001', rates: casino(80, 1000) }, { token: partnerToken });
    expect(changed.resultCode).toBe('0');
    expect(changed.data!.pendingFrom).toBe(DAY2_START);
    const second = await server.call('partnerRateChange', { idempotencyKey: key(), memId: 'store0001', rates: casino(70, 1000) }, { token: partnerToken });
    expect(second.resultCode).toBe('PT003');
    const foreign = await server.call('partnerRateChange', { idempotencyKey: key(), memId: outsider.memId, rates: casino(1, 1) }, { token: partnerToken });
    expect(foreign.resultCode).toBe('PT004');
    const bad = await server.callUnchecked('partnerRateChange', { idempotencyKey: key(), memId: 'store0001', rates: [{ product: 'casino', kind: 'rolling', rateBp: 1.5 }] }, { token: partnerToken });
    expect(bad.resultCode).toBe('PT007');
    // Still the old rate until midnight, the new one from it.
    const rates = await server.call('partnerRates', { memId: 'store0001' }, { token: partnerToken });
    expect(rates.data!).toMatchObject({ changedToday: true, rates: { casino: { rolling: 60 } }, pendingRates: { casino: { rolling: 80 } } });
    await setClock('2031-04-02T14:59:59.999Z');
    expect((await server.call('partnerRates', {}, { token: store.token })).data!.rates.casino.rolling).toBe(60);
    await setClock(DAY2_START);
    const mine = await server.call('partnerRates', {}, { token: store.token });
    expect(mine.data!).toMatchObject({ rates: { casino: { rolling: 80 } }, pendingRates: null, changedToday: false, cap: { casino: { rolling: 100 } } });
    const above = await server.call('partnerRateChange', { idempotencyKey: key(), memId: 'store0001', rates: casino(101, 1000) }, { token: partnerToken });
    expect(above.resultCode).toBe('PT002');
    await setClock(DAY1_NOON);
  });

  it('clamps the line below when the operator lowers a partner\'s rate (audited)', async () => {
    await setClock(DAY2_NOON);
    const lowered = await server.admin('PUT', '/admin/api/partners/partner01/rates', { rates: casino(90, 2000) });
    expect(lowered.status).toBe(200);
    expect((await server.call('partnerRates', {}, { token: store.token })).data!.rates.casino.rolling).toBe(80);
    const harder = await server.admin('PUT', '/admin/api/partners/partner01/rates', { rates: casino(50, 2000) });
    expect(harder.status).toBe(200);
    expect((await server.call('partnerRates', {}, { token: store.token })).data!.rates.casino.rolling).toBe(50);
    const audit = await server.rows<{ action: string }>(`select action from audit_log where action = 'partner.rates.clamp'`);
    expect(audit.length).toBeGreaterThan(0);
    await server.admin('PUT', '/admin/api/partners/partner01/rates', { rates: casino(100, 2000) });
  });
});

describe('commission', () => {
  it('accrues up the chain on a settled bet, settles the day once, carries a negative losing forward and merges into cash', async () => {
    await setClock(DAY2_NOON);
    // Rates now: partner01 100 / 2000, store 50 / 1000 (clamped). A lost bet of 10,000.
    const lost = await settledBet(player, 10_000, 0, DAY2_NOON);
    const accrual = await server.admin('GET', `/admin/api/partners/accruals/${lost}`);
    const rows = (accrual.body as unknown as { accruals: { partnerMemId: string; rolling: number; losing: number }[] }).accruals;
    // rolling: partner01 100 - 50 = 50, store 50; losing on 10,000 - 0 - 100 = 9,900: partner01 1,980 - 990, store 990.
    expect(rows.map((r) => [r.partnerMemId, r.rolling, r.losing])).toEqual([['partner01', 50, 990], ['store0001', 50, 990]]);
    // A revised result recomputes the accrual while it is not settled: revised to a tie, nothing; back to the loss, the same again.
    await server.rows(`update bets set type = 'draw', win = 10000 where id = ${lost}`);
    expect(await server.rows(`select 1 from partner_accruals where bet_id = ${lost}`)).toEqual([]);
    await server.rows(`update bets set type = 'lose', win = 0 where id = ${lost}`);
    expect(Number((await server.rows<{ n: string }>(`select count(*) as n from partner_accruals where bet_id = ${lost}`))[0]!.n)).toBe(2);
    await settledBet(player, 10_000, 10_000, DAY2_NOON); // a tie earns nothing
    const bets = await server.call('partnerBettingList', { startDate: '2031-04-03', endDate: '2031-04-03' }, { token: partnerToken });
    expect(bets.data!.list.map((b) => [b.type, b.rolling, b.losing])).toEqual(expect.arrayContaining([['lose', 50, 990], ['draw', 0, 0]]));
    const summary = await server.call('partnerSummary', {}, { token: partnerToken });
    expect(summary.data!.summary.today).toEqual({ rolling: 50, losing: 990 });
    expect(summary.data!.summary.commissionBalance).toBe(0);

    // Day 3: the player wins big; the day's losing is negative and is carried forward.
    await setClock(DAY3_NOON);
    await settledBet(player, 10_000, 50_000, DAY3_NOON); // net -40,100: partner01 floor(-8,020) - floor(-4,010) = -4,010
    const day2 = await server.call('partnerCalculationList', { startDate: '2031-04-01', endDate: '2031-04-05' }, { token: partnerToken });
    expect(day2.data!.list.map((l) => [l.day, l.rolling, l.losing, l.carriedIn, l.carriedOut, l.amount])).toEqual([['2031-04-03', 50, 990, 0, 0, 1040]]);
    await setClock(DAY4_NOON);
    const lines = await server.call('partnerCalculationList', { startDate: '2031-04-01', endDate: '2031-04-05' }, { token: partnerToken });
    expect(lines.data!.list.map((l) => [l.day, l.rolling, l.losing, l.carriedIn, l.carriedOut, l.amount])).toEqual([
      ['2031-04-04', 50, -4010, 0, -4010, 50],
      ['2031-04-03', 50, 990, 0, 0, 1040],
    ]);
    // Written once: closing the same days again writes nothing.
    const close = await server.admin('POST', '/admin/api/partners/settlements/close', { day: '2031-04-04' });
    expect((close.body as unknown as { lines: number }).lines).toBe(0);
    expect((await server.admin('POST', '/admin/api/partners/settlements/close', { day: '2031-04-05' })).status).toBe(400);

    const perMember = await server.call('partnerCalculationUserList', { startDate: '2031-04-01', endDate: '2031-04-05' }, { token: partnerToken });
    expect(perMember.data!.list).toEqual([expect.objectContaining({ memId: player.memId, betCount: 2, rolling: 100, losing: 990 - 4010 })]);

    const cashBefore = (await memberBalances(server, 'partner01')).cashAmt;
    const merge = await server.call('partnerMerge', { idempotencyKey: key() }, { token: partnerToken });
    expect(merge.resultCode).toBe('0');
    expect(merge.data!.merged).toBe(1090);
    expect((await memberBalances(server, 'partner01')).cashAmt).toBe(cashBefore + 1090);
    expect((await server.call('partnerMerge', { idempotencyKey: key() }, { token: partnerToken })).resultCode).toBe('PT006');
  });
});

describe('giving and taking money', () => {
  it('gives to and takes back from a member of the line, recorded for both, and refuses bad input writing nothing', async () => {
    await setClock(DAY4_NOON);
    const partnerId = Number((await server.rows<{ id: string }>(`select id from members where mem_id = 'partner01'`))[0]!.id);
    await grant(partnerId, 100_000);
    const before = await server.count('transfers');
    for (const [payload, code] of [
      [{ memId: player.memId, amount: 0 }, 'C303'],
      [{ memId: player.memId, amount: 'ten' }, 'C303'],
      [{ memId: player.memId, amount: 1.5 }, 'C303'],
      [{ memId: outsider.memId, amount: 1000 }, 'C302'],
      [{ memId: 'partner01', amount: 1000 }, 'C302'],
    ] as const) {
      expect((await server.callUnchecked('partnerGive', { idempotencyKey: key(), ...payload }, { token: partnerToken })).resultCode).toBe(code);
    }
    expect((await server.call('partnerTake', { idempotencyKey: key(), memId: outsider.memId, amount: 1 }, { token: partnerToken })).resultCode).toBe('C402');
    expect((await server.call('partnerGive', { idempotencyKey: key(), memId: player.memId, amount: 1 }, { token: player.token })).resultCode).toBe('PT001');
    expect(await server.count('transfers')).toBe(before);

    const giveKey = key();
    const given = await server.call('partnerGive', { idempotencyKey: giveKey, memId: player.memId, amount: 30_000, note: '이벤트' }, { token: partnerToken });
    expect(given.resultCode).toBe('0');
    expect(given.data!.record).toMatchObject({ direction: 'give', memId: player.memId, amount: 30_000, balanceAfter: 30_000, success: 'Y', note: '이벤트' });
    const replay = await server.call('partnerGive', { idempotencyKey: giveKey, memId: player.memId, amount: 30_000, note: '이벤트' }, { token: partnerToken });
    expect(replay.data!.record.recordId).toBe(given.data!.record.recordId);
    expect((await memberBalances(server, player.memId)).cashAmt).toBe(30_000);

    const tooMuch = await server.call('partnerTake', { idempotencyKey: key(), memId: player.memId, amount: 30_001 }, { token: partnerToken });
    expect(tooMuch.resultCode).toBe('C701');
    const taken = await server.call('partnerTake', { idempotencyKey: key(), memId: player.memId, amount: 10_000 }, { token: partnerToken });
    expect(taken.data!.record).toMatchObject({ direction: 'take', amount: 10_000, balanceAfter: 20_000, success: 'Y' });

    const moves = await server.call('partnerMoneyMoveList', { startDate: '2031-04-05', endDate: '2031-04-05' }, { token: partnerToken });
    expect(moves.data!.list.map((m) => [m.direction, m.amount, m.success])).toEqual([['take', 10_000, 'Y'], ['take', 30_001, 'N'], ['give', 30_000, 'Y']]);
    // The member sees the give and the take in their own history, never the refused take.
    const history = await server.call('giveList', { startDate: '2031-04-05', endDate: '2031-04-05' }, { token: player.token });
    expect(history.data!.list.map((r) => [r.kind, r.direction, r.counterpartId, r.amount, r.cashAfter])).toEqual([
      ['partnerTake', 'sent', 'partner01', 10_000, 20_000],
      ['partnerGive', 'received', 'partner01', 30_000, 30_000],
    ]);
  });

  it('keeps the ledger invariants (the partner line\'s money included)', async () => {
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });

  it('refuses a take of nothing (C403), a suspended partner\'s give and take (C301, C401), writing nothing', async () => {
    const before = await server.count('transfers');
    expect((await server.callUnchecked('partnerTake', { idempotencyKey: key(), memId: player.memId, amount: 0 }, { token: partnerToken })).resultCode).toBe('C403');
    expect((await server.call('partnerTake', { idempotencyKey: key(), memId: player.memId }, { token: partnerToken })).resultCode).toBe('C403');
    await grant(store.memberId, 5_000);
    expect((await server.admin('PUT', '/admin/api/members/store0001/restrictions', { suspended: true })).status).toBe(200);
    const cash = [(await memberBalances(server, 'store0001')).cashAmt, (await memberBalances(server, player.memId)).cashAmt];
    expect((await server.call('partnerGive', { idempotencyKey: key(), memId: player.memId, amount: 1_000 }, { token: store.token })).resultCode).toBe('C301');
    expect((await server.call('partnerTake', { idempotencyKey: key(), memId: player.memId, amount: 1_000 }, { token: store.token })).resultCode).toBe('C401');
    expect([(await memberBalances(server, 'store0001')).cashAmt, (await memberBalances(server, player.memId)).cashAmt]).toEqual(cash);
    expect(await server.count('transfers')).toBe(before);
    expect((await server.admin('PUT', '/admin/api/members/store0001/restrictions', { suspended: false })).status).toBe(200);
  });

  it('refuses a lower partner\'s creation when the operator forbade it (PT005)', async () => {
    expect((await server.admin('PUT', '/admin/api/partners/partner01/permissions', { canCreateLower: false })).body).toMatchObject({ canCreateLower: false });
    const before = await server.count('members');
    const form = { memId: 'store0003', memPass: 'pass1234', memPassCheck: 'pass1234', memPhone: '010-7777-0003', bank: '004', memName: '홍길동',
      memNick: '스토어03', bankacc: '77770003', cashOutPass: '4321' };
    expect((await server.call('partnerCreate', { ...form, idempotencyKey: key() }, { token: partnerToken })).resultCode).toBe('PT005');
    expect((await server.call('partnerSummary', {}, { token: partnerToken })).data!.summary.canCreateLower).toBe(false);
    expect(await server.count('members')).toBe(before);
    await server.admin('PUT', '/admin/api/partners/partner01/permissions', { canCreateLower: true });
  });

  it('refuses a partner the operator stopped from moving money (C601)', async () => {
    await server.admin('PUT', '/admin/api/partners/store0001/permissions', { canMoveMoney: false });
    expect((await server.call('partnerGive', { idempotencyKey: key(), memId: player.memId, amount: 1 }, { token: store.token })).resultCode).toBe('C601');
    await server.admin('PUT', '/admin/api/partners/store0001/permissions', { canMoveMoney: true });
  });
});

describe('the operator\'s reversal and move', () => {
  it('reverses a settlement line: the commission balance drops and the line shows reversed', async () => {
    await setClock(DAY4_NOON);
    // Rates now: partner01 100 / 2000, store 50 / 1000. A lost bet of 100,000: partner01's rolling 500, losing
    // 19,800 - 9,900 = 9,900 on the 99,000, less the 4,010 carried from 4 April: the line pays 6,390.
    await settledBet(player, 100_000, 0, DAY4_NOON);
    await setClock('2031-04-06T03:00:00.000Z');
    expect((await server.call('partnerSummary', {}, { token: partnerToken })).data!.summary.commissionBalance).toBe(6390);
    const lines = await server.call('partnerCalculationList', { startDate: '2031-04-05', endDate: '2031-04-05' }, { token: partnerToken });
    const [line] = lines.data!.list;
    expect([line!.day, line!.carriedIn, line!.amount, line!.status]).toEqual(['2031-04-05', -4010, 6390, 'settled']);

    const reversed = await server.admin('POST', `/admin/api/partners/settlements/${line!.lineId}/reverse`);
    expect([reversed.status, reversed.body]).toEqual([200, { lineId: line!.lineId, status: 'reversed' }]);
    expect((await server.call('partnerSummary', {}, { token: partnerToken })).data!.summary.commissionBalance).toBe(0);
    const after = await server.call('partnerCalculationList', { startDate: '2031-04-05', endDate: '2031-04-05' }, { token: partnerToken });
    expect(after.data!.list.map((l) => [l.lineId, l.status])).toEqual([[line!.lineId, 'reversed']]);
    expect((await server.admin('POST', `/admin/api/partners/settlements/${line!.lineId}/reverse`)).status).toBe(409);
    expect((await server.call('partnerMerge', { idempotencyKey: key() }, { token: partnerToken })).resultCode).toBe('PT006');
  });

  it('moves a partner with its whole line under another partner, its rates clamped to the new parent\'s', async () => {
    const top2 = await enrolMember(server);
    expect((await server.admin('POST', `/admin/api/partners/${top2.memId}/make`, { level: 'PTN_4', parentMemId: null })).status).toBe(200);
    expect((await server.admin('PUT', `/admin/api/partners/${top2.memId}/rates`, { rates: casino(40, 800) })).status).toBe(200);
    expect((await server.call('partnerRates', {}, { token: store.token })).data!.rates.casino).toEqual({ rolling: 50, losing: 1000 });

    const moved = await server.admin('POST', '/admin/api/partners/store0001/move', { parentMemId: top2.memId });
    expect([moved.status, moved.body]).toEqual([200, { memId: 'store0001', parentMemId: top2.memId }]);
    // The store's member moved along: top2 sees both, partner01 neither.
    expect((await server.call('partnerList', JOINED, { token: top2.token })).data!.list.map((p) => [p.memId, p.parentMemId])).toEqual([['store0001', top2.memId]]);
    expect((await server.call('partnerMemberList', JOINED, { token: top2.token })).data!.list.map((m) => m.memId)).toEqual([player.memId]);
    expect((await server.call('partnerList', JOINED, { token: partnerToken })).data!.list).toEqual([]);
    expect((await server.call('partnerMemberList', JOINED, { token: partnerToken })).data!.list.map((m) => m.memId)).not.toContain(player.memId);
    const rates = await server.call('partnerRates', {}, { token: store.token });
    expect(rates.data!).toMatchObject({ rates: { casino: { rolling: 40, losing: 800 } }, cap: { casino: { rolling: 40, losing: 800 } } });
    // A move under its own line is refused.
    expect((await server.admin('POST', `/admin/api/partners/${top2.memId}/move`, { parentMemId: 'store0001' })).body.resultCode).toBe('PT004');
  });

  it('audits each of the operator\'s partner actions', async () => {
    const actions = await server.rows<{ action: string; target: string }>(`select distinct action, target from audit_log where action like 'partner.%'`);
    for (const action of ['partner.make', 'partner.move', 'partner.rates', 'partner.rates.clamp', 'partner.permissions', 'partner.settlement.close',
      'partner.settlement.reverse']) {
      expect({ action, audited: actions.some((row) => row.action === action) }).toEqual({ action, audited: true });
    }
    expect(actions).toContainEqual({ action: 'partner.move', target: 'store0001' });
  });
});
