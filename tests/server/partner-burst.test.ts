/**
 * Partner give/take under concurrent bursts (issue 21): parallel gives never overdraw the partner,
 * parallel takes never take more than the member holds; each accepted move is exactly one balanced
 * ledger transaction with its record, each refused one moves nothing. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolMember, memberBalances, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { checkLedgerInvariants } from './invariants';

let server: TestServer;
let partnerToken: string;
let partnerId: number;
let keys = 0;
const key = () => `partner-burst-${(keys += 1)}`;

async function grant(memberId: number, amount: number) {
  await server.rows(`select ledger_post('grant-${memberId}-${key()}', 'test.grant', array[${memberId}, null]::bigint[], array[null, 'coupons']::text[],
    array['KRW','KRW']::text[], array[${amount}, ${-amount}]::bigint[])`);
}

beforeAll(async () => {
  server = await startTestServer();
  partnerToken = (await server.login('partner01', 'partner1234')).data!.token;
  partnerId = Number((await server.rows<{ id: string }>(`select id from members where mem_id = 'partner01'`))[0]!.id);
});
afterAll(async () => { await server.close(); });

async function partnerMoves(memberId: number, kind: string) {
  return server.rows<{ n: string; total: string }>(`select count(*) as n, coalesce(sum(amount), 0) as total from transfers
    where kind = '${kind}' and success and (from_member_id = ${memberId} or to_member_id = ${memberId})`);
}

describe('partner money bursts', () => {
  it('parallel gives cannot overdraw the partner', async () => {
    const members: TestMember[] = [];
    for (let i = 0; i < 4; i += 1) members.push(await enrolMember(server));
    const start = (await memberBalances(server, 'partner01')).cashAmt;
    await grant(partnerId, 50_000 - start);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => server.call('partnerGive', {
      idempotencyKey: key(), memId: members[i % members.length]!.memId, amount: 10_000,
    }, { token: partnerToken })));
    const codes = answers.map((a) => a.resultCode);
    expect(codes.filter((c) => c === '0')).toHaveLength(5);
    expect(codes.filter((c) => c !== '0').every((c) => c === 'C701')).toBe(true);
    expect((await memberBalances(server, 'partner01')).cashAmt).toBe(0);
    let received = 0;
    for (const m of members) received += (await memberBalances(server, m.memId)).cashAmt;
    expect(received).toBe(50_000);
    const [given] = await partnerMoves(partnerId, 'partnerGive');
    expect([Number(given!.n), Number(given!.total)]).toEqual([5, 50_000]);
  });

  it('parallel takes cannot take more than the member holds', async () => {
    const member = await enrolMember(server);
    await grant(member.memberId, 30_000);
    const partnerBefore = (await memberBalances(server, 'partner01')).cashAmt;
    const answers = await Promise.all(Array.from({ length: 10 }, () => server.call('partnerTake', {
      idempotencyKey: key(), memId: member.memId, amount: 7_000,
    }, { token: partnerToken })));
    const codes = answers.map((a) => a.resultCode);
    expect(codes.filter((c) => c === '0')).toHaveLength(4);
    expect(codes.filter((c) => c !== '0').every((c) => c === 'C701')).toBe(true);
    expect((await memberBalances(server, member.memId)).cashAmt).toBe(2_000);
    expect((await memberBalances(server, 'partner01')).cashAmt).toBe(partnerBefore + 28_000);
    const [taken] = await partnerMoves(member.memberId, 'partnerTake');
    expect([Number(taken!.n), Number(taken!.total)]).toEqual([4, 28_000]);
    // Every partner move is one balanced ledger transaction.
    const unbalanced = await server.rows(`select t.id from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
      where t.kind like 'partner.%' group by t.id having sum(e.amount) <> 0`);
    expect(unbalanced).toEqual([]);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });
});
