/**
 * The console's member reads, the kick and the dashboard (issue 22; contract/membersAdmin.ts): the search finds
 * by a fragment and refuses hostile input with R003, writing nothing; a member's balances are the ledger's; the
 * ledger pages and filters; a kick revokes every live session (the member's next call answers TK001), pushes
 * LOGOUT to each and is audited, also in a burst; the dashboard counts today's (Seoul day of the test clock)
 * approved cash, settled bets and the largest open exposures, never yesterday's. Role refusals are the role
 * matrix's (console-roles.test.ts reads OPERATOR_CALLS).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardTotals, MemberDetail, MemberLedger, MemberSearch, MemberSessionRow } from '../../contract/membersAdmin';
import { MEMBER_LEDGER_PAGE_SIZE } from '../../contract/membersAdmin';
import { seoulDay } from '../../server/clock';
import { hashToken } from '../../server/session/service';
import { type ConsoleOperator, firstOwner, newOperator } from './consoleClient';
import { enrolMember, memberBalances, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';

// Seoul noon on each day: never in the banks' maintenance hour.
const DAY0 = '2031-04-02T03:00:00.000Z';
const YESTERDAY = '2031-05-10T03:00:00.000Z';
const TODAY = '2031-05-11T03:00:00.000Z';

let server: TestServer;
let owner: ConsoleOperator;
let support: ConsoleOperator;
beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  expect((await server.admin('PUT', '/admin/api/test/clock', { now: DAY0 })).status).toBe(200);
  owner = await firstOwner(server);
  support = await newOperator(server, owner, 'op_support', 'support');
}, 120_000);
afterAll(async () => { await server.close(); });

let keys = 0;
const key = () => `console-members-${(keys += 1)}`;

/**
 * Cash steps by the automation token: console sessions run on the app's clock, so moving the test clock a month
 * ends the operators' sessions (the dashboard's tests move it).
 */
const step = async (id: number, to: string) => expect((await server.admin('POST', `/admin/api/cash-requests/${id}/${to}`, {})).status).toBe(200);

async function approvedDeposit(m: TestMember, amount: number): Promise<void> {
  const asked = await server.call('cashIn', { idempotencyKey: key(), amount }, { token: m.token });
  expect(asked.resultCode).toBe('0');
  const id = asked.data!.request.requestId;
  for (const to of ['wait', 'approve']) await step(id, to);
}

async function approvedWithdrawal(m: TestMember, amount: number, approve = true): Promise<void> {
  const asked = await server.call('cashOut', { idempotencyKey: key(), amount, cashOutPass: '4321' }, { token: m.token });
  expect(asked.resultCode).toBe('0');
  if (!approve) return;
  const id = asked.data!.request.requestId;
  for (const to of ['wait', 'approve']) await step(id, to);
}

const search = async (query: string) => {
  const answer = await support.call('GET', `/admin/api/members?${query}`);
  return { status: answer.status, code: answer.body.resultCode, body: answer.body as unknown as MemberSearch };
};

describe('member search', () => {
  it('finds a member by a fragment of the id, the nickname or the phone number, newest first, paged', async () => {
    const a = await enrolMember(server, { memId: 'Findme01', memNick: '찾는회원a', memPhone: '010-8123-4567' });
    const b = await enrolMember(server, { memId: 'findme02', memNick: '찾는회원b', memPhone: '010-8123-9999' });
    const ids = (s: MemberSearch) => s.list.map((row) => row.memId);
    expect(ids((await search('q=FINDME')).body)).toEqual([b.memId, a.memId]);
    expect(ids((await search(`q=${encodeURIComponent('는회원a')}`)).body)).toEqual([a.memId]);
    expect(ids((await search(`q=${encodeURIComponent('8123-45')}`)).body)).toEqual([a.memId]);
    expect(ids((await search('q=81239')).body)).toEqual([b.memId]);
    const found = (await search('q=findme01')).body;
    expect(found).toMatchObject({ page: 1, pageSize: 20, total: 1 });
    expect(found.list[0]).toMatchObject({ memId: 'Findme01', memNick: '찾는회원a', memPhone: '01081234567', status: 'active', recommenderId: 'partner01' });
    expect(found.list[0]!.lastLoginAt).not.toBeNull();
    expect((await search('q=findme&status=pending')).body.total).toBe(0);
    // Paging: every member, 20 a page; page 2 holds the rest.
    const all = (await search('')).body;
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect((await search(`page=${Math.ceil(all.total / 20) + 1}`)).body.list).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect((await search('')).body.total).toBeGreaterThan(0);
    expect((await search(`q=${encodeURIComponent('%')}`)).body.total).toBe(0);
    expect((await search('q=_')).body.total).toBe(0);
    expect((await search(`q=${encodeURIComponent('find%01')}`)).body.total).toBe(0);
  });

  it('refuses hostile input with R003 and writes nothing', async () => {
    const audits = await server.count('audit_log');
    for (const query of [
      `q=${encodeURIComponent("' or 1=1 --")}`, `q=${encodeURIComponent('a;drop table members')}`, `q=${encodeURIComponent('a\\')}`,
      `q=${'x'.repeat(41)}`, 'page=0', 'page=-1', 'page=abc', 'status=gone', 'extra=1', `q=${encodeURIComponent('<script>')}`,
    ]) {
      const answer = await search(query);
      expect([answer.status, answer.code, query]).toEqual([400, 'R003', query]);
    }
    expect(await server.count('audit_log')).toBe(audits);
  });
});

