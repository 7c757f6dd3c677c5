import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayloadOf } from '../../contract/calls';
import { systemClock } from '../../server/clock';
import { isFailure } from '../../server/failure';
import { findMemberByMemId } from '../../server/member/queries';
import { createBalancePush } from '../../server/money/balancePush';
import { createTransfersService } from '../../server/wallet/transfersService';
import { enrolMember, memberBalances } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let demoToken: string;
/** Recommended by partner01, as demo01 is: the same partner line. */
let sibling: string;
/** The sibling's session, to read what reached them. */
let siblingToken: string;
/** Recommended by a partner of another line (one no one recommended): outside demo01's line. */
let stranger: string;
/** partner01 -> subPartner -> deeper: in demo01's line, two levels down. */
let subPartner: string;
let deeper: string;
let deeperToken: string;
beforeAll(async () => {
  server = await startTestServer();
  demoToken = (await server.login('demo01', 'demo1234')).data!.token;
  ({ memId: sibling, token: siblingToken } = await newMember());
  const otherPartner = (await newMember()).memId;
  await server.rows(`update members set is_partner = true, recommender_id = null where mem_id = '${otherPartner}'`);
  stranger = (await newMember({ recommenderId: otherPartner })).memId;
  subPartner = (await newMember()).memId;
  await server.rows(`update members set is_partner = true where mem_id = '${subPartner}'`);
  ({ memId: deeper, token: deeperToken } = await newMember({ recommenderId: subPartner }));
});
afterAll(async () => { await server.close(); });

let keys = 0;
const key = () => `give-key-${(keys += 1)}`;

const newMember = (overrides: Partial<PayloadOf<'signup'>> = {}, approve = true) => enrolMember(server, overrides, approve);
const cashOf = async (memId: string) => (await memberBalances(server, memId)).cashAmt;

const WRITTEN = ['transfers', 'ledger_entries', 'ledger_transactions', 'idempotency_keys'] as const;
async function rowCounts(): Promise<Record<string, number>> {
  return Object.fromEntries(await Promise.all(WRITTEN.map(async (table) => [table, await server.count(table)] as const)));
}

const give = (toMemId: string, amount: number, cashOutPass = '1234', idempotencyKey = key()) =>
  server.call('give', { idempotencyKey, toMemId, amount, cashOutPass }, { token: demoToken });

async function krwTotal(): Promise<string> {
  const [row] = await server.rows<{ total: string }>(`select coalesce(sum(amount), 0)::text as total from ledger_entries where currency = 'KRW'`);
  return row!.total;
}

