/**
 * Limits under concurrency: each test sends its burst at once (Promise.all through app.inject), on
 * PGlite and, with TEST_DATABASE_URL, on a PostgreSQL pool where the calls really overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolMember, type TestMember } from './fixtures';
import { startTestServer, TEST_CAPTCHA, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  // Noon in Seoul: outside the nightly withdrawal block.
  expect((await server.admin('PUT', '/admin/api/test/clock', { now: '2031-03-10T03:00:00.000Z' })).status).toBe(200);
});
afterAll(async () => { await server.close(); });

let keys = 0;
const key = () => `burst-key-${(keys += 1)}`;

let addresses = 0;
/** A fresh address per captcha, so issuing many does not meet the per-address captcha limit. */
async function captchaIds(n: number): Promise<string[]> {
  return Promise.all(Array.from({ length: n }, async () => {
    addresses += 1;
    const answer = await server.call('captcha', {}, { ip: `10.77.${Math.floor(addresses / 250)}.${addresses % 250}` });
    return answer.data!.captchaId;
  }));
}

function codes(answers: { resultCode: string }[]): Record<string, number> {
  const counted: Record<string, number> = {};
  for (const { resultCode } of answers) counted[resultCode] = (counted[resultCode] ?? 0) + 1;
  return counted;
}

async function liveSessions(member: TestMember): Promise<number> {
  const [row] = await server.rows<{ n: number }>(
    `select count(*)::int as n from sessions where member_id = ${member.memberId} and revoked_at is null`);
  return Number(row!.n);
}

describe('login failures under a burst', () => {
  it('checks at most 10 passwords of 50 simultaneous wrong logins for one id; the right one in the burst stays out', async () => {
    const member = await enrolMember(server);
    const ids = await captchaIds(51);
    const answers = await Promise.all(ids.map((captchaId, i) => server.call('login', {
      memId: member.memId, memPass: i === 50 ? member.memPass : `wrong${i}x`, captchaId, captcha: TEST_CAPTCHA,
    }, { ip: `10.1.${i}.1` })));
    expect(codes(answers.slice(0, 50))).toEqual({ U000: 10, LX03: 40 });
    expect(answers[50]!.resultCode).toBe('LX03');
    expect(await liveSessions(member)).toBe(1); // only the fixture's own login
  });

  it('lets 20 members in at once from one address: right passwords are never crowded out', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => enrolMember(server)));
    const ids = await captchaIds(20);
    const answers = await Promise.all(members.map((m, i) =>
      server.call('login', { memId: m.memId, memPass: m.memPass, captchaId: ids[i]!, captcha: TEST_CAPTCHA }, { ip: '10.2.0.8' })));
    expect(codes(answers)).toEqual({ 0: 20 });
  });

  it('checks at most 10 passwords from one address across ids', async () => {
    const ids = await captchaIds(50);
    const answers = await Promise.all(ids.map((captchaId, i) =>
      server.call('login', { memId: `nobody${i}x`, memPass: 'wrong999', captchaId, captcha: TEST_CAPTCHA }, { ip: '10.2.0.9' })));
    expect(codes(answers)).toEqual({ U000: 10, LX03: 40 });
  });
});

describe('one live session per member', () => {
  it('leaves exactly one live session when ten logins of one member race', async () => {
    const member = await enrolMember(server);
    for (let round = 0; round < 3; round += 1) {
      const ids = await captchaIds(10);
      const answers = await Promise.all(ids.map((captchaId, i) =>
        server.call('login', { memId: member.memId, memPass: member.memPass, captchaId, captcha: TEST_CAPTCHA }, { ip: `10.3.${round}.${i}` })));
      expect(codes(answers)).toEqual({ 0: 10 });
      expect(await liveSessions(member)).toBe(1);
      const live = answers.filter((a) => a.data?.token);
      const balances = await Promise.all(live.map((a) => server.call('balance', {}, { token: a.data!.token })));
      expect(codes(balances)).toEqual({ 0: 1, TK999: 9 });
    }
  });
});