describe('a member', () => {
  it("detail: the balances are the ledger's after a deposit, a point grant and a withdrawal held", async () => {
    const m = await enrolMember(server);
    await approvedDeposit(m, 50_000);
    expect((await owner.call('POST', `/admin/api/members/${m.memId}/points`, { amount: 700, reason: 'event' })).status).toBe(200);
    await approvedWithdrawal(m, 20_000, false);
    const answer = await support.call('GET', `/admin/api/members/${m.memId}`);
    expect(answer.status).toBe(200);
    const detail = answer.body as unknown as MemberDetail;
    const ledger = await memberBalances(server, m.memId);
    expect(detail.balances).toEqual({ cash: ledger.cashAmt, points: ledger.pointAmt, held: 20_000, gameMoney: 0 });
    expect(detail.balances.cash).toBe(30_000);
    expect(detail).toMatchObject({
      memId: m.memId, status: 'active', memLevel: '1', partnerLevel: null, recommender: { memId: 'partner01', partnerLevel: 'PTN_4' },
      liveSessions: 1, restrictions: { depositBanned: false, withdrawBanned: false, suspended: false },
      protection: { limitsInForce: 0, breakEndsAt: null },
    });
    expect(detail.lastLoginAt).not.toBeNull();
    const unknown = await support.call('GET', '/admin/api/members/nobody_here');
    expect([unknown.status, unknown.body.resultCode]).toEqual([404, 'U000']);
  });

  it('ledger: pages newest first with each balance after, filtered by Seoul dates', async () => {
    const m = await enrolMember(server);
    await approvedDeposit(m, 10_000);
    for (let i = 1; i <= MEMBER_LEDGER_PAGE_SIZE + 2; i += 1) {
      expect((await owner.call('POST', `/admin/api/members/${m.memId}/points`, { amount: i, reason: 'paging' })).status).toBe(200);
    }
    const page = async (query: string) => (await support.call('GET', `/admin/api/members/${m.memId}/ledger?${query}`));
    const first = (await page('')).body as unknown as MemberLedger;
    expect(first.total).toBe(MEMBER_LEDGER_PAGE_SIZE + 3);
    expect(first.list).toHaveLength(MEMBER_LEDGER_PAGE_SIZE);
    const second = (await page('page=2')).body as unknown as MemberLedger;
    expect(second.list).toHaveLength(3);
    const rows = [...first.list, ...second.list];
    expect(rows[0]).toMatchObject({ currency: 'POINT', amount: MEMBER_LEDGER_PAGE_SIZE + 2, kind: expect.any(String) });
    expect(rows.at(-1)).toMatchObject({ currency: 'KRW', amount: 10_000, balanceAfter: 10_000, kind: 'cash.deposit' });
    const { pointAmt } = await memberBalances(server, m.memId);
    expect(rows[0]!.balanceAfter).toBe(pointAmt);
    const points = rows.filter((row) => row.currency === 'POINT');
    for (let i = 0; i + 1 < points.length; i += 1) expect(points[i]!.balanceAfter - points[i]!.amount).toBe(points[i + 1]!.balanceAfter);
    expect(new Set(rows.map((row) => row.entryId)).size).toBe(rows.length);
    // Entries are dated by the database's own time, not the test's wall clock: the Seoul days they were written on
    // hold them all, the next day none.
    const firstDay = seoulDay(new Date(rows.at(-1)!.at));
    const today = seoulDay(new Date(rows[0]!.at));
    const tomorrow = seoulDay(new Date(Date.parse(rows[0]!.at) + 86_400_000));
    expect(((await page(`from=${firstDay}&to=${today}`)).body as unknown as MemberLedger).total).toBe(MEMBER_LEDGER_PAGE_SIZE + 3);
    expect(((await page(`from=${tomorrow}`)).body as unknown as MemberLedger).total).toBe(0);
    for (const query of [`from=${tomorrow}&to=${today}`, 'from=2031-02-30', 'to=yesterday', 'page=0', 'size=1000']) {
      const refused = await page(query);
      expect([refused.status, refused.body.resultCode, query]).toEqual([400, 'R003', query]);
    }
  });
});

