/**
 * Crash test: the real server runs as a child process (node --import tsx server/main.ts) on PGlite in a
 * temporary folder, or on a fresh PostgreSQL database when TEST_DATABASE_URL is set. Members fire a
 * stream of concurrent money calls over HTTP while the operator settles requests; the server is killed
 * with SIGKILL in the middle and started again on the same data. Then: the server starts, calls still in
 * flight at the kill can be retried with their keys, the ledger invariants hold, and every call that had
 * been answered "0" before the kill left its effect (by its idempotency key).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallName, PayloadOf } from '../../contract/calls';
import type { CashRequest } from '../../contract/wallet';
import { checkLedgerInvariants } from './invariants';
import { type ProcessMember, type ServerProcess, serverProcess } from './serverProcess';

const MEMBERS = 8;
/** The kill comes once this many calls were answered "0" (and at least KILL_AFTER_MS passed), or at KILL_BY_MS. */
const KILL_AFTER_ANSWERS = 12;
const KILL_AFTER_MS = 1_500;
const KILL_BY_MS = 20_000;
const NOON_SEOUL = new Date(Date.UTC(2030, 4, 15, 3, 0, 0)).toISOString();

let server: ServerProcess;
const send: ServerProcess['send'] = (name, payload, token) => server.send(name, payload, token);
const operator: ServerProcess['operator'] = (method, path, body) => server.operator(method, path, body);

// ---------------------------------------------------------------- members and the stream

type Member = ProcessMember;

interface Sent {
  call: CallName;
  member: Member;
  key: string;
  payload: object;
  /** '0', a refusal code, or null when no answer came (in flight at the kill). */
  code: string | null;
  data: unknown;
}

const members: Member[] = [];
const sent: Sent[] = [];
/** Operator decisions answered 200: request id -> the status the operator was told it now has. */
const decided = new Map<number, number>();
let keySequence = 0;

