/**
 * Member protection where a partner moves money (issues 21 and 23): a partner's give is a deposit of the
 * member's, refused past their deposit limit and during a break, and writes nothing when refused; the operator's
 * report of hits names the member refused, not the partner; a take (money leaving the member, like a withdrawal)
 * is never refused. PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolMember, memberBalances } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { checkLedgerInvariants } from './invariants';

let server: TestServer;
let partnerToken: string;
let keys = 0;
const key = () => `protection-partner-${(keys += 1)}`;

beforeAll(async () => {
  server = await startTestServer();
  partnerToken = (await server.login('partner01', 'partner1234')).data!.token;
  const [partner] = await server.rows<{ id: string }>(`select id from members where mem_id = 'partner01'`);
  await server.rows(`select ledger_post('protection-partner-grant', 'test.grant', array[${partner!.id}, null]::bigint[], array[null, 'coupons']::text[],
    array['KRW','KRW']::text[], array[500000, -500000]::bigint[])`);
});
afterAll(async () => { await server.close(); });

const give = (memId: string, amount: number) => server.call('partnerGive', { idempotencyKey: key(), memId, amount }, { token: partnerToken });
async function hits() {
  const report = await server.admin('GET', '/admin/api/protection/hits');
  expect(report.status).toBe(200);
  return (report.body as unknown as { list: { memId: string; code: string; hits: number }[] }).list;
}

describe('a partner’s money and the member’s protection', () => {
  it('a give past the member’s daily deposit limit is refused with PL001 and moves nothing', async () => {
    const member = await enrolMember(server);
    expect((await server.call('protectionLimit', { kind: 'deposit', period: 'day', amount: 20_000 }, { token: member.token })).resultCode).toBe('0');
    expect((await give(member.memId, 15_000)).resultCode).toBe('0');
    const partnerBefore = (await memberBalances(server, 'partner01')).cashAmt;
    expect((await give(member.memId, 10_000)).resultCode).toBe('PL001');
    // The report names the member whose limit refused the give, never the partner who asked.
    expect(await hits()).toContainEqual(expect.objectContaining({ memId: member.memId, code: 'PL001', hits: 1 }));
    expect((await hits()).filter((hit) => hit.memId === 'partner01')).toEqual([]);
    expect((await memberBalances(server, member.memId)).cashAmt).toBe(15_000);
    expect((await memberBalances(server, 'partner01')).cashAmt).toBe(partnerBefore);
    expect((await give(member.memId, 5_000)).resultCode).toBe('0');
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });

  it('a member in a time-out cannot be given money, and a take still works', async () => {
    const member = await enrolMember(server);
    expect((await give(member.memId, 30_000)).resultCode).toBe('0');
    expect((await server.call('protectionBreak', { kind: 'timeout', length: '24h' }, { token: member.token })).resultCode).toBe('0');
    expect((await give(member.memId, 10_000)).resultCode).toBe('PL004');
    expect(await hits()).toContainEqual(expect.objectContaining({ memId: member.memId, code: 'PL004', hits: 1 }));
    expect((await hits()).filter((hit) => hit.memId === 'partner01')).toEqual([]);
    expect((await server.call('partnerTake', { idempotencyKey: key(), memId: member.memId, amount: 10_000 }, { token: partnerToken })).resultCode).toBe('0');
    expect((await memberBalances(server, member.memId)).cashAmt).toBe(20_000);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });
});
