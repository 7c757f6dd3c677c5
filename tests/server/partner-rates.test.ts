/**
 * The rates' one order (a child never above its parent, at any instant) kept through what the rates'
 * trigger alone does not see: an operator's move of a partner with waiting rates (theirs and their lower
 * partners' come down to the new parent's), and concurrent writes on one line (a parent lowered while the
 * child raises its own lower partner) taking turns. The clock is the test's (Seoul noon). Runs on PGlite
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