async function moneyCall(member: Member, call: 'cashIn' | 'cashOut' | 'pointConvert' | 'give', payload: object): Promise<Sent> {
  const record: Sent = { call, member, key: (payload as { idempotencyKey: string }).idempotencyKey, payload, code: null, data: null };
  sent.push(record);
  try {
    const answer = await send(call, payload as PayloadOf<typeof call>, member.token);
    record.code = answer.resultCode;
    record.data = answer.data;
  } catch {
    // No answer: the server died with the call in flight. Its outcome is unknown until a retry asks.
  }
  return record;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function memberLoop(member: Member, until: () => boolean): Promise<void> {
  let openWithdrawal: number | null = null;
  while (!until()) {
    const key = `crash-${(keySequence += 1)}-${randomBytes(3).toString('hex')}`;
    const move = pick(['out', 'out', 'cancel', 'in', 'convert', 'give'] as const);
    if (move === 'cancel' && openWithdrawal !== null) {
      await send('cashDel', { requestId: openWithdrawal }, member.token).catch(() => undefined);
      openWithdrawal = null;
    } else if (move === 'out' || move === 'cancel') {
      const record = await moneyCall(member, 'cashOut', { idempotencyKey: key, amount: 10_000, cashOutPass: '4321' });
      if (record.code === '0') openWithdrawal = (record.data as { request: CashRequest }).request.requestId;
    } else if (move === 'in') {
      await moneyCall(member, 'cashIn', { idempotencyKey: key, amount: 10_000, bonusYn: pick(['Y', 'N']) });
    } else if (move === 'convert') {
      await moneyCall(member, 'pointConvert', { idempotencyKey: key, amount: 1_000 });
    } else {
      const to = pick(members.filter((m) => m !== member));
      await moneyCall(member, 'give', { idempotencyKey: key, toMemId: to.memId, amount: 1_000, cashOutPass: '4321' });
    }
  }
}

/** The operator settles whatever is open: applied -> waiting, waiting -> approved or rejected. */
async function operatorLoop(until: () => boolean): Promise<void> {
  while (!until()) {
    try {
      for (const status of [0, 2] as const) {
        const listed = await operator('GET', `/cash-requests?status=${status}`);
        for (const request of ((listed.body.list ?? []) as { requestId: number }[]).slice(0, 10)) {
          const action = status === 0 ? 'wait' : pick(['approve', 'reject'] as const);
          const answer = await operator('POST', `/cash-requests/${request.requestId}/${action}`, action === 'reject' ? { reason: 'crash test' } : undefined);
          if (answer.status === 200) decided.set(request.requestId, action === 'wait' ? 2 : action === 'approve' ? 1 : -1);
        }
      }
    } catch {
      return; // the server is gone
    }
  }
}

beforeAll(async () => {
  server = await serverProcess('ledger-crash');
  await server.start();
  expect((await operator('PUT', '/test/clock', { now: NOON_SEOUL })).status).toBe(200);
  expect((await operator('PUT', '/wallet-settings', { rerequestWaitMinutes: 0 })).status).toBe(200);
  // Starting money through the real flows: an approved deposit and an operator point grant.
  for (let i = 0; i < MEMBERS; i += 1) {
    const member = await server.member(1_000_000);
    members.push(member);
    expect((await operator('POST', `/members/${member.memId}/points`, { amount: 1_000_000, reason: 'crash test' })).status).toBe(200);
  }
}, 90_000);

afterAll(async () => {
  await server?.dispose();
});

describe('a server killed in the middle of money calls', () => {
  it('restarts on the same data with every answered call in the ledger and the invariants holding', async () => {
    // Calls started after the kill are never sent: every call without an answer was in flight at SIGKILL.
    let killing = false;
    const stream = Promise.all([...members.map((m) => memberLoop(m, () => killing)), operatorLoop(() => killing)]);
    const started = Date.now();
    const answers = () => sent.filter((s) => s.code === '0').length;
    while (Date.now() - started < KILL_BY_MS && (Date.now() - started < KILL_AFTER_MS || answers() < KILL_AFTER_ANSWERS)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    killing = true;
    await server.stop('SIGKILL');
    await stream;
    const answeredBeforeKill = sent.filter((s) => s.code === '0');
    const inFlight = sent.filter((s) => s.code === null);
    console.log(`crash test (${server.postgres ? 'PostgreSQL' : 'PGlite'}): ${sent.length} money calls, ${answeredBeforeKill.length} answered "0", ${inFlight.length} in flight at SIGKILL`);
    expect(answeredBeforeKill.length).toBeGreaterThan(0);

    await server.start();
    // A call that was in flight is retried with its key: it either replays what had committed or runs now.
    for (const record of inFlight) {
      const retried = await send(record.call, record.payload as PayloadOf<typeof record.call>, record.member.token);
      expect(retried.resultCode).not.toBe('R500');
      record.code = retried.resultCode;
      record.data = retried.data;
    }
    await server.stop('SIGTERM');

    const database = await server.openData();
    try {
      expect(await checkLedgerInvariants(database.db)).toEqual([]);
      const rows = async <T>(query: string) => (await database.db.execute(query) as unknown as { rows: T[] }).rows;
      const keys = new Set((await rows<{ mem_id: string; key: string; call: string }>(
        'select m.mem_id, k.key, k.call from idempotency_keys k join members m on m.id = k.member_id')).map((k) => `${k.mem_id}/${k.key}/${k.call}`));
      const requestStatus = new Map((await rows<{ id: string; status: number }>('select id, status from cash_requests')).map((r) => [Number(r.id), Number(r.status)]));
      const missing: string[] = [];
      for (const record of sent.filter((s) => s.code === '0')) {
        if (!keys.has(`${record.member.memId}/${record.key}/${record.call}`)) missing.push(`${record.call} ${record.key}: key not recorded`);
        const requestId = (record.data as { request?: CashRequest }).request?.requestId;
        if (requestId !== undefined && !requestStatus.has(requestId)) missing.push(`${record.call} ${record.key}: request ${requestId} missing`);
      }
      for (const [requestId, status] of decided) {
        const now = requestStatus.get(requestId);
        // Waiting may have been settled later; a final decision must stay as answered.
        if (status === 2 ? now === 0 || now === undefined : now !== status) missing.push(`request ${requestId}: operator was told ${status}, table has ${now}`);
      }
      expect(missing).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
