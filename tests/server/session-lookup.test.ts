/**
 * The router resolves member sessions with one prepared statement that also reads the cash balance
 * (server/session/queries.ts). It must agree with resolveSession in every session state, and the
 * balance call must follow the ledger at once (nothing is cached).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTransaction } from '../../server/money/ledger';
import { createSessionLookup } from '../../server/session/queries';
import { resolveSession } from '../../server/session/service';
import { systemClock } from '../../server/clock';
import { enrolMember, memberBalances } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('the balance call', () => {
  it('answers the ledger cash after every movement', async () => {
    const { db } = server.database;
    const member = await enrolMember(server);
    for (const [step, amount] of [[1, 12_000], [2, 3_500]] as const) {
      await postTransaction(db, {
        key: `session-lookup:${member.memberId}:${step}`, kind: 'test.grant',
        entries: [{ account: { house: 'promotion', currency: 'KRW' }, amount: -amount }, { account: { memberId: member.memberId, currency: 'KRW' }, amount }],
      });
      const { cashAmt } = await memberBalances(server, member.memId);
      expect((await server.call('balance', {}, { token: member.token })).data).toEqual({ balance: cashAmt, isPlayGame: 'N', gameMoney: 0 });
    }
    expect((await memberBalances(server, member.memId)).cashAmt).toBe(15_500);
  });
});

describe('the prepared session lookup', () => {
  /** Each state as the SQL that puts a fresh member's session in it ($m: the member's id). */
  const states: [string, string | null, string][] = [
    ['live', null, '0'],
    ['logged out', `update sessions set revoked_at = now(), revoked_reason = 'logout' where member_id = $m`, 'TK001'],
    ['replaced by a newer login', `update sessions set revoked_at = now(), revoked_reason = 'replaced' where member_id = $m`, 'TK999'],
    ['revoked by the operator', `update sessions set revoked_at = now(), revoked_reason = 'operator' where member_id = $m`, 'TK001'],
    ['expired', `update sessions set expires_at = now() - interval '1 second' where member_id = $m`, 'TK001'],
    ['of a suspended member', `update members set status = 'suspended' where id = $m`, '0'],
    ['of a rejected member', `update members set status = 'rejected' where id = $m`, 'TK001'],
  ];

  for (const [name, statement, code] of states) {
    it(`agrees with resolveSession for a session ${name} (balance call answers ${code})`, async () => {
      const member = await enrolMember(server);
      if (statement) await server.rows(statement.replace('$m', String(member.memberId)));
      const lookup = createSessionLookup(server.database.db, systemClock);
      const fast = await lookup(member.token);
      const reference = await resolveSession(server.database.db, systemClock, member.token);
      expect(fast.kind).toBe(reference.kind);
      if (fast.kind === 'live' && reference.kind === 'live') {
        expect(fast.session).toEqual(reference.session);
        expect(fast.cashAmt).toBe((await memberBalances(server, member.memId)).cashAmt);
      }
      expect((await server.call('balance', {}, { token: member.token })).resultCode).toBe(code);
    });
  }

  it('answers each of many lookups asked at once (one statement) with its own session', async () => {
    const live = await enrolMember(server);
    const replaced = await enrolMember(server);
    await server.rows(`update sessions set revoked_at = now(), revoked_reason = 'replaced' where member_id = ${replaced.memberId}`);
    const lookup = createSessionLookup(server.database.db, systemClock);
    const answers = await Promise.all([live.token, replaced.token, 'B'.repeat(43), live.token, undefined].map((token) => lookup(token)));
    expect(answers.map((a) => a.kind)).toEqual(['live', 'replaced', 'none', 'live', 'none']);
    expect(answers[0]).toEqual(answers[3]);
    expect(answers[0]!.kind === 'live' && answers[0]!.session.memId).toBe(live.memId);
    const many = await enrolMember(server);
    const results = await Promise.all(Array.from({ length: 250 }, (_, i) => lookup(i % 2 === 0 ? many.token : live.token)));
    expect(results.map((r) => r.kind === 'live' && r.session.memId)).toEqual(Array.from({ length: 250 }, (_, i) => (i % 2 === 0 ? many.memId : live.memId)));
  });

  it('finds nothing for an unknown, malformed or missing token', async () => {
    const lookup = createSessionLookup(server.database.db, systemClock);
    for (const token of ['A'.repeat(43), "x'; drop table sessions; --", '', undefined]) {
      expect(await lookup(token)).toEqual({ kind: 'none' });
    }
  });
});