describe('transfer', () => {
  it('moves won from the sender to a member of the same line, records it, pushes CASH to both; the ledger sums to zero', async () => {
    const senderBefore = await cashOf('demo01');
    const answer = await give(sibling, 30_000);
    expect(answer.resultCode).toBe('0');
    expect(answer.data!.balances.cashAmt).toBe(senderBefore - 30_000);
    expect(answer.data!.record).toMatchObject({ toMemId: sibling, amount: 30_000, cashAfter: senderBefore - 30_000, success: 'Y', note: '' });
    expect(await cashOf('demo01')).toBe(senderBefore - 30_000);
    expect(await cashOf(sibling)).toBe(30_000);
    expect(await krwTotal()).toBe('0');
    const pushes = server.push.pushed.slice(-2).map((p) => [p.target, p.msg.cmd, p.msg.data1]);
    expect(pushes).toEqual(expect.arrayContaining([['demo01', 'CASH', senderBefore - 30_000], [sibling, 'CASH', 30_000]]));

    const list = await server.call('giveList', { page: 1 }, { token: demoToken });
    expect(list.data!.list[0]).toEqual(answer.data!.record);
    expect(list.data!.pageInfo).toEqual({ page: 1, count_per_list: 10, tatal_list_count: 1 });
  });

  it('reaches the partner who recommended the sender (one recommended the other)', async () => {
    expect((await give('partner01', 1_000)).resultCode).toBe('0');
    expect(await cashOf('partner01')).toBe(1_000);
  });

  it('reaches anyone below the sender\'s partner, at any depth: the line partner calls see (server/partner/line.ts)', async () => {
    expect((await give(deeper, 1_000)).resultCode).toBe('0');
    expect(await cashOf(deeper)).toBe(1_000);
  });

  it('never takes money out of the line of the sender\'s partner: from below a sub-partner up to its siblings\' line is C302', async () => {
    const answer = await server.call('give', { idempotencyKey: key(), toMemId: 'demo01', amount: 500, cashOutPass: '4321' }, { token: deeperToken });
    expect(answer.resultCode).toBe('C302');
    const toOwnPartner = await server.call('give', { idempotencyKey: key(), toMemId: subPartner, amount: 500, cashOutPass: '4321' }, { token: deeperToken });
    expect(toOwnPartner.resultCode).toBe('0');
  });

  it('answers a retry with the same key with the first answer and moves once; another payload under it is C999', async () => {
    const idempotencyKey = key();
    const first = await give(sibling, 2_000, '1234', idempotencyKey);
    const before = await rowCounts();
    const cash = await cashOf(sibling);
    expect(await give(sibling, 2_000, '1234', idempotencyKey)).toEqual(first);
    expect((await give(sibling, 3_000, '1234', idempotencyKey)).resultCode).toBe('C999');
    expect(await rowCounts()).toEqual(before);
    expect(await cashOf(sibling)).toBe(cash);
  });
});

