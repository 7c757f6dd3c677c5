/** Bad input of every kind answers a result code (HTTP 200, sealed), never a 500, and writes nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallName } from '../../contract/calls';
import { MAX_BODY_BYTES, siteAuthorization } from '../../contract/constants';
import { open, seal } from '../../contract/envelope';
import { signupForm } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const WRITTEN_TABLES = ['members', 'sessions', 'attempts', 'ledger_entries', 'audit_log', 'site_settings'];
async function snapshot() {
  return Object.fromEntries(await Promise.all(WRITTEN_TABLES.map(async (t) => [t, await server.count(t)] as const)));
}

describe('the envelope', () => {
  it('answers garbage bodies with R001', async () => {
    for (const body of ['', 'not json', '{"data":', '[]', 'null', '{"data":42}', '{"data":"U2FsdGVkX1+garbage"}', JSON.stringify({ data: 'x'.repeat(10_000) }), '{"nodata":"x"}']) {
      expect((await server.raw('/api/member/login', body)).resultCode, body.slice(0, 30)).toBe('R001');
    }
  });

  it('answers a wrong content type with R001', async () => {
    const body = JSON.stringify({ data: seal({}, server.config.siteId) });
    expect((await server.raw('/api/etc/bank', body, { 'content-type': 'text/plain' })).resultCode).toBe('R001');
    expect((await server.raw('/api/etc/bank', body, { 'content-type': 'application/x-www-form-urlencoded' })).resultCode).toBe('R001');
  });

  it('answers an oversized body with R001', async () => {
    const body = JSON.stringify({ data: 'x'.repeat(MAX_BODY_BYTES + 10) });
    expect((await server.raw('/api/member/signup', body)).resultCode).toBe('R001');
  });

  it('answers a wrong site id, in the envelope or in the authorization header, with R002', async () => {
    expect((await server.call('bank', {}, { siteId: 'othersite' })).resultCode).toBe('R002');
    const body = JSON.stringify({ data: seal({}, server.config.siteId) });
    expect((await server.raw('/api/etc/bank', body, { authorization: siteAuthorization('othersite') })).resultCode).toBe('R002');
    expect((await server.raw('/api/etc/bank', body, { authorization: '' })).resultCode).toBe('R002');
  });

  it('answers an unknown call with R404, whatever its body', async () => {
    expect((await server.raw('/api/no/such/call', JSON.stringify({ data: seal({}, server.config.siteId) }))).resultCode).toBe('R404');
    expect((await server.raw('/api/no/such/call', 'garbage')).resultCode).toBe('R404');
    const get = await server.app.inject({ method: 'GET', url: '/api/member/balance' });
    expect(get.statusCode).toBe(200);
    const opened = open(get.json().data);
    expect(opened.ok && opened.payload).toMatchObject({ resultCode: 'R404' });
  });

  it('answers every call with a sealed answer whose message is never a stack trace', async () => {
    for (const name of Object.keys(calls) as CallName[]) {
      const answer = await server.callUnchecked(name, { unexpected: 'field' });
      expect(answer.resultCode, name).toMatch(/^(0|R003|TK001)$/);
      expect(answer.resultMessage).not.toMatch(/at .*\.ts:\d+/);
    }
  });
});

describe('payload schema (R003, naming the field)', () => {
  it('refuses missing fields', async () => {
    const answer = await server.callUnchecked('login', { memId: 'demo01' });
    expect(answer.resultCode).toBe('R003');
    expect(answer.resultMessage).toContain('memPass');
  });

  it('refuses wrong types', async () => {
    for (const payload of [
      { memId: 1, memPass: 'x', captchaId: 'x', captcha: '1234' },
      { memId: ['demo01'], memPass: 'x', captchaId: 'x', captcha: '1234' },
      { memId: { $ne: null }, memPass: 'x', captchaId: 'x', captcha: '1234' },
      { memId: null, memPass: 'x', captchaId: 'x', captcha: '1234' },
      'demo01',
      [1, 2, 3],
    ]) {
      expect((await server.callUnchecked('login', payload)).resultCode).toBe('R003');
    }
    expect((await server.callUnchecked('memberUpdate', { kind: 'email' })).resultCode).toMatch(/^(R003|TK001)$/);
  });

  it('refuses 10 KB strings in any sign-up field and writes nothing', async () => {
    const before = await snapshot();
    const form = signupForm();
    for (const field of Object.keys(form)) {
      const answer = await server.callUnchecked('signup', { ...form, [field]: 'x'.repeat(10_240) });
      expect(answer.resultCode, field).toBe('R003');
      expect(answer.resultMessage).toContain(field);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('hostile values', () => {
  const hostile = [
    "' OR '1'='1",
    "demo01'; DROP TABLE members; --",
    '<script>alert(1)</script>',
    '${7*7}{{7*7}}',
    '\u0000\u0001\u202e',
    '😀👍🏽한글ﷺ',
    '../../etc/passwd',
    "%00'--",
  ];

  it('sign-up answers a rule code for each and writes nothing', async () => {
    const before = await snapshot();
    const form = signupForm();
    for (const value of hostile) {
      for (const field of ['memId', 'memPass', 'memPhone', 'bank', 'memName', 'bankacc', 'cashOutPass', 'recommenderId'] as const) {
        const answer = await server.callUnchecked('signup', { ...form, [field]: value, ...(field === 'memPass' ? { memPassCheck: value } : {}) });
        expect(answer.resultCode, `${field}=${value}`).toMatch(/^(U1\d\d|R003)$/);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('login answers LX04 or U000 for each, and the members table is intact', async () => {
    const membersBefore = await server.count('members');
    for (const value of hostile) {
      expect(['LX04', 'R003']).toContain((await server.callUnchecked('login', { memId: value, memPass: value, captchaId: value, captcha: value })).resultCode);
      expect(['U000', 'R003']).toContain((await server.login(value, value)).resultCode);
    }
    expect(await server.count('members')).toBe(membersBefore);
    expect((await server.login('demo01', 'demo1234')).resultCode).toBe('0');
  });

  it('codes and session tokens with hostile values answer a code', async () => {
    for (const value of hostile) {
      expect(['0', 'R003']).toContain((await server.callUnchecked('commonCode', { masterCode: value })).resultCode);
      expect(['0', 'R003']).toContain((await server.callUnchecked('gameCodes', { masterCode: value, groupCode: value, code: value })).resultCode);
      // Header values cannot carry control characters at all; the rest of each value goes in.
      const headerSafe = [...value].filter((c) => c >= ' ' && c !== '\u202e').join('');
      expect(['TK001', 'R003']).toContain((await server.call('balance', {}, { token: headerSafe })).resultCode);
    }
  });

  it('control characters (NUL, bidi overrides) are refused with R003 naming the field', async () => {
    const before = await snapshot();
    for (const value of ['a\u0000b', 'nick\u202e', 'x\u0007y']) {
      const answer = await server.callUnchecked('signup', signupForm({ memNick: value }));
      expect(answer.resultCode).toBe('R003');
      expect(answer.resultMessage).toContain('memNick');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a hostile nickname that passes every rule is stored as data, not run', async () => {
    // Markup is refused (BD005, the rule of all member-written text); quotes and SQL comments are not.
    const form = signupForm({ memNick: "a > b'; --" });
    expect((await server.call('signup', form)).resultCode).toBe('0');
    const [row] = await server.rows<{ mem_nick: string }>(`select mem_nick from members where mem_id = '${form.memId}'`);
    expect(row!.mem_nick).toBe("a > b'; --");
  });
});
