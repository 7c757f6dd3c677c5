import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupForm } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

interface AuditRow { actor: string; action: string; target: string; detail: Record<string, unknown> }
const auditRows = () => server.rows<AuditRow>('select actor, action, target, detail from audit_log order by id');

describe('operator authentication', () => {
  it('refuses a missing or wrong bearer token with 401 and records nothing', async () => {
    const before = await server.count('audit_log');
    for (const token of ['', 'wrong-token', `${server.config.adminToken}x`, server.config.adminToken.slice(0, -1)]) {
      const answer = await server.admin('GET', '/admin/api/signups', undefined, token);
      expect(answer.status).toBe(401);
      expect(answer.body.resultCode).toBeTruthy();
    }
    expect((await server.admin('PUT', '/admin/api/site-options', { signupOpen: false }, 'wrong-token')).status).toBe(401);
    expect((await server.call('siteOption', {})).data!.siteOption.signupOpen).toBe('Y');
    expect(await server.count('audit_log')).toBe(before);
  });
});

describe('sign-up decisions', () => {
  it('lists pending sign-ups, approves and rejects them, each with an audit row', async () => {
    const a = signupForm();
    const b = signupForm();
    await server.call('signup', a);
    await server.call('signup', b);
    const pending = await server.admin('GET', '/admin/api/signups?status=pending');
    expect(pending.body.list!.map((m) => m.memId)).toEqual(expect.arrayContaining([a.memId, b.memId]));
    expect(Date.parse(pending.body.list![0]!.createdAt)).not.toBeNaN();

    expect((await server.admin('POST', `/admin/api/signups/${a.memId}/approve`)).body).toEqual({ ok: true });
    expect((await server.admin('POST', `/admin/api/signups/${b.memId}/reject`)).body).toEqual({ ok: true });
    const rows = await auditRows();
    expect(rows).toContainEqual(expect.objectContaining({ actor: 'token', action: 'signup.approve', target: a.memId }));
    expect(rows).toContainEqual(expect.objectContaining({ actor: 'token', action: 'signup.reject', target: b.memId }));
    expect((await server.admin('GET', '/admin/api/signups?status=active')).body.list!.map((m) => m.memId)).toContain(a.memId);
    expect((await server.admin('GET', '/admin/api/signups?status=rejected')).body.list!.map((m) => m.memId)).toContain(b.memId);
  });

  it('answers 404 for an unknown member, 409 for a decided sign-up and 400 for a bad status; none audited', async () => {
    const before = await server.count('audit_log');
    expect((await server.admin('POST', '/admin/api/signups/nobody99/approve')).status).toBe(404);
    expect((await server.admin('POST', '/admin/api/signups/demo01/reject')).status).toBe(409);
    expect((await server.admin('GET', '/admin/api/signups?status=everything')).body).toMatchObject({ resultCode: 'R003' });
    expect((await server.call('memberInfo', {}, { token: (await server.login('demo01', 'demo1234')).data!.token })).resultCode).toBe('0');
    expect(await server.count('audit_log')).toBe(before);
  });
});

