/**
 * The rates' one order (a child never above its parent, at any instant) kept through what the rates'
 * trigger alone does not see: an operator's move of a partner with waiting rates (theirs and their lower
 * partners' come down to the new parent's), and concurrent writes on one line (a parent lowered while the
 * child raises its own lower partner) taking turns; every clamp audited, waiting rows lowered in place
 * among them. The clock is the test's (Seoul noon). Runs on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerLevel, RateEntry } from '../../contract/partner';
import { enrolMember, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';

const NOON = '2031-07-01T03:00:00.000Z'; // 12:00 Seoul, 1 July
const MIDNIGHT = '2031-07-01T15:00:00.000Z'; // 00:00 Seoul, 2 July: when a partner's change takes effect

let server: TestServer;
let keys = 0;
const key = () => `partner-rates-${(keys += 1)}`;

const casino = (rolling: number): RateEntry[] => [{ product: 'casino', kind: 'rolling', rateBp: rolling }];

async function partner(level: PartnerLevel, parent: TestMember | null, rolling: number): Promise<TestMember> {
  const member = await enrolMember(server);
  expect((await server.admin('POST', `/admin/api/partners/${member.memId}/make`, { level, parentMemId: parent?.memId ?? null })).status).toBe(200);
  expect((await server.admin('PUT', `/admin/api/partners/${member.memId}/rates`, { rates: casino(rolling) })).status).toBe(200);
  return member;
}

/** A partner's casino rolling rate at an instant, as the database reads it. */
async function rollingAt(member: TestMember, at: string): Promise<number> {
  const [row] = await server.rows<{ bp: number }>(`select partner_rate_at(${member.memberId}, 'casino', 'rolling', '${at}') as bp`);
  return Number(row!.bp);
}

/** The clamps audited for a write on `target` (partner.rates.clamp rows). */
async function clampsOf(target: TestMember) {
  const rows = await server.rows<{ detail: { clamped: { memberId: number; from: number; to: number; waitingFrom?: string }[] } }>(
    `select detail from audit_log where action = 'partner.rates.clamp' and target = '${target.memberId}' order by id`);
  return rows.flatMap((row) => row.detail.clamped.map(({ memberId, from, to, waitingFrom }) => ({ memberId, from, to, waitingFrom: waitingFrom ?? null })));
}

async function raise(by: TestMember, target: TestMember, rolling: number) {
  return server.call('partnerRateChange', { idempotencyKey: key(), memId: target.memId, rates: casino(rolling) }, { token: by.token });
}

beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  expect((await server.admin('PUT', '/admin/api/test/clock', { now: NOON })).status).toBe(200);
});
afterAll(async () => { await server.close(); });

describe('moving a partner', () => {
  it('brings its waiting rates, and its lower partners\', down to the new parent\'s', async () => {
    const high = await partner('PTN_1', null, 100);
    const low = await partner('PTN_1', null, 50);
    const moved = await partner('PTN_2', high, 40);
    const lower = await partner('PTN_3', moved, 30);
    // From the next midnight: the moved partner 90 (its parent's change), its lower partner 80 (its own).
    expect((await raise(high, moved, 90)).resultCode).toBe('0');
    expect((await raise(moved, lower, 80)).resultCode).toBe('0');
    expect([await rollingAt(moved, MIDNIGHT), await rollingAt(lower, MIDNIGHT)]).toEqual([90, 80]);

    const move = await server.admin('POST', `/admin/api/partners/${moved.memId}/move`, { parentMemId: low.memId });
    expect(move.status).toBe(200);
    // In force now: below the new parent's already; waiting: down to it.
    expect([await rollingAt(moved, NOON), await rollingAt(lower, NOON)]).toEqual([40, 30]);
    expect([await rollingAt(moved, MIDNIGHT), await rollingAt(lower, MIDNIGHT)]).toEqual([50, 50]);
    // Audited, the waiting rows lowered in place among the clamps.
    expect(await clampsOf(moved)).toEqual([
      { memberId: lower.memberId, from: 80, to: 50, waitingFrom: MIDNIGHT },
      { memberId: moved.memberId, from: 90, to: 50, waitingFrom: MIDNIGHT },
    ]);
  });
});

describe('a partner\'s own lowering, then the operator\'s', () => {
  it('clamps the lower partner\'s rate from the midnight, then every waiting row in place, each audited', async () => {
    const top = await partner('PTN_1', null, 100);
    const child = await partner('PTN_2', top, 80);
    const grandchild = await partner('PTN_3', child, 50);
    expect((await raise(child, grandchild, 75)).resultCode).toBe('0');
    // The top partner lowers the child to 70 from midnight: the grandchild's 75 from then comes down to 70.
    expect((await raise(top, child, 70)).resultCode).toBe('0');
    expect([await rollingAt(child, MIDNIGHT), await rollingAt(grandchild, MIDNIGHT)]).toEqual([70, 70]);
    expect(await clampsOf(child)).toEqual([{ memberId: grandchild.memberId, from: 75, to: 70, waitingFrom: null }]);
    const [own] = await server.rows<{ actor: string }>(`select actor from audit_log where action = 'partner.rates.clamp' and target = '${child.memberId}'`);
    expect(own!.actor).toBe(top.memId);
    // The operator lowers the child to 60 at once: every waiting row above it (the child's, the grandchild's own and
    // its clamp row) is lowered in place.
    expect((await server.admin('PUT', `/admin/api/partners/${child.memId}/rates`, { rates: casino(60) })).status).toBe(200);
    expect([await rollingAt(child, MIDNIGHT), await rollingAt(grandchild, MIDNIGHT), await rollingAt(grandchild, NOON)]).toEqual([60, 60, 50]);
    const inPlace = (await clampsOf(child)).slice(1);
    expect(inPlace).toHaveLength(3);
    expect(inPlace).toEqual(expect.arrayContaining([
      { memberId: grandchild.memberId, from: 75, to: 60, waitingFrom: MIDNIGHT },
      { memberId: grandchild.memberId, from: 70, to: 60, waitingFrom: MIDNIGHT },
      { memberId: child.memberId, from: 70, to: 60, waitingFrom: MIDNIGHT },
    ]));
  });
});

describe('concurrent rate writes on one line', () => {
  it('a parent lowered while the child raises its own lower partner ends with no child above its parent', async () => {
    const top = await partner('PTN_1', null, 100);
    const child = await partner('PTN_2', top, 80);
    for (let round = 0; round < 8; round += 1) {
      expect((await server.admin('PUT', `/admin/api/partners/${child.memId}/rates`, { rates: casino(80) })).status).toBe(200);
      const grandchild = await partner('PTN_3', child, 50);
      // At once: the operator lowers the child to 60 (in force now); the child raises its lower partner to 80 (from midnight).
      const [lowered, raised] = await Promise.all([
        server.admin('PUT', `/admin/api/partners/${child.memId}/rates`, { rates: casino(60) }),
        raise(child, grandchild, 80),
      ]);
      expect(lowered.status).toBe(200);
      expect(['0', 'PT002']).toContain(raised.resultCode);
      for (const at of [NOON, MIDNIGHT]) {
        const [below, above] = [await rollingAt(grandchild, at), await rollingAt(child, at)];
        expect({ round, at, childAboveParent: below > above }).toEqual({ round, at, childAboveParent: false });
      }
    }
  }, 120_000);
});