describe('cash-out password attempts', () => {
  it('checks at most 5 of 30 simultaneous guesses, then refuses every call that needs it with C218 until 30 minutes pass', async () => {
    const member = await enrolMember(server, { cashOutPass: '4321' });
    const guesses = Array.from({ length: 30 }, (_, i) => String(5000 + i));
    const answers = await Promise.all(guesses.map((cashOutPass) =>
      server.call('cashOut', { idempotencyKey: key(), amount: 10_000, cashOutPass }, { token: member.token })));
    expect(codes(answers)).toEqual({ C008: 5, C218: 25 });

    // The right password, too, is refused now, by every call that checks it, with one answer.
    const right = await server.call('cashOut', { idempotencyKey: key(), amount: 10_000, cashOutPass: '4321' }, { token: member.token });
    expect(right.resultCode).toBe('C218');
    expect(right.resultMessage).toMatch(/\d+분 후/);
    const coin = await server.call('coinOut', {
      idempotencyKey: key(), amount: 10_000, priceKrw: 1_400, address: `T${'A'.repeat(33)}`, cashOutPass: '4321',
    }, { token: member.token });
    expect(coin.resultCode).toBe('C218');
    expect((await server.call('give', { idempotencyKey: key(), toMemId: 'demo01', amount: 1_000, cashOutPass: '4321' }, { token: member.token })).resultCode).toBe('C218');
    expect((await server.call('memberUpdate', { kind: 'cashOutPass', cashOutPass: '4321', newCashOutPass: '1111' }, { token: member.token })).resultCode).toBe('C218');

    await server.rows(`update attempts set at = at - interval '31 minutes' where kind = 'cashOutPass'`);
    // Checked before the balance: with no money the right password reaches C202, a wrong one C008.
    expect((await server.call('cashOut', { idempotencyKey: key(), amount: 10_000, cashOutPass: '4321' }, { token: member.token })).resultCode).toBe('C202');
    expect((await server.call('cashOut', { idempotencyKey: key(), amount: 10_000, cashOutPass: '9999' }, { token: member.token })).resultCode).toBe('C008');
  });

  it('limits the member update call the same way, for both passwords', async () => {
    const member = await enrolMember(server, { cashOutPass: '4321' });
    const passwordGuesses = await Promise.all(Array.from({ length: 30 }, (_, i) => server.call('memberUpdate', {
      kind: 'password', memPass: `guess${i}x`, newMemPass: 'newpass1', newMemPassCheck: 'newpass1',
    }, { token: member.token })));
    expect(codes(passwordGuesses)).toEqual({ U201: 5, U204: 25 });
    const right = await server.call('memberUpdate', { kind: 'password', memPass: member.memPass, newMemPass: 'newpass1', newMemPassCheck: 'newpass1' }, { token: member.token });
    expect(right.resultCode).toBe('U204');

    const cashOutGuesses = await Promise.all(Array.from({ length: 30 }, (_, i) => server.call('memberUpdate', {
      kind: 'cashOutPass', cashOutPass: String(6000 + i), newCashOutPass: '1111',
    }, { token: member.token })));
    expect(codes(cashOutGuesses)).toEqual({ U202: 5, C218: 25 });
  });

  it('forgives earlier failures once the right password is typed', async () => {
    const member = await enrolMember(server, { cashOutPass: '4321' });
    for (let i = 0; i < 4; i += 1) {
      expect((await server.call('cashOut', { idempotencyKey: key(), amount: 10_000, cashOutPass: '9999' }, { token: member.token })).resultCode).toBe('C008');
    }
    expect((await server.call('cashOut', { idempotencyKey: key(), amount: 10_000, cashOutPass: '4321' }, { token: member.token })).resultCode).toBe('C202');
    for (let i = 0; i < 4; i += 1) {
      expect((await server.call('cashOut', { idempotencyKey: key(), amount: 10_000, cashOutPass: '9999' }, { token: member.token })).resultCode).toBe('C008');
    }
  });
});

describe('captcha issuance', () => {
  it('issues at most 60 a minute to one address, however many are asked for at once', async () => {
    const answers = await Promise.all(Array.from({ length: 70 }, () => server.call('captcha', {}, { ip: '10.4.0.1' })));
    expect(codes(answers)).toEqual({ 0: 60, LX05: 10 });
    expect((await server.call('captcha', {}, { ip: '10.4.0.2' })).resultCode).toBe('0');
    await server.rows(`update attempts set at = at - interval '61 seconds' where kind = 'captchaIp'`);
    expect((await server.call('captcha', {}, { ip: '10.4.0.1' })).resultCode).toBe('0');
  });
});

describe('one open request per direction under a burst', () => {
  it('accepts one of ten simultaneous deposit requests and one of ten withdrawals; the rest answer C003 / C209 and hold nothing', async () => {
    const token = (await server.login('demo01', 'demo1234')).data!.token;
    const cashBefore = (await server.call('balance', {}, { token })).data!.balance;
    const deposits = await Promise.all(Array.from({ length: 10 }, () =>
      server.call('cashIn', { idempotencyKey: key(), amount: 10_000, bonusYn: 'N' }, { token })));
    expect(codes(deposits)).toEqual({ 0: 1, C003: 9 });
    // More than the cash-out password's limit at once: a withdrawal counts only a wrong password, under the limit's lock.
    const withdrawals = await Promise.all(Array.from({ length: 10 }, () =>
      server.call('cashOut', { idempotencyKey: key(), amount: 10_000, cashOutPass: '1234' }, { token })));
    expect(codes(withdrawals)).toEqual({ 0: 1, C209: 9 });
    expect((await server.call('balance', {}, { token })).data!.balance).toBe(cashBefore - 10_000);
  });
});