describe('transfer refusals', () => {
  it('refuses a receiver outside the line, unknown, not active, or the sender (C302), writing nothing', async () => {
    const pending = await newMember({}, false);
    const suspended = await newMember();
    await server.rows(`update members set status = 'suspended' where mem_id = '${suspended.memId}'`);
    const before = await rowCounts();
    const cash = await cashOf('demo01');
    for (const toMemId of [stranger, 'nobody99', pending.memId, suspended.memId, 'demo01', 'DEMO01', '']) {
      expect((await give(toMemId, 1_000)).resultCode, toMemId).toBe('C302');
    }
    expect(await rowCounts()).toEqual(before);
    expect(await cashOf('demo01')).toBe(cash);
  });

  it('is refused while the operator has transfers switched off (C304)', async () => {
    await server.rows('update wallet_settings set transfers_on = false where id = 1');
    try {
      const before = await rowCounts();
      expect((await give(sibling, 1_000)).resultCode).toBe('C304');
      expect(await rowCounts()).toEqual(before);
    } finally {
      await server.rows('update wallet_settings set transfers_on = true where id = 1');
    }
  });

  it('records a refused transfer to a valid receiver (C205 empty password, C008 wrong password, C202 over held) and moves nothing', async () => {
    const cash = await cashOf('demo01');
    const receiverCash = await cashOf(sibling);
    const before = await rowCounts();
    expect((await give(sibling, 1_000, '')).resultCode).toBe('C205');
    expect((await give(sibling, 1_000, '9999')).resultCode).toBe('C008');
    expect((await give(sibling, cash + 1)).resultCode).toBe('C202');
    expect(await rowCounts()).toEqual({ ...before, transfers: before.transfers + 3 });
    expect(await cashOf('demo01')).toBe(cash);
    expect(await cashOf(sibling)).toBe(receiverCash);

    const list = (await server.call('giveList', { page: 1 }, { token: demoToken })).data!.list;
    expect(list.slice(0, 3).map((r) => [r.toMemId, r.amount, r.cashAfter, r.success, r.note])).toEqual([
      [sibling, cash + 1, cash, 'N', 'C202'], [sibling, 1_000, cash, 'N', 'C008'], [sibling, 1_000, cash, 'N', 'C205'],
    ]);
  });

  it('shows the receiver what reached them: the sender, the amount and their own cash after, never a refused attempt or the sender\'s cash', async () => {
    const senderCash = await cashOf('demo01');
    const answer = await give(sibling, 2_500);
    expect(answer.resultCode).toBe('0');
    expect((await give(sibling, 1_000, '9999')).resultCode).toBe('C008');

    const received = (await server.call('giveList', { page: 1 }, { token: siblingToken })).data!.list;
    expect(received[0]).toMatchObject({
      recordId: answer.data!.record.recordId, direction: 'received', counterpartId: 'demo01', amount: 2_500,
      cashAfter: await cashOf(sibling), success: 'Y',
    });
    expect(received.every((r) => r.direction === 'received' && r.success === 'Y')).toBe(true);
    expect(received.map((r) => r.cashAfter)).not.toContain(senderCash - 2_500);

    const sent = (await server.call('giveList', { page: 1 }, { token: demoToken })).data!.list;
    expect(sent.slice(0, 2).map((r) => [r.direction, r.counterpartId, r.success])).toEqual([['sent', sibling, 'N'], ['sent', sibling, 'Y']]);
  });

  it('answers C303 for a missing or bad amount, and R003 for wrong types and long values; nothing is written', async () => {
    const before = await rowCounts();
    const cash = await cashOf('demo01');
    const send = (payload: Record<string, unknown>) =>
      server.callUnchecked('give', { idempotencyKey: key(), toMemId: sibling, cashOutPass: '1234', ...payload }, { token: demoToken });
    for (const amount of [undefined, '', 0, -1_000, 1_000.5, 1e30, '12abc', '-5', Number.MAX_SAFE_INTEGER + 2]) {
      expect((await send({ amount })).resultCode, `amount ${String(amount)}`).toBe('C303');
    }
    for (const payload of [
      { amount: true }, { amount: { won: 1 } }, { amount: 'x'.repeat(10_000) }, { amount: 1_000, toMemId: 'x'.repeat(10_000) },
      { amount: 1_000, toMemId: 42 }, { amount: 1_000, cashOutPass: 'x'.repeat(10_000) }, { amount: 1_000, cashOutPass: 1234 },
      { amount: 1_000, idempotencyKey: 'x'.repeat(10_000) },
    ]) {
      expect((await send(payload)).resultCode, JSON.stringify(payload).slice(0, 60)).toBe('R003');
    }
    expect((await server.callUnchecked('giveList', { page: -1 }, { token: demoToken })).resultCode).toBe('R003');
    expect((await server.callUnchecked('giveList', { page: 1, endDate: '2026-13-01' }, { token: demoToken })).resultCode).toBe('R003');
    expect(await rowCounts()).toEqual(before);
    expect(await cashOf('demo01')).toBe(cash);
  });

  it('refuses a sender suspended after their session was checked (U0011)', async () => {
    const { memId } = await newMember();
    const member = (await findMemberByMemId(server.database.db, memId))!;
    await server.rows(`update members set status = 'suspended' where id = ${member.id}`);
    const transfers = createTransfersService({
      db: server.database.db, clock: systemClock, balances: createBalancePush(server.database.db, server.push, console),
    });
    const before = await rowCounts();
    const refusal = await transfers.give({ memberId: member.id, memId }, { idempotencyKey: key(), toMemId: sibling, amount: 1_000, cashOutPass: '4321' })
      .catch((error: unknown) => error);
    expect(isFailure(refusal) && refusal.code).toBe('U0011');
    expect(await rowCounts()).toEqual(before);
  });

  it('lists only the sender\'s own records, by date', async () => {
    const { token } = await newMember();
    expect((await server.call('giveList', { page: 1 }, { token })).data!.pageInfo.tatal_list_count).toBe(0);
    expect((await server.call('giveList', { page: 1, startDate: '2020-01-01', endDate: '2020-12-31' }, { token: demoToken })).data!.list).toEqual([]);
  });
});
