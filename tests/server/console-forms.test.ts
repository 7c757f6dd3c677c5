/**
 * The operator reads the console's forms edit from (issue 22): notices and FAQ listed for editing in place,
 * fixtures listed and opened for the result form, a partner's line with its own rates. Each answers its
 * role only (the rest OP004, audited: the role matrix of console-roles.test.ts covers every call), bad input
 * answers R003 and writes nothing, and a correction of a settled result waits for four-eyes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Approval } from '../../contract/console';
import type { SupportPost } from '../../contract/support';
import type { OperatorFixtureDetail, OperatorFixturePage } from '../../contract/sportsAdmin';
import { sportsOf } from '../../server/app';
import { type TestServer, startTestServer } from './harness';
import { type ConsoleOperator, firstOwner, newOperator } from './consoleClient';
import { enrolMember } from './fixtures';
import { FeedLog, feedFixture, feedMarket } from './sportsFeed';

let server: TestServer;
let owner: ConsoleOperator;
let support: ConsoleOperator;
let risk: ConsoleOperator;
let risk2: ConsoleOperator;
let partners: ConsoleOperator;
const log = new FeedLog();

beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  owner = await firstOwner(server);
  support = await newOperator(server, owner, 'forms_support', 'support');
  risk = await newOperator(server, owner, 'forms_risk', 'risk');
  risk2 = await newOperator(server, owner, 'forms_risk2', 'risk');
  partners = await newOperator(server, owner, 'forms_partners', 'partnerManager');
}, 120_000);
afterAll(async () => { await server.close(); });

const auditRows = async () => Number((await server.rows<{ n: number }>('select count(*)::int as n from audit_log'))[0]!.n);

describe('notices and FAQ', () => {
  it('lists newest first, filters by title, edits and deletes in place', async () => {
    for (const board of ['notices', 'faq'] as const) {
      const ids: number[] = [];
      for (const title of [`${board} 점검 안내`, `${board} 이벤트 100%`]) {
        const made = await support.call('POST', `/admin/api/${board}`, { title, content: '본문' });
        expect(made.status, JSON.stringify(made.body)).toBe(200);
        ids.push((made.body.post as SupportPost).boardIdx);
      }
      const listed = await support.call('GET', `/admin/api/${board}`);
      expect(listed.status).toBe(200);
      expect((listed.body.list as SupportPost[]).map((p) => p.boardIdx).slice(0, 2)).toEqual([...ids].reverse());
      // The term is taken literally ('%' is no wildcard).
      const found = await support.call('GET', `/admin/api/${board}?q=${encodeURIComponent('100%')}`);
      expect((found.body.list as SupportPost[]).map((p) => p.boardIdx)).toEqual([ids[1]]);

      const edited = await support.call('PUT', `/admin/api/${board}/${ids[0]}`, { title: '고친 제목', content: '고친 본문' });
      expect(edited.status).toBe(200);
      const after = (await support.call('GET', `/admin/api/${board}`)).body.list as SupportPost[];
      expect(after.find((p) => p.boardIdx === ids[0])).toMatchObject({ title: '고친 제목', content: '고친 본문' });

      expect((await support.call('DELETE', `/admin/api/${board}/${ids[1]}`)).status).toBe(200);
      const left = ((await support.call('GET', `/admin/api/${board}`)).body.list as SupportPost[]).map((p) => p.boardIdx);
      expect([left.includes(ids[0]!), left.includes(ids[1]!)]).toEqual([true, false]);
    }
  });

  it('bad input answers a code and writes nothing', async () => {
    const made = await support.call('POST', '/admin/api/notices', { title: '그대로', content: '그대로' });
    const id = (made.body.post as SupportPost).boardIdx;
    const before = await auditRows();
    const long = await support.call('GET', `/admin/api/notices?q=${'x'.repeat(51)}`);
    expect([long.status, long.body.resultCode]).toEqual([400, 'R003']);
    for (const body of [{ title: '제목' }, { title: '제목', content: '본문', extra: 1 }, { title: 1, content: '본문' }]) {
      const refused = await support.call('PUT', `/admin/api/notices/${id}`, body);
      expect([refused.status, refused.body.resultCode], JSON.stringify(body)).toEqual([400, 'R003']);
    }
    const empty = await support.call('PUT', `/admin/api/notices/${id}`, { title: ' ', content: '본문' });
    expect([empty.status, empty.body.resultCode]).toEqual([400, 'BD001']);
    expect((await support.call('DELETE', '/admin/api/notices/999999')).body.resultCode).toBe('BD006');
    expect(await auditRows()).toBe(before);
    expect(await server.rows(`select title, content from support_posts where id = ${id}`)).toEqual([{ title: '그대로', content: '그대로' }]);
  });

  it('other roles are refused (OP004, audited)', async () => {
    for (const path of ['/admin/api/notices', '/admin/api/faq']) {
      const refused = await risk.call('GET', path);
      expect([refused.status, refused.body.resultCode]).toEqual([403, 'OP004']);
    }
    const refusals = await server.rows<{ n: number }>(`select count(*)::int as n from audit_log where actor = 'forms_risk' and action = 'refused' and target in ('GET /notices', 'GET /faq')`);
    expect(refusals[0]!.n).toBe(2);
  });
});

describe('banners edited in place', () => {
  it('lists, changes and deletes; a bad change answers R003 and changes nothing', async () => {
    const made = await support.call('POST', '/admin/api/banners', { kind: 'popup', title: '첫 화면 팝업' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.bannerIdx as number;
    expect((await support.call('PUT', `/admin/api/banners/${id}`, { title: '바뀐 팝업', ord: 3 })).status).toBe(200);
    for (const body of [{}, { link: 'javascript:alert(1)' }, { startsAt: '2031-01-02T00:00:00Z', endsAt: '2031-01-01T00:00:00Z' }, { kind: 'banner' }]) {
      const refused = await support.call('PUT', `/admin/api/banners/${id}`, body);
      expect([refused.status, refused.body.resultCode], JSON.stringify(body)).toEqual([400, 'R003']);
    }
    const listed = (await support.call('GET', '/admin/api/banners')).body.list as { id: number; title: string; ord: number }[];
    expect(listed.find((b) => b.id === id)).toMatchObject({ title: '바뀐 팝업', ord: 3 });
    expect((await support.call('POST', `/admin/api/banners/${id}/delete`)).status).toBe(200);
    expect(((await support.call('GET', '/admin/api/banners')).body.list as { id: number }[]).map((b) => b.id)).not.toContain(id);
  });
});

describe('fixtures for the result form', () => {
  beforeAll(async () => {
    await sportsOf(server.app).ingest.applyMessages(log.add(
      { type: 'fixture', fixture: feedFixture('cf-up', { startsAt: '2031-01-01T10:00:00.000Z' }) },
      { type: 'fixture', fixture: feedFixture('cf-live', { startsAt: '2026-11-01T10:00:00.000Z', status: 'live', home: { teamId: 'cf-live-h', names: { ko: '서울 FC', en: 'Seoul FC', vi: 'Seoul FC' } } }) },
      { type: 'fixture', fixture: feedFixture('cf-end', { startsAt: '2026-10-01T10:00:00.000Z', status: 'ended' }) },
      { type: 'market', market: feedMarket('cf-live', 'winner3', [210, 330, 350]) },
      { type: 'market', market: feedMarket('cf-live', 'total', [185, 195]) },
    ));
  });

  it('lists by state and term, a page at a time', async () => {
    const ids = async (query: string) => ((await risk.call('GET', `/admin/api/sports/fixtures${query}`)).body as unknown as OperatorFixturePage).list.map((f) => f.fixtureId);
    expect(await ids('?status=upcoming')).toContain('cf-up');
    expect(await ids('?status=upcoming')).not.toContain('cf-live');
    expect(await ids('?status=live')).toEqual(['cf-live']);
    expect(await ids('?status=finished')).toEqual(['cf-end']);
    expect(await ids('?q=Seoul')).toEqual(['cf-live']);
    expect(await ids('?q=%EC%84%9C%EC%9A%B8')).toEqual(['cf-live']);
    expect(await ids('?q=cf-&page=2')).toEqual([]);
    const page = (await risk.call('GET', '/admin/api/sports/fixtures?q=cf-')).body as unknown as OperatorFixturePage;
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 3 });
    expect(page.list.find((f) => f.fixtureId === 'cf-live')).toMatchObject({ status: 'live', home: { en: 'Seoul FC' }, resultRev: 0, enabled: true });
    for (const query of ['?status=done', '?page=0', `?q=${'x'.repeat(65)}`]) {
      const refused = await risk.call('GET', `/admin/api/sports/fixtures${query}`);
      expect([refused.status, refused.body.resultCode], query).toEqual([400, 'R003']);
    }
  });

  it('opens one with its markets and selection keys; an unknown one answers R404', async () => {
    const detail = (await risk.call('GET', '/admin/api/sports/fixtures/cf-live')).body as unknown as OperatorFixtureDetail;
    expect(detail.fixture.fixtureId).toBe('cf-live');
    expect(detail.markets.map((m) => [m.marketId, m.selections.map((s) => s.key)])).toEqual([
      ['cf-live.total', ['over', 'under']], ['cf-live.winner3', ['home', 'draw', 'away']],
    ]);
    expect(detail.result).toBeNull();
    const unknown = await risk.call('GET', '/admin/api/sports/fixtures/nofx');
    expect([unknown.status, unknown.body.resultCode]).toEqual([404, 'R404']);
    const bad = await risk.call('GET', '/admin/api/sports/fixtures/bad%20id');
    expect([bad.status, bad.body.resultCode]).toEqual([400, 'R003']);
  });

  it('a first result runs; a correction waits for a second risk operator, who sees it run', async () => {
    const result = { status: 'final', home: 2, away: 1, markets: [{ marketId: 'cf-live.winner3', outcomes: { home: 'win', draw: 'lose', away: 'lose' } }] };
    const first = await risk.call('POST', '/admin/api/sports/fixtures/cf-live/result', result);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    let detail = (await risk.call('GET', '/admin/api/sports/fixtures/cf-live')).body as unknown as OperatorFixtureDetail;
    expect(detail.fixture).toMatchObject({ status: 'ended', resultRev: 1, score: { home: 2, away: 1 } });
    expect(detail.result).toMatchObject({ rev: 1, source: 'operator', home: 2, away: 1, markets: { 'cf-live.winner3': { home: 'win' } } });

    const corrected = { ...result, home: 1, away: 1, markets: [{ marketId: 'cf-live.winner3', outcomes: { home: 'lose', draw: 'win', away: 'lose' } }] };
    const waiting = await risk.call('POST', '/admin/api/sports/fixtures/cf-live/result', corrected);
    expect([waiting.status, waiting.body.resultCode]).toEqual([202, 'OP010']);
    const approval = waiting.body.approval as Approval;
    expect(approval.action).toBe('resultCorrection');
    expect((await risk.call('POST', `/admin/api/console/approvals/${approval.id}/approve`, { payloadHash: approval.payloadHash })).body.resultCode).toBe('OP009');
    const approved = await risk2.call('POST', `/admin/api/console/approvals/${approval.id}/approve`, { payloadHash: approval.payloadHash });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    detail = (await risk.call('GET', '/admin/api/sports/fixtures/cf-live')).body as unknown as OperatorFixtureDetail;
    expect(detail.result).toMatchObject({ rev: 2, home: 1, away: 1 });
  });

  it('other roles are refused (OP004)', async () => {
    for (const path of ['/admin/api/sports/fixtures', '/admin/api/sports/fixtures/cf-live']) {
      const refused = await support.call('GET', path);
      expect([refused.status, refused.body.resultCode]).toEqual([403, 'OP004']);
    }
  });
});

describe("a partner's line", () => {
  it("answers the partner's own rates; a top partner's change waits for four-eyes, a lower one's runs", async () => {
    const top = await enrolMember(server);
    const lower = await enrolMember(server);
    expect((await partners.call('POST', `/admin/api/partners/${top.memId}/make`, { level: 'PTN_1', parentMemId: null })).status).toBe(200);
    expect((await partners.call('POST', `/admin/api/partners/${lower.memId}/make`, { level: 'PTN_2', parentMemId: top.memId })).status).toBe(200);
    const rates = { rates: [{ product: 'slot', kind: 'rolling', rateBp: 150 }, { product: 'casino', kind: 'losing', rateBp: 2_000 }] };
    const waiting = await partners.call('PUT', `/admin/api/partners/${top.memId}/rates`, rates);
    expect([waiting.status, waiting.body.resultCode]).toEqual([202, 'OP010']);
    let line = (await partners.call('GET', `/admin/api/partners/${top.memId}/line`)).body as { level: string; top: boolean; rates: Record<string, Record<string, number>> };
    expect([line.level, line.top]).toEqual(['PTN_1', true]);
    expect(((await partners.call('GET', `/admin/api/partners/${lower.memId}/line`)).body as typeof line).top).toBe(false);
    expect(line.rates.slot!.rolling).toBe(0);
    const approval = waiting.body.approval as Approval;
    expect((await owner.call('POST', `/admin/api/console/approvals/${approval.id}/approve`, { payloadHash: approval.payloadHash })).status).toBe(200);
    line = (await partners.call('GET', `/admin/api/partners/${top.memId}/line`)).body as typeof line;
    expect([line.rates.slot!.rolling, line.rates.casino!.losing]).toEqual([150, 2_000]);

    const lowered = await partners.call('PUT', `/admin/api/partners/${lower.memId}/rates`, { rates: [{ product: 'slot', kind: 'rolling', rateBp: 100 }] });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    const full = (await partners.call('GET', `/admin/api/partners/${top.memId}/line`)).body as { partners: { list: { memId: string; rates: Record<string, Record<string, number>> }[] } };
    expect(full.partners.list.find((p) => p.memId === lower.memId)!.rates.slot!.rolling).toBe(100);
    const bad = await partners.call('PUT', `/admin/api/partners/${lower.memId}/rates`, { rates: [{ product: 'slot', kind: 'rolling', rateBp: 10_001 }] });
    expect([bad.status, bad.body.resultCode]).toEqual([400, 'R003']);
  });
});
