/** The demo partner line `npm start` seeds: partner01 over store01 over two players, rates in order, seeded once. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedPartnerDemo } from '../../server/partner/demo';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
/** Any day of joining (the lists are by the days members joined, today by default). */
const JOINED = { startDate: '2000-01-01', endDate: '2099-12-31' };
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

it('seeds a small partner line with rates that partners see, and seeding again changes nothing', async () => {
  await seedPartnerDemo(server.database.db);
  const counts = [await server.count('partner_rates'), await server.count('ledger_transactions'), await server.count('members')];
  await seedPartnerDemo(server.database.db);
  expect([await server.count('partner_rates'), await server.count('ledger_transactions'), await server.count('members')]).toEqual(counts);
  const token = (await server.login('partner01', 'partner1234')).data!.token;
  const summary = (await server.call('partnerSummary', {}, { token })).data!.summary;
  expect(summary).toMatchObject({ level: 'PTN_4', parentMemId: null, lowerPartnerCount: 1, cashAmt: 500_000, rates: { casino: { rolling: 100, losing: 2000 } } });
  const lower = (await server.call('partnerList', JOINED, { token })).data!.list;
  expect(lower.map((p) => [p.memId, p.level, p.directMemberCount, p.rates.casino.rolling])).toEqual([['store01', 'PTN_5', 2, 50]]);
  const storeToken = (await server.login('store01', 'store1234')).data!.token;
  expect((await server.call('partnerMemberList', JOINED, { token: storeToken })).data!.list.map((m) => m.memId).sort()).toEqual(['player01', 'player02']);
});
