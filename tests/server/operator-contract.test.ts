/**
 * The operator API validates with the schemas of contract/admin.ts (so a console can share them): for
 * every operator payload, the server refuses a body with 400 R003 exactly when the contract's schema
 * does, and writes nothing then. And the operator module runs on the app's clock: audit rows, the
 * maintenance window and the server time the site reads all follow the settable test clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  answerBody, couponBody, pointsBody, pushBody, rejectBody, restrictionsBody, siteCheckBody, siteOptionsBody, testClockBody, walletSettingsBody,
} from '../../contract/admin';
import { sessionsRevokeBody } from '../../contract/membersAdmin';
import { partnerMakeBody, partnerMoveBody, partnerPermissionsBody, partnerRatesBody, settlementCloseBody } from '../../contract/partnerAdmin';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ testClock: true }); });
afterAll(async () => { await server.close(); });

const FUTURE = '2031-05-01T00:00:00Z';

interface Case {
  method: 'POST' | 'PUT';
  url: string;
  schema: z.ZodType;
  bodies: unknown[];
}

const cases: Case[] = [
  { method: 'PUT', url: '/admin/api/site-check', schema: siteCheckBody, bodies: [
    { startDate: null, endDate: null }, { startDate: FUTURE, endDate: null }, { startDate: 'soon', endDate: FUTURE },
    { startDate: '2031-05-02T00:00:00Z', endDate: FUTURE }] },
  { method: 'PUT', url: '/admin/api/site-options', schema: siteOptionsBody, bodies: [
    { signupOpen: true }, { signupOpen: 'yes' }, { sns2Link: 'javascript:alert(1)' }, { sns2Link: 'https://t.me/x' }, { extra: 1 }] },
  { method: 'POST', url: '/admin/api/members/demo01/push', schema: pushBody, bodies: [
    { cmd: 'MSG', data1: 1, data2: null }, { cmd: 'msg', data1: 1, data2: null }, { cmd: 'MSG', data1: [], data2: null }] },
  { method: 'PUT', url: '/admin/api/wallet-settings', schema: walletSettingsBody, bodies: [
    { depositUnit: 10_000 }, { depositUnit: 0 }, { usdtPriceKrw: 1.5 }, { transfersOn: 1 }, { nope: true }] },
  { method: 'PUT', url: '/admin/api/members/demo01/restrictions', schema: restrictionsBody, bodies: [
    { depositBanned: false }, { depositBanned: 'false' }, { banned: true }] },
  { method: 'POST', url: '/admin/api/members/demo01/points', schema: pointsBody, bodies: [
    { amount: 10, reason: 'event' }, { amount: 0, reason: 'event' }, { amount: 10, reason: '  ' }, { amount: 1e30, reason: 'x' }] },
  { method: 'POST', url: '/admin/api/members/demo01/coupons', schema: couponBody, bodies: [
    { name: 'welcome', kind: 'cash', amount: 1_000, expiresAt: FUTURE }, { name: 'welcome', kind: 'gold', amount: 1_000, expiresAt: FUTURE },
    { name: '', kind: 'cash', amount: 1_000, expiresAt: FUTURE }, { name: 'x', kind: 'point', amount: -5, expiresAt: FUTURE }] },
  { method: 'POST', url: '/admin/api/cash-requests/99999999/reject', schema: rejectBody, bodies: [{ reason: 7 }, { reason: 'x'.repeat(10_000) }] },
  { method: 'POST', url: '/admin/api/account-inquiries/99999999/answer', schema: answerBody, bodies: [{ answer: '' }, { answer: 3 }] },
  { method: 'POST', url: '/admin/api/members/demo01/sessions/revoke', schema: sessionsRevokeBody, bodies: [
    { reason: 'abuse' }, { reason: '' }, { reason: ' ' }, { reason: 5 }, {}, { reason: 'x', all: true }] },
  { method: 'PUT', url: '/admin/api/test/clock', schema: testClockBody, bodies: [{ now: 'noon' }, { now: 5 }, { now: '2031-04-02T03:00:00Z' }] },
  // The partner line's (contract/partnerAdmin.ts): partner01 is the seed's top distributor, demo01 its member.
  { method: 'POST', url: '/admin/api/partners/partner01/make', schema: partnerMakeBody, bodies: [
    { level: 'PTN_4', parentMemId: null }, { level: 'PTN_9', parentMemId: null }, { level: 'PTN_4' }, { level: 'PTN_4', parentMemId: null, canCreateLower: 'yes' },
    { level: 'PTN_4', parentMemId: '' }] },
  { method: 'POST', url: '/admin/api/partners/demo01/move', schema: partnerMoveBody, bodies: [
    { parentMemId: 'partner01' }, { parentMemId: '' }, { parentMemId: 5 }, {}] },
  { method: 'PUT', url: '/admin/api/partners/partner01/rates', schema: partnerRatesBody, bodies: [
    { rates: [{ product: 'casino', kind: 'rolling', rateBp: 100 }] }, { rates: [{ product: 'casino', kind: 'rolling', rateBp: 1.5 }] },
    { rates: [{ product: 'casino', kind: 'rolling', rateBp: 10_001 }] }, { rates: [{ product: 'poker', kind: 'rolling', rateBp: 100 }] },
    { rates: [{ product: 'casino', kind: 'share', rateBp: 100 }] }, { rates: [] }, { rates: [{ product: 'casino', kind: 'rolling', rateBp: '100' }] }] },
  { method: 'PUT', url: '/admin/api/partners/partner01/permissions', schema: partnerPermissionsBody, bodies: [
    { canMoveMoney: true }, { canCreateLower: 'no' }, { canCreateLower: true, canMoveMoney: true }] },
  { method: 'POST', url: '/admin/api/partners/settlements/close', schema: settlementCloseBody, bodies: [
    { day: '2020-01-01' }, { day: '2020-1-1' }, { day: '2031-02-30' }, { day: '2031-13-45' }, { day: 20200101 }, {}] },
];

describe('operator payloads', () => {
  for (const { method, url, schema, bodies } of cases) {
    it(`${method} ${url} refuses exactly what the contract's schema refuses, writing nothing`, async () => {
      for (const body of bodies) {
        const contractSays = schema.safeParse(body).success;
        const audits = await server.count('audit_log');
        const answer = await server.admin(method, url, body);
        if (contractSays) {
          expect([answer.status === 400, body]).toEqual([false, body]);
        } else {
          expect([answer.status, answer.body.resultCode, body]).toEqual([400, 'R003', body]);
          expect(await server.count('audit_log')).toBe(audits);
        }
      }
    });
  }
});

describe('operator updates with nothing to change', () => {
  const refusesNothingToChange = async (url: string) => {
    for (const body of [{}, null]) {
      const audits = await server.count('audit_log');
      const answer = await server.admin('PUT', url, body);
      expect([answer.status, answer.body.resultCode, body]).toEqual([400, 'R003', body]);
      expect(await server.count('audit_log')).toBe(audits);
    }
  };
  const updates = [
    '/admin/api/minigames/powerball/settings', '/admin/api/wallet-settings', '/admin/api/members/demo01/restrictions',
    '/admin/api/site-options', '/admin/api/site-check', '/admin/api/attendance-settings', '/admin/api/rotary',
    '/admin/api/games/settings', '/admin/api/message-retention', '/admin/api/games/members/demo01/lock',
    '/admin/api/minigames/members/demo01/bet-permission', '/admin/api/banners/1', '/admin/api/partners/partner01/permissions',
  ];
  for (const url of updates) {
    it(`PUT ${url} with {} or null answers a code and writes nothing`, () => refusesNothingToChange(url));
  }
});

describe("the operator module's clock", () => {
  it('audit rows, maintenance windows and the server time all follow the app clock', async () => {
    const now = '2031-06-01T12:00:00.000Z';
    expect((await server.admin('PUT', '/admin/api/test/clock', { now })).status).toBe(200);
    const { data } = await server.login('demo01', 'demo1234');
    expect((await server.call('siteCheckInfo', {}, { token: data!.token })).data!.now).toBe(now);

    // A window around the app's time (years from the real one) sends members online away.
    server.push.pushed.length = 0;
    const window = { startDate: '2031-06-01T11:00:00.000Z', endDate: '2031-06-01T13:00:00.000Z' };
    expect((await server.admin('PUT', '/admin/api/site-check', window)).status).toBe(200);
    expect(server.push.pushed.map((p) => p.msg.cmd)).toContain('INSPECT');
    const [row] = await server.rows<{ at: Date | string }>(`select at from audit_log where action = 'site.check' order by id desc limit 1`);
    expect(new Date(row!.at).toISOString()).toBe(now);
    await server.admin('PUT', '/admin/api/site-check', { startDate: null, endDate: null });
    await server.admin('PUT', '/admin/api/test/clock', { now: null });
  });
});
