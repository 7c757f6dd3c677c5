/**
 * Daily rewards under concurrency: 20 check-ins or spins of one member at once credit once (PGlite, and
 * PostgreSQL with TEST_DATABASE_URL where the calls really overlap), with different keys and with one
 * key; the ledger's invariants hold afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolMember, memberBalances } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { checkLedgerInvariants } from './invariants';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

let keys = 0;
const key = () => `reward-burst-${(keys += 1)}`;

function codes(answers: { resultCode: string }[]): Record<string, number> {
  const counted: Record<string, number> = {};
  for (const { resultCode } of answers) counted[resultCode] = (counted[resultCode] ?? 0) + 1;
  return counted;
}

describe.each(['attendanceCheck', 'rotarySpin'] as const)('%s burst', (call) => {
  const refusal = call === 'attendanceCheck' ? 'AT001' : 'RT001';
  const table = call === 'attendanceCheck' ? 'attendance_checks' : 'rotary_spins';

  it('20 at once with different keys credit once; the rest are refused', async () => {
    if (call === 'rotarySpin') await server.admin('PUT', '/admin/api/rotary', { prizes: [{ label: 'A', points: 700, weight: 1 }, { label: 'B', points: 900, weight: 1 }] });
    const member = await enrolMember(server);
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.call(call, { idempotencyKey: key() }, { token: member.token })));
    expect(codes(answers)).toEqual({ '0': 1, [refusal]: 19 });
    const credited = answers.find((a) => a.resultCode === '0')!.data!.points;
    expect((await memberBalances(server, member.memId)).pointAmt).toBe(credited);
    expect(await server.count(table)).toBeGreaterThan(0);
    const [rows] = await server.rows<{ n: number }>(`select count(*)::int as n from ${table} where member_id = ${member.memberId}`);
    expect(Number(rows!.n)).toBe(1);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });

  it('20 at once with one key answer the first answer and credit once', async () => {
    const member = await enrolMember(server);
    const one = key();
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.call(call, { idempotencyKey: one }, { token: member.token })));
    expect(codes(answers)).toEqual({ '0': 20 });
    for (const answer of answers) expect(answer.data).toEqual(answers[0]!.data);
    expect((await memberBalances(server, member.memId)).pointAmt).toBe(answers[0]!.data!.points);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });
});
