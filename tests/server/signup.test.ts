import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signupForm } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });
beforeEach(async () => {
  expect((await server.admin('PUT', '/admin/api/site-options', { signupOpen: true, joinRecommanderId: '' })).status).toBe(200);
});

describe('sign-up', () => {
  it('creates a pending account that the operator sees', async () => {
    const form = signupForm();
    const answer = await server.call('signup', form);
    expect(answer).toMatchObject({ resultCode: '0', data: { memId: form.memId, status: 'pending' } });
    const { body } = await server.admin('GET', '/admin/api/signups?status=pending');
    expect(body.list).toContainEqual(expect.objectContaining({
      memId: form.memId, memNick: form.memNick, memPhone: form.memPhone.replace(/-/g, ''), recommenderId: 'partner01', status: 'pending',
    }));
  });

  it('never stores the passwords in plain text', async () => {
    const form = signupForm({ memPass: 'secretPw77', memPassCheck: 'secretPw77', cashOutPass: '9753' });
    await server.call('signup', form);
    const [row] = await server.rows<{ pass_hash: string; cash_out_pass_hash: string }>(
      `select pass_hash, cash_out_pass_hash from members where mem_id = '${form.memId}'`);
    expect(row!.pass_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.pass_hash).not.toContain('secretPw77');
    expect(row!.cash_out_pass_hash).toMatch(/^hs1\$/); // the keyed hash (server/member/cashOutPass.ts)
  });

  const ruleCases: [string, Parameters<typeof signupForm>[0], string][] = [
    ['empty id', { memId: '' }, 'U101'],
    ['short id', { memId: 'abcd' }, 'U101'],
    ['id with a space', { memId: 'abc def' }, 'U101'],
    ['id too long', { memId: 'a'.repeat(21) }, 'U101'],
    ['empty password check', { memPassCheck: '' }, 'U102'],
    ['short password', { memPass: 'ab12', memPassCheck: 'ab12' }, 'U102'],
    ['password with a forbidden character', { memPass: 'pass^1234', memPassCheck: 'pass^1234' }, 'U102'],
    ['password mismatch', { memPassCheck: 'pass12345' }, 'U102'],
    ['cash-out password of 3 digits', { cashOutPass: '123' }, 'U103'],
    ['cash-out password with letters', { cashOutPass: '12a4' }, 'U103'],
    ['nickname of 1 character', { memNick: '가' }, 'U105'],
    ['nickname of 21 characters', { memNick: '가'.repeat(21) }, 'U105'],
    // The rule posts, comments and questions follow (contract/rules.ts looksLikeMarkup).
    ['nickname that is markup', { memNick: '<svg onload=alert()>' }, 'BD005'],
    ['nickname with a closing tag', { memNick: '별</b>' }, 'BD005'],
    ['nickname with a comment', { memNick: '별<!--x' }, 'BD005'],
    ['empty phone', { memPhone: '' }, 'U104'],
    ['landline phone', { memPhone: '02-123-4567' }, 'U104'],
    ['empty recommender', { recommenderId: '' }, 'U112'],
    ['empty bank', { bank: '' }, 'U106'],
    ['unknown bank', { bank: '999' }, 'U106'],
    ['holder with digits', { memName: '홍길동1' }, 'U106'],
    ['account with letters', { bankacc: '1234-abc' }, 'U106'],
  ];
  it.each(ruleCases)('refuses %s with %s and creates nothing', async (_name, overrides, code) => {
    const before = await server.count('members');
    const answer = await server.call('signup', signupForm(overrides));
    expect(answer.resultCode).toBe(code);
    expect(answer.resultMessage).not.toBe('');
    expect(await server.count('members')).toBe(before);
  });

  it('takes a nickname with a < that opens no markup', async () => {
    expect((await server.call('signup', signupForm({ memNick: '별<3 하트' }))).resultCode).toBe('0');
  });

  it('refuses a taken id (in any case), nickname, phone or account', async () => {
    const taken = signupForm();
    expect((await server.call('signup', taken)).resultCode).toBe('0');
    expect((await server.call('signup', signupForm({ memId: taken.memId.toUpperCase() }))).resultCode).toBe('U116');
    expect((await server.call('signup', signupForm({ memNick: taken.memNick }))).resultCode).toBe('U117');
    expect((await server.call('signup', signupForm({ memPhone: taken.memPhone.replace(/-/g, '') }))).resultCode).toBe('U118');
    expect((await server.call('signup', signupForm({ bankacc: taken.bankacc }))).resultCode).toBe('U119');
    expect((await server.call('signup', signupForm({ memId: 'DEMO01' }))).resultCode).toBe('U116');
  });

  it('checks the recommender: unknown U112, not a partner U113, not active U114', async () => {
    expect((await server.call('signup', signupForm({ recommenderId: 'nobody99' }))).resultCode).toBe('U112');
    expect((await server.call('signup', signupForm({ recommenderId: 'demo01' }))).resultCode).toBe('U113');
    await server.rows(`update members set is_partner = true, status = 'suspended' where mem_id = 'demo01'`);
    try {
      expect((await server.call('signup', signupForm({ recommenderId: 'demo01' }))).resultCode).toBe('U114');
    } finally {
      await server.rows(`update members set is_partner = false, status = 'active' where mem_id = 'demo01'`);
    }
  });

  it("uses the site's default recommender whatever was sent", async () => {
    expect((await server.admin('PUT', '/admin/api/site-options', { joinRecommanderId: 'partner01' })).status).toBe(200);
    const option = await server.call('siteOption', {});
    expect(option.data!.joinRecommanderId).toBe('partner01');
    const form = signupForm({ recommenderId: 'nobody99' });
    expect((await server.call('signup', form)).resultCode).toBe('0');
    expect((await server.call('signup', signupForm({ recommenderId: '' }))).resultCode).toBe('0');
    const { body } = await server.admin('GET', '/admin/api/signups');
    expect(body.list!.find((m) => m.memId === form.memId)?.recommenderId).toBe('partner01');
  });

  it('answers U115 while sign-up is closed', async () => {
    await server.admin('PUT', '/admin/api/site-options', { signupOpen: false });
    expect((await server.call('siteOption', {})).data!.siteOption.signupOpen).toBe('N');
    const before = await server.count('members');
    expect((await server.call('signup', signupForm())).resultCode).toBe('U115');
    expect(await server.count('members')).toBe(before);
  });
});
