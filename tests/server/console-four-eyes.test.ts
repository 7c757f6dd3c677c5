/**
 * Four-eyes (issue 22), on a point grant above the operator-set threshold: the call waits (202 OP010), the
 * checker sees the exact payload and approves its hash, the maker can never check, a role not allowed the
 * call cannot, a burst of approvals runs the call once, pending approvals expire (test clock). Then every
 * rule, one row each: the call waits with its action and nothing runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Approval, canonicalJson, roleMayCall } from '../../contract/console';
import { payloadHash } from '../../server/console/approvals';
import { sportsOf } from '../../server/app';
import { FeedLog, feedFixture, feedMarket, feedResult } from './sportsFeed';
import { type TestServer, startTestServer } from './harness';
import { type ConsoleOperator, firstOwner, newOperator } from './consoleClient';
import { enrolMember, memberBalances, type TestMember } from './fixtures';

let server: TestServer;
let owner: ConsoleOperator;
let maker: ConsoleOperator;
let checker: ConsoleOperator;
let third: ConsoleOperator;
let support: ConsoleOperator;
let risk: ConsoleOperator;
let member: TestMember;
beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  owner = await firstOwner(server);
  maker = await newOperator(server, owner, 'maker', 'cashier');
  checker = await newOperator(server, owner, 'checker', 'cashier');
  third = await newOperator(server, owner, 'third', 'cashier');
  support = await newOperator(server, owner, 'helper', 'support');
  risk = await newOperator(server, owner, 'trader', 'risk');
  member = await enrolMember(server);
  expect((await owner.call('PUT', '/admin/api/console/four-eyes', { pointGrantMax: 100_000, expiryMinutes: 5 })).status).toBe(200);
}, 120_000);
afterAll(async () => { await server.close(); });

const points = async () => (await memberBalances(server, member.memId)).pointAmt;
const grant = async (amount: number): Promise<Approval> => {
  const answer = await maker.call('POST', `/admin/api/members/${member.memId}/points`, { amount, reason: 'event prize' });
  expect([answer.status, answer.body.resultCode]).toEqual([202, 'OP010']);
  return answer.body.approval as Approval;
};
const approve = (operator: ConsoleOperator, approval: Approval, hash = approval.payloadHash) =>
  operator.call('POST', `/admin/api/console/approvals/${approval.id}/approve`, { payloadHash: hash });

describe('four-eyes', () => {
  it('a grant at or under the threshold runs at once; above it waits with the exact payload and its hash', async () => {
    expect((await maker.call('POST', `/admin/api/members/${member.memId}/points`, { amount: 100_000, reason: 'small' })).status).toBe(200);
    expect(await points()).toBe(100_000);
    const approval = await grant(250_000);
    expect(await points()).toBe(100_000);
    expect(approval).toMatchObject({
      action: 'pointGrant', status: 'pending', makerId: 'maker', makerRole: 'cashier',
      payload: { call: 'POST /members/:memId/points', params: { memId: member.memId }, body: { amount: 250_000, reason: 'event prize' } },
    });
    expect(approval.payloadHash).toBe(payloadHash(approval.payload));
    expect(canonicalJson(approval.payload)).toContain('"amount":250000');
    const listed = await checker.call('GET', '/admin/api/console/approvals?status=pending');
    expect((listed.body.list as Approval[]).map((a) => a.id)).toContain(approval.id);

    // The maker never checks; a role without the call cannot; another payload's hash is refused.
    expect((await approve(maker, approval)).body.resultCode).toBe('OP009');
    expect((await approve(support, approval)).body.resultCode).toBe('OP004');
    expect((await approve(checker, approval, payloadHash({ ...approval.payload, body: { amount: 2_500_000, reason: 'event prize' } }))).body.resultCode).toBe('OP008');
    expect(await points()).toBe(100_000);

    const approved = await approve(checker, approval);
    expect(approved.status).toBe(200);
    expect(approved.body.approval).toMatchObject({ status: 'executed', checkerId: 'checker' });
    expect(await points()).toBe(350_000);
    const rows = await server.rows<{ actor: string; action: string; approval_id: string | null }>(
      `select actor, action, approval_id from audit_log where approval_id = ${approval.id} order by seq`);
    expect(rows.map((r) => [r.actor, r.action])).toEqual([['maker', 'refused'], ['helper', 'refused'], ['checker', 'approval.approve'], ['maker', 'member.points']]);
    // Decided: a second approval is refused.
    expect((await approve(third, approval)).body.resultCode).toBe('OP008');
  });

  it('a burst of approvals by several checkers runs the call once', async () => {
    const before = await points();
    const approval = await grant(300_000);
    const answers = await Promise.all([checker, third, owner, checker, third, owner, checker, third].map((op) => approve(op, approval)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.resultCode === 'OP008')).toHaveLength(7);
    expect(await points()).toBe(before + 300_000);
  });

  it('the maker may withdraw a request; a rejected one never runs', async () => {
    const before = await points();
    const approval = await grant(400_000);
    const rejected = await maker.call('POST', `/admin/api/console/approvals/${approval.id}/reject`, { reason: 'typo' });
    expect(rejected.body.approval).toMatchObject({ status: 'rejected', reason: 'typo' });
    expect((await approve(checker, approval)).body.resultCode).toBe('OP008');
    expect(await points()).toBe(before);
  });

  it('a pending approval expires', async () => {
    const before = await points();
    const approval = await grant(500_000);
    await server.admin('PUT', '/admin/api/test/clock', { now: new Date(Date.parse(approval.expiresAt) + 1000).toISOString() });
    try {
      expect((await approve(checker, approval)).body.resultCode).toBe('OP008');
      const expired = await checker.call('GET', '/admin/api/console/approvals?status=expired');
      expect((expired.body.list as Approval[]).map((a) => a.id)).toContain(approval.id);
      expect(await points()).toBe(before);
    } finally {
      await server.admin('PUT', '/admin/api/test/clock', { now: null });
    }
  });
});

describe('every rule', () => {
  const log = new FeedLog();
  /** Bets of the fixture fe1: one settled (its result applied), one of fe2 not yet settled. */
  const bets = { settled: 0, open: 0 };
  let withdrawalId = 0;
  let partnerManager: ConsoleOperator;
  let topPartner: TestMember;
  let payee: TestMember;
  const placeBet = async (selectionId: string, oddsCents: number) => {
    const placed = await server.callUnchecked('betProc', {
      idempotencyKey: `four-eyes-${selectionId.replaceAll(".", "-")}`, game: 'sport', legs: [{ selectionId, oddsCents, version: 1 }], amount: 10_000, acceptBetterOdds: false,
    }, { token: member.token });
    expect(placed.resultCode, JSON.stringify(placed)).toBe('0');
    return (await server.rows<{ id: number }>('select id::int from sport_bets order by id desc limit 1'))[0]!.id;
  };

  beforeAll(async () => {
    await server.admin('PUT', '/admin/api/test/clock', { now: '2026-11-23T03:00:00Z' });
    await server.rows(`select ledger_post('four-eyes-cash', 'test.grant', array[${member.memberId}, null]::bigint[], array[null, 'coupons']::text[], array['KRW','KRW']::text[], array[100000, -100000]::bigint[])`);
    const apply = sportsOf(server.app).ingest.applyMessages;
    await apply(log.add(
      { type: 'fixture', fixture: feedFixture('fe1', { startsAt: '2026-11-23T05:00:00.000Z' }) },
      { type: 'market', market: feedMarket('fe1', 'winner3', [210, 330, 350]) },
      { type: 'market', market: feedMarket('fe1', 'total', [185, 195]) },
      { type: 'fixture', fixture: feedFixture('fe2', { startsAt: '2026-11-23T05:00:00.000Z' }) },
      { type: 'market', market: feedMarket('fe2', 'winner3', [210, 330, 350]) },
    ));
    bets.settled = await placeBet('fe1.winner3.home', 210);
    bets.open = await placeBet('fe2.winner3.home', 210);
    await apply(log.add({ type: 'result', result: feedResult('fe1', 1, { 'fe1.winner3': { home: 'win', draw: 'lose', away: 'lose' }, 'fe1.total': { over: 'win', under: 'lose' } }) }));
    expect(await server.rows('select revision from sport_bets where id = ' + bets.settled)).toEqual([{ revision: 1 }]);

    partnerManager = await newOperator(server, owner, 'partnerboss', 'partnerManager');
    topPartner = await enrolMember(server);
    expect((await server.admin('POST', `/admin/api/partners/${topPartner.memId}/make`, { level: 'PTN_1', parentMemId: null })).status).toBe(200);
    // A withdrawal at the threshold, put in progress.
    expect((await owner.call('PUT', '/admin/api/console/four-eyes', { withdrawalMin: 30_000 })).status).toBe(200);
    payee = await enrolMember(server);
    await server.rows(`select ledger_post('four-eyes-payee', 'test.grant', array[${payee.memberId}, null]::bigint[], array[null, 'coupons']::text[], array['KRW','KRW']::text[], array[100000, -100000]::bigint[])`);
    const out = await server.callUnchecked('cashOut', { idempotencyKey: 'four-eyes-out-1', amount: 30_000, cashOutPass: '4321' }, { token: payee.token });
    expect(out.resultCode, JSON.stringify(out)).toBe('0');
    withdrawalId = (out.data as { request: { requestId: number } }).request.requestId;
    expect((await maker.call('POST', `/admin/api/cash-requests/${withdrawalId}/wait`)).status).toBe(200);
    // The restrictions that a lift would take off.
    expect((await server.admin('PUT', `/admin/api/members/${member.memId}/restrictions`, { suspended: true })).status).toBe(200);
    expect((await server.admin('PUT', `/admin/api/games/members/${member.memId}/lock`, { locked: true })).status).toBe(200);
    expect((await server.admin('PUT', `/admin/api/minigames/members/${member.memId}/bet-permission`, { allowed: false })).status).toBe(200);
  });
  afterAll(async () => { await server.admin('PUT', '/admin/api/test/clock', { now: null }); });

  type Row = {
    rule: string; maker: () => ConsoleOperator; method: 'POST' | 'PUT'; url: () => string; body?: unknown; action: Approval['action'];
    /** What must still hold after the call (it did not run). */
    unchanged?: () => Promise<void>;
  };
  const one = async (query: string) => (await server.rows<Record<string, unknown>>(query))[0];
  const rows: Row[] = [
    {
      rule: 'approving a withdrawal at withdrawalMin', maker: () => maker, method: 'POST', url: () => `/admin/api/cash-requests/${withdrawalId}/approve`,
      action: 'withdrawal', unchanged: async () => expect(await one(`select status from cash_requests where id = ${withdrawalId}`)).toEqual({ status: 2 }),
    },
    {
      rule: 'a cash coupon above adjustmentMax (a manual balance adjustment)', maker: () => maker, method: 'POST', url: () => `/admin/api/members/${member.memId}/coupons`,
      body: { name: '보상 쿠폰', kind: 'cash', amount: 1_000_001, expiresAt: '2031-01-01T00:00:00Z' }, action: 'balanceAdjustment',
      unchanged: async () => expect(await one(`select count(*)::int as n from coupons where name = '보상 쿠폰'`)).toEqual({ n: 0 }),
    },
    {
      rule: 'a point grant above pointGrantMax', maker: () => maker, method: 'POST', url: () => `/admin/api/members/${member.memId}/points`,
      body: { amount: 100_001, reason: '이벤트' }, action: 'pointGrant',
    },
    {
      rule: 'a point recovery above pointGrantMax', maker: () => maker, method: 'POST', url: () => `/admin/api/members/${member.memId}/points`,
      body: { amount: -100_001, reason: '회수' }, action: 'pointGrant',
    },
    {
      rule: 'a point coupon above pointGrantMax', maker: () => maker, method: 'POST', url: () => `/admin/api/members/${member.memId}/coupons`,
      body: { name: '포인트 쿠폰', kind: 'point', amount: 100_001, expiresAt: '2031-01-01T00:00:00Z' }, action: 'pointGrant',
      unchanged: async () => expect(await server.rows(`select count(*)::int as n from coupons where name = '포인트 쿠폰'`)).toEqual([{ n: 0 }]),
    },
    {
      rule: 'settlement reversal: voiding a settled bet', maker: () => risk, method: 'POST', url: () => `/admin/api/sports/bets/${bets.settled}/void`,
      action: 'settlementReversal',
      unchanged: async () => expect(await server.rows(`select voided from sport_bets where id = ${bets.settled}`)).toEqual([{ voided: false }]),
    },
    {
      rule: 'settlement reversal: voiding a market of a resulted fixture', maker: () => risk, method: 'POST', url: () => '/admin/api/sports/markets/fe1.total/void',
      action: 'settlementReversal',
      unchanged: async () => expect(await server.rows(`select voided from sport_markets where market_id = 'fe1.total'`)).toEqual([{ voided: false }]),
    },
    {
      rule: "a top partner's rates", maker: () => partnerManager, method: 'PUT', url: () => `/admin/api/partners/${topPartner.memId}/rates`,
      body: { rates: [{ product: 'slot', kind: 'rolling', rateBp: 150 }] }, action: 'partnerTopRate',
    },
    {
      rule: 'a result correction (the fixture has a result)', maker: () => risk, method: 'POST', url: () => '/admin/api/sports/fixtures/fe1/result',
      body: { status: 'final', home: 0, away: 1, markets: [{ marketId: 'fe1.winner3', outcomes: { home: 'lose', draw: 'lose', away: 'win' } }] }, action: 'resultCorrection',
      unchanged: async () => expect(await one(`select result_rev as rev from sport_fixtures where fixture_id = 'fe1'`)).toEqual({ rev: 1 }),
    },
    {
      rule: "a partner settlement's reversal", maker: () => partnerManager, method: 'POST', url: () => '/admin/api/partners/settlements/1/reverse',
      action: 'settlementReversal',
    },
    {
      rule: "the sportsbook's margins (an odds override)", maker: () => risk, method: 'PUT', url: () => '/admin/api/sports/margins',
      body: { liveMarginBp: 900 }, action: 'oddsOverride',
    },
    {
      rule: 'lifting a restriction', maker: () => risk, method: 'PUT', url: () => `/admin/api/members/${member.memId}/restrictions`,
      body: { suspended: false }, action: 'restrictionLift',
      unchanged: async () => expect(await one(`select status from members where id = ${member.memberId}`)).toEqual({ status: 'suspended' }),
    },
    {
      rule: 'taking the game lock off', maker: () => risk, method: 'PUT', url: () => `/admin/api/games/members/${member.memId}/lock`,
      body: { locked: false }, action: 'restrictionLift',
    },
    {
      rule: 'allowing mini-game bets again', maker: () => risk, method: 'PUT', url: () => `/admin/api/minigames/members/${member.memId}/bet-permission`,
      body: { allowed: true }, action: 'restrictionLift',
    },
  ];

  it.each(rows)('$rule waits for a second operator (202 OP010, $action)', async (row) => {
    const answer = await row.maker().call(row.method, row.url(), row.body);
    expect([answer.status, answer.body.resultCode], JSON.stringify(answer.body)).toEqual([202, 'OP010']);
    const approval = answer.body.approval as Approval;
    expect(approval).toMatchObject({ action: row.action, status: 'pending', makerId: row.maker().operatorId });
    expect(approval.payload.body ?? null).toEqual(row.body ?? null);
    await row.unchanged?.();
  });

  it('lists to each operator the approvals their role may check or they made; the owner sees them all', async () => {
    const pending = async (operator: ConsoleOperator) => (await operator.call('GET', '/admin/api/console/approvals?status=pending')).body.list as Approval[];
    const all = await pending(owner);
    expect(new Set(all.map((a) => a.action))).toEqual(new Set(rows.map((r) => r.action)));
    for (const operator of [maker, risk, support, partnerManager]) {
      const theirs = all.filter((a) => roleMayCall(operator.role, a.payload.call) || a.makerId === operator.operatorId).map((a) => a.id);
      expect((await pending(operator)).map((a) => a.id), operator.operatorId).toEqual(theirs);
    }
    expect(await pending(support)).toEqual([]);
    expect(new Set((await pending(risk)).map((a) => a.action))).toEqual(new Set(['settlementReversal', 'resultCorrection', 'oddsOverride', 'restrictionLift']));
  });

  it('writes a refused audit row before answering OP004 or OP009', async () => {
    const grant = (await maker.call('GET', '/admin/api/console/approvals?status=pending')).body.list as Approval[];
    const approval = grant.find((a) => a.payload.call === 'POST /members/:memId/points' && a.makerId === 'maker')!;
    expect((await approve(support, approval)).body.resultCode).toBe('OP004');
    expect((await approve(maker, approval)).body.resultCode).toBe('OP009');
    expect((await support.call('POST', `/admin/api/console/approvals/${approval.id}/reject`, { reason: '아님' })).body.resultCode).toBe('OP004');
    const refusals = await server.rows<{ actor: string; target: string; detail: { approval: string; code: string } }>(
      `select actor, target, detail from audit_log where action = 'refused' and approval_id = ${approval.id} order by seq`);
    expect(refusals).toEqual([
      { actor: 'helper', target: 'POST /members/:memId/points', detail: { approval: 'approve', code: 'OP004' } },
      { actor: 'maker', target: 'POST /members/:memId/points', detail: { approval: 'approve', code: 'OP009' } },
      { actor: 'helper', target: 'POST /members/:memId/points', detail: { approval: 'reject', code: 'OP004' } },
    ]);
    expect((await maker.call('GET', `/admin/api/console/approvals?status=pending`)).body.list).toContainEqual(expect.objectContaining({ id: approval.id, status: 'pending' }));
  });

  it('the same calls run at once under their thresholds or before settlement', async () => {
    const coupon = await maker.call('POST', `/admin/api/members/${member.memId}/coupons`, { name: '작은 쿠폰', kind: 'point', amount: 100_000, expiresAt: '2031-01-01T00:00:00Z' });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(200);
    const cashCoupon = await maker.call('POST', `/admin/api/members/${member.memId}/coupons`, { name: '작은 쿠폰', kind: 'cash', amount: 1_000_000, expiresAt: '2031-01-01T00:00:00Z' });
    expect(cashCoupon.status, JSON.stringify(cashCoupon.body)).toBe(200);
    // Setting a restriction waits for nobody; only its lift does.
    expect((await risk.call('PUT', `/admin/api/games/members/${member.memId}/lock`, { locked: true })).status).toBe(200);
    expect((await risk.call('PUT', `/admin/api/minigames/members/${member.memId}/bet-permission`, { allowed: false })).status).toBe(200);
    expect((await risk.call('POST', `/admin/api/sports/bets/${bets.open}/void`)).status).toBe(200);
    expect((await risk.call('POST', '/admin/api/sports/markets/fe2.winner3/void')).status).toBe(200);
  });
});