describe('site options and site check', () => {
  it('changes options, validates them, and audits each change', async () => {
    expect((await server.admin('PUT', '/admin/api/site-options', { sns2Link: 'https://t.me/other', signupOpen: false })).body).toEqual({ ok: true });
    expect((await server.call('siteOption', {})).data).toEqual({ siteOption: { sns2Link: 'https://t.me/other', signupOpen: 'N', partnerHostPrefix: '' }, joinRecommanderId: '' });
    expect((await auditRows()).at(-1)).toMatchObject({ action: 'site.options', detail: { sns2Link: 'https://t.me/other', signupOpen: false } });

    const before = await server.count('audit_log');
    const bad = [
      { sns2Link: 'javascript:alert(1)' },
      { signupOpen: 'yes' },
      { unknownOption: true },
      { joinRecommanderId: 'x'.repeat(10_000) },
      { partnerHostPrefix: 'partner.example.com' },
      { partnerHostPrefix: '-partner' },
      { partnerHostPrefix: 'Partner' },
    ];
    for (const body of bad) {
      const answer = await server.admin('PUT', '/admin/api/site-options', body);
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(answer.body.resultCode).toBe('R003');
    }
    expect((await server.admin('PUT', '/admin/api/site-options', { joinRecommanderId: 'demo01' })).body.resultCode).toBe('U113');
    expect((await server.admin('PUT', '/admin/api/site-options', { joinRecommanderId: 'nobody99' })).body.resultCode).toBe('U112');
    expect(await server.count('audit_log')).toBe(before);
    // The partner area's host prefix: one host label, read back by every visitor; '' clears it.
    expect((await server.admin('PUT', '/admin/api/site-options', { partnerHostPrefix: 'partner' })).body).toEqual({ ok: true });
    expect((await server.call('siteOption', {})).data!.siteOption.partnerHostPrefix).toBe('partner');
    expect((await auditRows()).at(-1)).toMatchObject({ action: 'site.options', detail: { partnerHostPrefix: 'partner' } });
    await server.admin('PUT', '/admin/api/site-options', { signupOpen: true, sns2Link: 'https://t.me/hanbit_support', partnerHostPrefix: '' });
    expect((await server.call('siteOption', {})).data!.siteOption.partnerHostPrefix).toBe('');
  });

  it('refuses a malformed or backwards window', async () => {
    for (const body of [
      { startDate: 'tomorrow', endDate: null },
      { startDate: '2030-01-01T00:00:00Z', endDate: null },
      { startDate: '2030-01-02T00:00:00Z', endDate: '2030-01-01T00:00:00Z' },
      'not json',
    ]) {
      expect((await server.admin('PUT', '/admin/api/site-check', body)).status).toBe(400);
    }
  });

  it('opening a window that covers now sends INSPECT to members online', async () => {
    const { data } = await server.login('partner01', 'partner1234');
    const [session] = await server.rows<{ id: string }>(`select id from sessions where revoked_at is null and member_id = (select id from members where mem_id = 'partner01')`);
    server.push.pushed.length = 0;
    const window = { startDate: new Date(Date.now() - 60_000).toISOString(), endDate: new Date(Date.now() + 3_600_000).toISOString() };
    expect((await server.admin('PUT', '/admin/api/site-check', window)).body).toEqual({ ok: true });
    expect(server.push.pushed).toContainEqual({ to: 'session', target: session!.id, msg: { cmd: 'INSPECT', data1: 'Y', data2: null } });
    expect((await server.call('siteCheckInfo', {}, { token: data!.token })).data!.siteCheckInfo).toEqual(window);
    expect((await auditRows()).at(-1)).toMatchObject({ action: 'site.check', detail: window });
    await server.admin('PUT', '/admin/api/site-check', { startDate: null, endDate: null });
  });
});

describe('member push', () => {
  it('pushes a command to the member and audits it', async () => {
    server.push.pushed.length = 0;
    expect((await server.admin('POST', '/admin/api/members/DEMO01/push', { cmd: 'MSG', data1: 3, data2: null })).body).toEqual({ ok: true });
    expect(server.push.pushed).toEqual([{ to: 'member', target: 'demo01', msg: { cmd: 'MSG', data1: 3, data2: null } }]);
    expect((await auditRows()).at(-1)).toMatchObject({ action: 'member.push', target: 'demo01', detail: { cmd: 'MSG', data1: 3 } });
  });

  it('refuses an unknown member (404) and a bad command (400) without pushing', async () => {
    server.push.pushed.length = 0;
    expect((await server.admin('POST', '/admin/api/members/nobody99/push', { cmd: 'MSG', data1: 1, data2: null })).status).toBe(404);
    expect((await server.admin('POST', '/admin/api/members/demo01/push', { cmd: '<script>', data1: 1, data2: null })).status).toBe(400);
    expect((await server.admin('POST', '/admin/api/members/demo01/push', { cmd: 'CASH', data1: { x: 1 }, data2: null })).status).toBe(400);
    expect(server.push.pushed).toEqual([]);
  });
});
