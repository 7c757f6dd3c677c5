/**
 * The one cash request status move (server/wallet/cashMoves.ts), reached by the member's cancel
 * (/api/cash/del) and the operator's wait, approve and reject alike: which steps each takes from each
 * status (only the contract's CASH_STATUS_STEPS), and what the member hears on their topic after the
 * commit: CASHREQ with the new status on every move, CASH whenever their balances changed (a
 * withdrawal request included), nothing for a refused move.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CASH_STATUS_STEPS, type CashStatus } from '../../contract/wallet';
import { enrolMember, memberBalances, type TestMember } from './fixtures';
import { type Pushed, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ testClock: true }); });
afterAll(async () => { await server.close(); });

/** Noon in Seoul, far from the 23:30-00:30 bank maintenance window. */
const NOON_SEOUL = '2031-04-02T03:00:00.000Z';
beforeEach(async () => {
  expect((await server.admin('PUT', '/admin/api/test/clock', { now: NOON_SEOUL })).status).toBe(200);
});

let keys = 0;
const key = () => `cash-move-key-${(keys += 1)}`;

type OperatorMove = 'wait' | 'approve' | 'reject';
const operatorMove = (id: number, move: OperatorMove) => server.admin('POST', `/admin/api/cash-requests/${id}/${move}`, {});
const memberCancel = (m: TestMember, requestId: number) => server.call('cashDel', { requestId }, { token: m.token });
const pushesTo = (m: TestMember, from: number): Pushed['msg'][] =>
  server.push.pushed.slice(from).filter((p) => p.to === 'member' && p.target === m.memId).map((p) => p.msg);

/** A member holding 100,000 won (an approved deposit). */
async function fundedMember(): Promise<TestMember> {
  const m = await enrolMember(server);
  const id = (await server.call('cashIn', { idempotencyKey: key(), amount: 100_000 }, { token: m.token })).data!.request.requestId;
  await operatorMove(id, 'wait');
  await operatorMove(id, 'approve');
  return m;
}

/** A withdrawal request of 30,000 won moved to `status` (0, 2, 1 or -1). */
async function withdrawalAt(status: CashStatus): Promise<{ m: TestMember; id: number }> {
  const m = await fundedMember();
  const out = await server.call('cashOut', { idempotencyKey: key(), amount: 30_000, cashOutPass: '4321' }, { token: m.token });
  expect(out.resultCode).toBe('0');
  const id = out.data!.request.requestId;
  if (status !== 0) await operatorMove(id, 'wait');
  if (status === 1) await operatorMove(id, 'approve');
  if (status === -1) await operatorMove(id, 'reject');
  return { m, id };
}

const statusOf = async (id: number) => (await server.rows<{ status: number }>(`select status from cash_requests where id = ${id}`))[0]!.status;

