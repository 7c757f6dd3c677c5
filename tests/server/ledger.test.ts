import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountRef, getMemberBalances, postTransaction } from '../../server/money/ledger';
import { findMemberByMemId } from '../../server/member/queries';
import { isFailure } from '../../server/failure';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let memberId: number;
let cash: AccountRef;
const house: AccountRef = { house: 'test', currency: 'KRW' };
beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  memberId = (await findMemberByMemId(db, 'partner01'))!.id;
  cash = { memberId, currency: 'KRW' };
});
afterAll(async () => { await server.close(); });

const grant = (key: string, amount: number) =>
  postTransaction(server.database.db, { key, kind: 'test.grant', entries: [{ account: house, amount: -amount }, { account: cash, amount }] });

async function failureCode(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (isFailure(error)) return error.code;
    throw error;
  }
  return 'no failure';
}

describe('ledger', () => {
  it('the seeded demo member has 1,000,000 won and 50,000 points, from balanced entries', async () => {
    const demo = (await findMemberByMemId(server.database.db, 'demo01'))!;
    expect(await getMemberBalances(server.database.db, demo.id)).toEqual({ cashAmt: 1_000_000, pointAmt: 50_000 });
    const sums = await server.rows<{ currency: string; total: string }>('select currency, sum(amount)::text as total from ledger_entries group by currency');
    for (const row of sums) expect(row.total).toBe('0');
  });

  it('posts a grant once per idempotency key', async () => {
    const first = await grant('grant-1', 5_000);
    const again = await grant('grant-1', 5_000);
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true, balances: { [memberId]: { cashAmt: 5_000, pointAmt: 0 } } });
    expect((await getMemberBalances(server.database.db, memberId)).cashAmt).toBe(5_000);
  });

  it('refuses the same key with a different request (C999) and moves nothing', async () => {
    expect(await failureCode(grant('grant-1', 7_000))).toBe('C999');
    expect((await getMemberBalances(server.database.db, memberId)).cashAmt).toBe(5_000);
  });

  it('never takes a member account below zero: the whole transaction is undone', async () => {
    const entriesBefore = await server.count('ledger_entries');
    const refused = postTransaction(server.database.db, {
      key: 'charge-too-much', kind: 'test.charge', insufficientCode: 'C202',
      entries: [{ account: cash, amount: -5_001 }, { account: house, amount: 5_001 }],
    });
    expect(await failureCode(refused)).toBe('C202');
    expect((await getMemberBalances(server.database.db, memberId)).cashAmt).toBe(5_000);
    expect(await server.count('ledger_entries')).toBe(entriesBefore);
    // The key was not used up by the refused attempt.
    await postTransaction(server.database.db, {
      key: 'charge-too-much', kind: 'test.charge',
      entries: [{ account: cash, amount: -5_000 }, { account: house, amount: 5_000 }],
    });
    expect((await getMemberBalances(server.database.db, memberId)).cashAmt).toBe(0);
  });

  it('refuses unbalanced entries and non-integer amounts', async () => {
    await expect(postTransaction(server.database.db, {
      key: 'unbalanced', kind: 'test', entries: [{ account: house, amount: -10 }, { account: cash, amount: 9 }],
    })).rejects.toThrow(/sum/);
    await expect(postTransaction(server.database.db, {
      key: 'fraction', kind: 'test', entries: [{ account: house, amount: -0.5 }, { account: cash, amount: 0.5 }],
    })).rejects.toThrow(/amount/);
    expect((await server.rows<{ n: number }>(`select count(*)::int as n from ledger_transactions where idempotency_key in ('unbalanced', 'fraction')`))[0]!.n).toBe(0);
  });

  it('concurrent charges cannot overdraw', async () => {
    await grant('grant-2', 10_000);
    const charges = Array.from({ length: 5 }, (_, i) => postTransaction(server.database.db, {
      key: `race-${i}`, kind: 'test.charge', entries: [{ account: cash, amount: -3_000 }, { account: house, amount: 3_000 }],
    }).then(() => 'ok', (error: unknown) => (isFailure(error) ? error.code : String(error))));
    const outcomes = await Promise.all(charges);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'B6000')).toHaveLength(2);
    expect((await getMemberBalances(server.database.db, memberId)).cashAmt).toBe(1_000);
  });
});