/** A second live session of the member, as another device would hold (the sign-in keeps one; the kick must take every one). */
async function extraSession(m: TestMember): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await server.rows(`insert into sessions (id, member_id, token_hash, expires_at, ip, user_agent)
    values ('${randomUUID()}', ${m.memberId}, '${hashToken(token)}', now() + interval '1 hour', '10.0.0.9', 'second device')`);
  return token;
}

describe('sessions and the kick', () => {
  it('lists the sessions, revokes every live one at once, pushes LOGOUT to each and audits the reason', async () => {
    const m = await enrolMember(server);
    const second = await extraSession(m);
    expect((await server.call('balance', {}, { token: m.token })).resultCode).toBe('0');
    const listed = (await support.call('GET', `/admin/api/members/${m.memId}/sessions`)).body as unknown as { list: MemberSessionRow[] };
    expect(listed.list.map((row) => row.state)).toEqual(['live', 'live']);
    expect(listed.list.find((row) => row.userAgent === 'second device')).toMatchObject({ ip: '10.0.0.9' });
    const liveIds = (await server.rows<{ id: string }>(`select id from sessions where member_id = ${m.memberId} and revoked_at is null`)).map((r) => r.id);

    const kicked = await support.call('POST', `/admin/api/members/${m.memId}/sessions/revoke`, { reason: '계정 도용 의심' });
    expect([kicked.status, kicked.body]).toEqual([200, { revoked: 2 }]);
    for (const token of [m.token, second]) expect((await server.call('balance', {}, { token })).resultCode).toBe('TK001');
    const logouts = server.push.pushed.filter((p) => p.to === 'session' && liveIds.includes(p.target) && p.msg.cmd === 'LOGOUT');
    expect(logouts.map((p) => p.target).sort()).toEqual([...liveIds].sort());
    const [audit] = await server.rows<{ actor: string; role: string; reason: string; detail: { sessions: number } }>(
      `select actor, role, reason, detail from audit_log where action = 'member.sessions.revoke' and target = '${m.memId}'`);
    expect(audit).toEqual({ actor: 'op_support', role: 'support', reason: '계정 도용 의심', detail: { sessions: 2 } });
    const after = (await support.call('GET', `/admin/api/members/${m.memId}/sessions`)).body as unknown as { list: MemberSessionRow[] };
    expect(after.list.map((row) => row.state)).toEqual(['operator', 'operator']);
    // Signing in again works and is a live session.
    expect((await server.login(m.memId, m.memPass)).resultCode).toBe('0');
  });

  it('a burst of 10 parallel kicks revokes once, each audited, one LOGOUT per session', async () => {
    const m = await enrolMember(server);
    const [session] = await server.rows<{ id: string }>(`select id from sessions where member_id = ${m.memberId} and revoked_at is null`);
    const audits = await server.count('audit_log');
    const answers = await Promise.all(Array.from({ length: 10 }, () =>
      support.call('POST', `/admin/api/members/${m.memId}/sessions/revoke`, { reason: 'burst' })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.reduce((sum, a) => sum + (a.body as unknown as { revoked: number }).revoked, 0)).toBe(1);
    expect(await server.count('audit_log')).toBe(audits + 10);
    expect(server.push.pushed.filter((p) => p.target === session!.id && p.msg.cmd === 'LOGOUT')).toHaveLength(1);
    expect((await server.call('balance', {}, { token: m.token })).resultCode).toBe('TK001');
  });

  it('refuses a kick without a reason, or of nobody, writing nothing', async () => {
    const m = await enrolMember(server);
    const audits = await server.count('audit_log');
    for (const body of [{}, { reason: '   ' }, { reason: 5 }, { reason: 'x', extra: 1 }]) {
      const answer = await support.call('POST', `/admin/api/members/${m.memId}/sessions/revoke`, body);
      expect([answer.status, answer.body.resultCode]).toEqual([400, 'R003']);
    }
    const nobody = await support.call('POST', '/admin/api/members/nobody_here/sessions/revoke', { reason: 'x' });
    expect([nobody.status, nobody.body.resultCode]).toEqual([404, 'U000']);
    expect(await server.count('audit_log')).toBe(audits);
    expect((await server.call('balance', {}, { token: m.token })).resultCode).toBe('0');
  });
});

describe('the dashboard', () => {
  async function bet(m: TestMember, group: string, stake: number, win: number, type: string, settledAt: string): Promise<void> {
    const ref = `test:${randomUUID()}`;
    await server.rows(`insert into bets (member_id, group_key, vendor_code, game_key, company, game_name, source_ref, round_id, stake, win, type, placed_at, settled_at)
      values (${m.memberId}, '${group}', 'test', 'test', '{}', '{}', '${ref}', '${ref}', ${stake}, ${win}, '${type}', '${settledAt}', ${type === 'wait' ? 'null' : `'${settledAt}'`})`);
  }

  it("counts today's approved cash, settled bets per product and the largest open exposures, never yesterday's", async () => {
    const m = await enrolMember(server);
    expect((await server.admin('PUT', '/admin/api/test/clock', { now: YESTERDAY })).status).toBe(200);
    await approvedDeposit(m, 300_000);
    await approvedWithdrawal(m, 100_000);
    await bet(m, 'casino', 50_000, 0, 'lose', YESTERDAY);

    expect((await server.admin('PUT', '/admin/api/test/clock', { now: TODAY })).status).toBe(200);
    await approvedDeposit(m, 70_000);
    await approvedWithdrawal(m, 20_000);
    await approvedWithdrawal(await (async () => { const n = await enrolMember(server); await approvedDeposit(n, 10_000); return n; })(), 10_000, false);
    await bet(m, 'casino', 10_000, 4_000, 'lose', TODAY);
    await bet(m, 'casino', 5_000, 0, 'lose', TODAY);
    await bet(m, 'minigame', 5_000, 9_500, 'win', TODAY);
    await bet(m, 'slot', 1_000, 1_000, 'draw', TODAY);
    await bet(m, 'sport', 9_000, 0, 'wait', TODAY);
    await bet(m, 'sport', 3_000, 0, 'cancel', TODAY);
    for (const [i, liability] of [100, 900, 500, 700, 300, 800].entries()) {
      await server.rows(`insert into sport_exposure (selection_id, market_id, fixture_id, stakes, liability, bets) values ('sel${i}', 'mk${i}', 'fx${i}', 10, ${liability}, 1)`);
    }
    await server.rows(`insert into sport_exposure (selection_id, market_id, fixture_id, stakes, liability, bets) values ('settled', 'mk9', 'fx9', 0, 0, 0)`);

    const answer = await server.admin('GET', '/admin/api/dashboard');
    expect(answer.status).toBe(200);
    const totals = answer.body as unknown as DashboardTotals;
    expect(totals.day).toBe('2031-05-11');
    // Today: the deposits of m and n, m's withdrawal approved (n's waits).
    expect(totals.deposits).toEqual({ count: 2, sum: 80_000 });
    expect(totals.withdrawals).toEqual({ count: 1, sum: 20_000 });
    expect(totals.ggr).toEqual([
      { group: 'casino', bets: 2, stakes: 15_000, returns: 4_000, ggr: 11_000 },
      { group: 'slot', bets: 1, stakes: 1_000, returns: 1_000, ggr: 0 },
      { group: 'fishing', bets: 0, stakes: 0, returns: 0, ggr: 0 },
      { group: 'minigame', bets: 1, stakes: 5_000, returns: 9_500, ggr: -4_500 },
      { group: 'sport', bets: 0, stakes: 0, returns: 0, ggr: 0 },
    ]);
    expect(totals.exposures.map((e) => e.liability)).toEqual([900, 800, 700, 500, 300]);
    expect(totals.exposures[0]).toMatchObject({ fixtureId: 'fx1', marketId: 'mk1', selectionId: 'sel1', home: null, away: null });
    const online = Number((await server.rows<{ n: number }>(`select count(distinct member_id)::int as n from sessions
      where revoked_at is null and expires_at > now() and last_seen_at > now() - interval '5 minutes'`))[0]!.n);
    expect(online).toBeGreaterThan(0);
    expect(totals).toMatchObject({ membersOnline: online, onlineMinutes: 5 });
  });

  it('counts a member online once seen, and not after the kick', async () => {
    const online = async () => ((await server.admin('GET', '/admin/api/dashboard')).body as unknown as DashboardTotals).membersOnline;
    const before = await online();
    const m = await enrolMember(server);
    expect((await server.call('balance', {}, { token: m.token })).resultCode).toBe('0');
    expect(await online()).toBe(before + 1);
    expect((await server.admin('POST', `/admin/api/members/${m.memId}/sessions/revoke`, { reason: 'test' })).status).toBe(200);
    expect(await online()).toBe(before);
  });
});