describe('the steps a request may take', () => {
  // What each mover answers from each status: a new status, or the refusal code.
  const expected: Record<CashStatus, Record<OperatorMove | 'cancel', CashStatus | string>> = {
    0: { wait: 2, approve: 'C502', reject: 'C502', cancel: -1 },
    2: { wait: 'C501', approve: 1, reject: -1, cancel: 'C501' },
    1: { wait: 'C503', approve: 'C503', reject: 'C503', cancel: 'hidden' },
    [-1]: { wait: 'C503', approve: 'C503', reject: 'C503', cancel: 'hidden' },
  };

  it('takes exactly the contract steps, each from its own status, and every contract step is taken by some move', () => {
    const taken = Object.entries(expected).flatMap(([from, moves]) =>
      Object.values(moves).filter((to): to is CashStatus => typeof to === 'number').map((to) => [Number(from), to]));
    expect(taken.sort()).toEqual([...CASH_STATUS_STEPS].map(([from, to]) => [from, to]).sort());
  });

  for (const from of [0, 2, 1, -1] as const) {
    for (const move of ['wait', 'approve', 'reject', 'cancel'] as const) {
      it(`${move} from ${from} answers ${expected[from][move]}`, async () => {
        const { m, id } = await withdrawalAt(from);
        const want = expected[from][move];
        if (move === 'cancel') {
          const answer = await memberCancel(m, id);
          if (want === 'hidden') {
            expect([answer.resultCode, await statusOf(id)]).toEqual(['0', from]);
            expect((await server.rows<{ hidden: boolean }>(`select hidden from cash_requests where id = ${id}`))[0]!.hidden).toBe(true);
          } else {
            expect([answer.resultCode, await statusOf(id)]).toEqual(typeof want === 'number' ? ['0', want] : [want, from]);
          }
          return;
        }
        const answer = await operatorMove(id, move);
        if (typeof want === 'number') expect([answer.status, await statusOf(id)]).toEqual([200, want]);
        else expect([answer.status, answer.body.resultCode, await statusOf(id)]).toEqual([409, want, from]);
      });
    }
  }

  it("refuses another member's request with C501 and tells nothing of it", async () => {
    const { id } = await withdrawalAt(0);
    const stranger = await enrolMember(server);
    const before = server.push.pushed.length;
    expect((await memberCancel(stranger, id)).resultCode).toBe('C501');
    expect((await memberCancel(stranger, 99_999_999)).resultCode).toBe('C501');
    expect(await statusOf(id)).toBe(0);
    expect(server.push.pushed.length).toBe(before);
  });
});

describe("what the member hears on their topic", () => {
  it('a withdrawal request pushes CASH with the held amount gone, before any operator step', async () => {
    const m = await fundedMember();
    const before = server.push.pushed.length;
    const out = await server.call('cashOut', { idempotencyKey: key(), amount: 30_000, cashOutPass: '4321' }, { token: m.token });
    expect(out.resultCode).toBe('0');
    expect(pushesTo(m, before)).toEqual([{ cmd: 'CASH', data1: 70_000, data2: 0 }]);
  });

  it("the member's cancel of a withdrawal pushes CASHREQ -1 and CASH with the hold returned", async () => {
    const { m, id } = await withdrawalAt(0);
    const before = server.push.pushed.length;
    expect((await memberCancel(m, id)).resultCode).toBe('0');
    expect(pushesTo(m, before)).toEqual([{ cmd: 'CASHREQ', data1: id, data2: -1 }, { cmd: 'CASH', data1: 100_000, data2: 0 }]);
    expect((await memberBalances(server, m.memId)).cashAmt).toBe(100_000);
  });

  it("the member's cancel of a deposit pushes CASHREQ -1 only: no money moved", async () => {
    const m = await enrolMember(server);
    const id = (await server.call('cashIn', { idempotencyKey: key(), amount: 50_000 }, { token: m.token })).data!.request.requestId;
    const before = server.push.pushed.length;
    expect((await memberCancel(m, id)).resultCode).toBe('0');
    expect(pushesTo(m, before)).toEqual([{ cmd: 'CASHREQ', data1: id, data2: -1 }]);
  });

  it('the operator taking a request pushes CASHREQ 2; approving a withdrawal pushes CASHREQ 1 and no CASH (the money was already held)', async () => {
    const { m, id } = await withdrawalAt(0);
    let before = server.push.pushed.length;
    await operatorMove(id, 'wait');
    expect(pushesTo(m, before)).toEqual([{ cmd: 'CASHREQ', data1: id, data2: 2 }]);
    before = server.push.pushed.length;
    await operatorMove(id, 'approve');
    expect(pushesTo(m, before)).toEqual([{ cmd: 'CASHREQ', data1: id, data2: 1 }]);
    expect((await memberBalances(server, m.memId)).cashAmt).toBe(70_000);
  });

  it('a refused move pushes nothing and writes no audit row', async () => {
    const { m, id } = await withdrawalAt(1);
    const before = server.push.pushed.length;
    const audits = await server.count('audit_log');
    expect((await operatorMove(id, 'reject')).body.resultCode).toBe('C503');
    expect(pushesTo(m, before)).toEqual([]);
    expect(await server.count('audit_log')).toBe(audits);
  });
});
