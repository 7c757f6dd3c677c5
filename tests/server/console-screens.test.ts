/**
 * The operator reads the console's screens added for issue 22's audit need, and the owner's operator calls:
 * the sportsbook's leagues (with their switch), a board post's comments (deleted ones marked), a mini game's
 * latest rounds, the top partners the tree is browsed from, settlement lines (filtered), a member's game lock
 * and mini-game bet ban in their detail; an operator's role changed and a disabled operator enabled again
 * (owner only, never one's own role, audited with before and after). Bad input answers R003 and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorMiniRound } from '../../contract/admin';
import type { OperatorInfo } from '../../contract/console';
import type { MemberDetail } from '../../contract/membersAdmin';
import type { SettlementLineRow, TopPartnerRow } from '../../contract/partnerAdmin';
import type { OperatorLeague } from '../../contract/sportsAdmin';
import { sportsOf } from '../../server/app';
import { type ConsoleOperator, consoleRequest, firstOwner, newOperator } from './consoleClient';
import { enrolMember, type TestMember } from './fixtures';
import { type TestServer, startTestServer } from './harness';
import { FeedLog, feedFixture } from './sportsFeed';

let server: TestServer;
let owner: ConsoleOperator;
let risk: ConsoleOperator;
let support: ConsoleOperator;
let partnerManager: ConsoleOperator;
beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  owner = await firstOwner(server);
  risk = await newOperator(server, owner, 'screens_risk', 'risk');
  support = await newOperator(server, owner, 'screens_support', 'support');
  partnerManager = await newOperator(server, owner, 'screens_partners', 'partnerManager');
}, 120_000);
afterAll(async () => { await server.close(); });

const auditRows = () => server.count('audit_log');

describe('reads of the console screens', () => {
  it('lists the leagues with their switch and open fixtures', async () => {
    const log = new FeedLog();
    await sportsOf(server.app).ingest.applyMessages(log.add(
      { type: 'fixture', fixture: feedFixture('sc-1', { startsAt: '2031-01-01T10:00:00.000Z' }) },
      { type: 'fixture', fixture: feedFixture('sc-2', { startsAt: '2031-01-01T10:00:00.000Z', status: 'ended' }) },
    ));
    expect((await risk.call('PUT', '/admin/api/sports/leagues/soccer-league', { enabled: false })).status).toBe(200);
    const answer = await risk.call('GET', '/admin/api/sports/leagues');
    expect(answer.status).toBe(200);
    expect((answer.body.list as OperatorLeague[]).find((l) => l.leagueId === 'soccer-league'))
      .toEqual({ leagueId: 'soccer-league', sport: 'soccer', names: { ko: '테스트 리그', en: 'Test League', vi: 'Test League' }, enabled: false, openFixtures: 1 });
    expect((await support.call('GET', '/admin/api/sports/leagues')).body.resultCode).toBe('OP004');
  });

  it("lists a post's comments, a deleted one marked", async () => {
    const writer = await enrolMember(server);
    const post = await support.call('POST', '/admin/api/board/posts', { category: 'notice', title: '공지', content: '본문' });
    expect(post.status, JSON.stringify(post.body)).toBe(200);
    const postId = post.body.boardIdx as number;
    const [first, second] = await server.rows<{ id: number }>(`insert into board_comments (post_id, member_id, content)
      values (${postId}, ${writer.memberId}, '첫 댓글'), (${postId}, ${writer.memberId}, '지울 댓글') returning id::int`);
    expect((await support.call('POST', `/admin/api/board/comments/${second!.id}/delete`)).status).toBe(200);
    const listed = await support.call('GET', `/admin/api/board/posts/${postId}/comments`);
    expect(listed.status).toBe(200);
    const list = listed.body.list as { id: number; memId: string; content: string; deletedAt: string | null }[];
    expect(list.map((c) => [c.id, c.memId, c.content, c.deletedAt !== null])).toEqual([
      [first!.id, writer.memId, '첫 댓글', false], [second!.id, writer.memId, '지울 댓글', true],
    ]);
    expect((await support.call('GET', '/admin/api/board/posts/999999/comments')).body.resultCode).toBe('R404');
    expect((await support.call('GET', '/admin/api/board/posts/x/comments')).body.resultCode).toBe('R003');
  });

  it("lists a mini game's latest rounds, newest first, by status", async () => {
    // A past noon in Seoul: the operators' sessions, made at the real time, stay live.
    await server.admin('PUT', '/admin/api/test/clock', { now: '2026-03-10T03:00:00.000Z' });
    try {
      expect((await server.admin('POST', '/admin/api/minigames/tick')).status).toBe(200);
      const answer = await risk.call('GET', '/admin/api/minigames/rounds?game=powerball');
      expect(answer.status).toBe(200);
      const list = answer.body.list as OperatorMiniRound[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((r) => r.game === 'powerball')).toBe(true);
      expect(list.map((r) => r.id)).toEqual([...list.map((r) => r.id)].sort((a, b) => b - a));
      expect(list[0]).toMatchObject({ bets: 0, stakes: 0 });
      const open = (await risk.call('GET', '/admin/api/minigames/rounds?game=powerball&status=open')).body.list as OperatorMiniRound[];
      expect(open.every((r) => r.status === 'open')).toBe(true);
      for (const query of ['', '?game=nope', '?game=powerball&status=lost']) {
        expect((await risk.call('GET', `/admin/api/minigames/rounds${query}`)).body.resultCode, query).toBe('R003');
      }
    } finally {
      await server.admin('PUT', '/admin/api/test/clock', { now: null });
    }
  });

  it('lists the top partners and settlement lines, filtered', async () => {
    const top = await enrolMember(server);
    const lower = await enrolMember(server);
    expect((await server.admin('POST', `/admin/api/partners/${top.memId}/make`, { level: 'PTN_1', parentMemId: null })).status).toBe(200);
    expect((await server.admin('POST', `/admin/api/partners/${lower.memId}/make`, { level: 'PTN_2', parentMemId: top.memId })).status).toBe(200);
    const tops = await partnerManager.call('GET', `/admin/api/partners?q=${top.memId}`);
    expect(tops.status).toBe(200);
    expect(tops.body.list as TopPartnerRow[]).toEqual([{ memId: top.memId, memNick: expect.any(String), level: 'PTN_1', status: 'active', lowerPartners: 1 }]);
    expect((await partnerManager.call('GET', `/admin/api/partners?q=${lower.memId}`)).body.list).toEqual([]);

    await server.rows(`insert into partner_settlements (partner_id, day, product, bet_count, stake_total, win_total, rolling, losing, carried_in, carried_out, amount, status, settled_at)
      values (${top.memberId}, '2031-01-01', 'slot', 2, 20000, 5000, 300, 0, 0, 0, 300, 'settled', now()),
             (${top.memberId}, '2031-01-02', 'casino', 1, 10000, 0, 100, 500, 0, 0, 600, 'reversed', now()),
             (${lower.memberId}, '2031-01-02', 'slot', 1, 10000, 0, 50, 0, 0, 0, 50, 'settled', now())`);
    const lines = async (query: string) => ((await partnerManager.call('GET', `/admin/api/partners/settlements${query}`)).body.list as SettlementLineRow[])
      .map((l) => [l.memId, l.day, l.product, l.status]);
    expect(await lines(`?memId=${top.memId}`)).toEqual([[top.memId, '2031-01-02', 'casino', 'reversed'], [top.memId, '2031-01-01', 'slot', 'settled']]);
    expect(await lines(`?memId=${top.memId}&status=settled`)).toEqual([[top.memId, '2031-01-01', 'slot', 'settled']]);
    expect(await lines('?from=2031-01-02&to=2031-01-02&status=settled')).toEqual([[lower.memId, '2031-01-02', 'slot', 'settled']]);
    for (const query of ['?from=2031-1-1', '?status=open', '?page=0']) {
      expect((await partnerManager.call('GET', `/admin/api/partners/settlements${query}`)).body.resultCode, query).toBe('R003');
    }
  });

  it("shows a member's game lock and mini-game bet ban in their detail", async () => {
    const member: TestMember = await enrolMember(server);
    const restrictions = async () => ((await risk.call('GET', `/admin/api/members/${member.memId}`)).body as unknown as MemberDetail).restrictions;
    expect(await restrictions()).toMatchObject({ gameLocked: false, miniBetBanned: false });
    await server.admin('PUT', `/admin/api/games/members/${member.memId}/lock`, { locked: true });
    await server.admin('PUT', `/admin/api/minigames/members/${member.memId}/bet-permission`, { allowed: false });
    expect(await restrictions()).toMatchObject({ gameLocked: true, miniBetBanned: true });
  });
});

describe("the owner's operator calls", () => {
  it("changes another operator's role, in force at their next call, audited; never one's own", async () => {
    const staff = await newOperator(server, owner, 'screens_staff', 'support');
    expect((await staff.call('GET', '/admin/api/cash-requests')).body.resultCode).toBe('OP004');
    const changed = await owner.call('POST', '/admin/api/console/operators/screens_staff/role', { role: 'cashier' });
    expect(changed.status).toBe(200);
    expect(changed.body.operator as OperatorInfo).toMatchObject({ operatorId: 'screens_staff', role: 'cashier' });
    expect((await staff.call('GET', '/admin/api/cash-requests')).status).toBe(200);
    expect(await server.rows(`select actor, before, after from audit_log where action = 'operator.role' and target = 'screens_staff'`))
      .toEqual([{ actor: 'owner', before: { role: 'support' }, after: { role: 'cashier' } }]);

    const before = await auditRows();
    expect((await owner.call('POST', '/admin/api/console/operators/owner/role', { role: 'cashier' })).body.resultCode).toBe('OP004');
    expect((await owner.call('POST', '/admin/api/console/operators/screens_staff/role', { role: 'boss' })).body.resultCode).toBe('R003');
    expect((await owner.call('POST', '/admin/api/console/operators/nobody_x/role', { role: 'risk' })).body.resultCode).toBe('OP007');
    expect(await auditRows()).toBe(before);
    const refused = await risk.call('POST', '/admin/api/console/operators/screens_staff/role', { role: 'owner' });
    expect([refused.status, refused.body.resultCode]).toEqual([403, 'OP004']);
  });

  it('enables a disabled operator again, who signs in anew', async () => {
    const staff = await newOperator(server, owner, 'screens_back', 'support');
    expect((await owner.call('POST', '/admin/api/console/operators/screens_back/disable')).status).toBe(200);
    expect((await staff.call('GET', '/admin/api/console/me')).status).toBe(401);
    const enabled = await owner.call('POST', '/admin/api/console/operators/screens_back/enable');
    expect(enabled.body.operator as OperatorInfo).toMatchObject({ operatorId: 'screens_back', status: 'active' });
    // The old session stays ended.
    expect((await staff.call('GET', '/admin/api/console/me')).status).toBe(401);
    const signedIn = await consoleRequest(server, 'POST', '/admin/api/console/sign-in', { operatorId: 'screens_back', password: staff.password, code: staff.recoveryCodes[0] });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(await server.rows(`select before, after from audit_log where action = 'operator.enable'`)).toEqual([{ before: { status: 'disabled' }, after: { status: 'active' } }]);
    expect((await support.call('POST', '/admin/api/console/operators/screens_back/enable')).body.resultCode).toBe('OP004');
    expect((await owner.call('POST', '/admin/api/console/operators/nobody_x/enable')).body.resultCode).toBe('OP007');
  });
});
