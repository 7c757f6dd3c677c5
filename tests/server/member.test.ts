import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupForm } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let memId: string;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  const form = signupForm({ memPass: 'first123', memPassCheck: 'first123', cashOutPass: '1111' });
  memId = form.memId;
  await server.call('signup', form);
  await server.admin('POST', `/admin/api/signups/${memId}/approve`);
  token = (await server.login(memId, 'first123')).data!.token;
});
afterAll(async () => { await server.close(); });

describe('member info and balance', () => {
  it('answers the signed-in member', async () => {
    const answer = await server.call('memberInfo', {}, { token });
    expect(answer.data).toEqual({
      member: expect.objectContaining({ memId, cashAmt: 0, pointAmt: 0, isPartnerMember: 'N', memLevel: '1', bankName: 'KB국민은행' }),
      msgInfo: { newMsg: 0 },
      // No event has been pushed to this member yet: the member topic starts after 0.
      rtSeq: 0,
    });
  });

  it('answers the cash balance from the ledger', async () => {
    expect((await server.call('balance', {}, { token })).data).toEqual({ balance: 0, isPlayGame: 'N', gameMoney: 0 });
  });
});

describe('password change', () => {
  it('refuses a wrong current password (U201)', async () => {
    const answer = await server.call('memberUpdate', { kind: 'password', memPass: 'nope1234', newMemPass: 'second12', newMemPassCheck: 'second12' }, { token });
    expect(answer.resultCode).toBe('U201');
  });

  it('refuses a new password without digits or too short (U102)', async () => {
    for (const weak of ['abcdefgh', 'ab1', '123456']) {
      const answer = await server.call('memberUpdate', { kind: 'password', memPass: 'first123', newMemPass: weak, newMemPassCheck: weak }, { token });
      expect(answer.resultCode).toBe('U102');
    }
  });

  it('refuses a confirmation that does not match (U203)', async () => {
    const answer = await server.call('memberUpdate', { kind: 'password', memPass: 'first123', newMemPass: 'second12', newMemPassCheck: 'second13' }, { token });
    expect(answer.resultCode).toBe('U203');
  });

  it('changes the password: the old one stops working, the new one logs in', async () => {
    const answer = await server.call('memberUpdate', { kind: 'password', memPass: 'first123', newMemPass: 'second12', newMemPassCheck: 'second12' }, { token });
    expect(answer.resultCode).toBe('0');
    expect((await server.login(memId, 'first123')).resultCode).toBe('U000');
    const again = await server.login(memId, 'second12');
    expect(again.resultCode).toBe('0');
    token = again.data!.token;
  });
});

describe('cash-out password change', () => {
  it('refuses a wrong current one (U202) and a new one that is not 4 digits (U103)', async () => {
    expect((await server.call('memberUpdate', { kind: 'cashOutPass', cashOutPass: '9999', newCashOutPass: '2222' }, { token })).resultCode).toBe('U202');
    expect((await server.call('memberUpdate', { kind: 'cashOutPass', cashOutPass: '1111', newCashOutPass: '22222' }, { token })).resultCode).toBe('U103');
    expect((await server.call('memberUpdate', { kind: 'cashOutPass', cashOutPass: '1111', newCashOutPass: 'abcd' }, { token })).resultCode).toBe('U103');
  });

  it('changes it: the old one is then refused', async () => {
    expect((await server.call('memberUpdate', { kind: 'cashOutPass', cashOutPass: '1111', newCashOutPass: '2222' }, { token })).resultCode).toBe('0');
    expect((await server.call('memberUpdate', { kind: 'cashOutPass', cashOutPass: '1111', newCashOutPass: '3333' }, { token })).resultCode).toBe('U202');
    expect((await server.call('memberUpdate', { kind: 'cashOutPass', cashOutPass: '2222', newCashOutPass: '3333' }, { token })).resultCode).toBe('0');
  });

  it('needs a session', async () => {
    expect((await server.call('memberUpdate', { kind: 'cashOutPass', cashOutPass: '3333', newCashOutPass: '4444' })).resultCode).toBe('TK001');
  });
});
