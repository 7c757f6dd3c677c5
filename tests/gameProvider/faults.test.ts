/** The fault switch (tests only): fail refuses before applying, drop applies and never answers, delay waits. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createVendorPlugin } from '../../gameProvider/app';
import { loadVendorSettings } from '../../gameProvider/config';
import { OPERATOR, SECRET, signedHeaders, startVendor, type TestVendor } from './harness';

let vendor: TestVendor;
beforeAll(async () => { vendor = await startVendor(); });
afterAll(async () => { await vendor.close(); });

async function setFaults(rules: unknown[]): Promise<{ status: number; json: unknown }> {
  return vendor.raw('PUT', '/test/faults', JSON.stringify({ rules }));
}

describe('fault switch', () => {
  it('is refused in production and absent unless VENDOR_FAULTS=1', async () => {
    expect(() => loadVendorSettings({ VENDOR_FAULTS: '1', NODE_ENV: 'production' })).toThrow(/refused when NODE_ENV=production/);
    const { plugin } = createVendorPlugin({
      database: vendor.database, operators: { [OPERATOR]: SECRET }, settings: loadVendorSettings({}), mountPrefix: null,
    });
    const plain = Fastify();
    await plain.register(plugin);
    const body = JSON.stringify({ rules: [] });
    const response = await plain.inject({ method: 'PUT', url: '/test/faults', payload: body, headers: signedHeaders('/test/faults', body) });
    expect(response.statusCode).toBe(404);
    await plain.close();
  });

  it('needs a signature and well-formed rules', async () => {
    const unsigned = await vendor.app.inject({ method: 'PUT', url: '/test/faults', payload: '{"rules":[]}', headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(401);
    expect((await setFaults([{ target: 'transfers', mode: 'explode' }])).json).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect((await setFaults([{ target: 'transfers', mode: 'fail', probability: 2 }])).json).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
  });

  it('fail: refuses before applying, for the counted number of calls', async () => {
    await setFaults([{ target: 'transfers', mode: 'fail', count: 2 }]);
    const id = 'fault-fail-0001';
    const first = await vendor.call('/transfers/in', { transferId: id, player: 'p-fail', amount: 1_000 });
    expect(first.status).toBe(503);
    expect(first.body).toMatchObject({ ok: false, code: 'UNAVAILABLE' });
    expect((await vendor.call('/transfers/lookup', { transferId: id })).body).toMatchObject({ ok: false, code: 'UNAVAILABLE' });
    // Not a transfer call: untouched.
    expect((await vendor.ok('/players/balance', { player: 'p-fail' })).balance).toBe(0);
    // The count is spent: the call applies now.
    expect((await vendor.ok('/transfers/in', { transferId: id, player: 'p-fail', amount: 1_000 })).transfer.balanceAfter).toBe(1_000);
  });

  it('drop: applies the transfer, then closes the connection; a lookup finds it and a retry moves nothing', async () => {
    await setFaults([{ target: '/transfers/in', mode: 'drop', count: 1 }]);
    const id = 'fault-drop-0001';
    // Over real HTTP: the connection closes without an answer.
    const address = await vendor.app.listen({ port: 0, host: '127.0.0.1' });
    const body = JSON.stringify({ transferId: id, player: 'p-drop', amount: 2_000 });
    await expect(fetch(`${address}/api/v1/transfers/in`, { method: 'POST', body, headers: signedHeaders('/transfers/in', body) })).rejects.toThrow();
    expect((await vendor.ok('/transfers/lookup', { transferId: id })).transfer).toMatchObject({ amount: 2_000, balanceAfter: 2_000 });
    expect((await vendor.ok('/transfers/in', { transferId: id, player: 'p-drop', amount: 2_000 })).transfer.balanceAfter).toBe(2_000);
    expect((await vendor.ok('/players/balance', { player: 'p-drop' })).balance).toBe(2_000);
  });

  it('feeds: fail and delay', async () => {
    await setFaults([{ target: 'feeds', mode: 'fail' }]);
    expect((await vendor.call('/rounds/feed', { after: null, limit: 10 })).body).toMatchObject({ ok: false, code: 'UNAVAILABLE' });
    expect((await vendor.call('/transfers/feed', { after: null, limit: 10 })).body).toMatchObject({ ok: false, code: 'UNAVAILABLE' });
    await setFaults([{ target: 'feeds', mode: 'delay', delayMs: 300, count: 1 }]);
    const started = process.hrtime.bigint();
    expect((await vendor.call('/transfers/feed', { after: null, limit: 10 })).body.ok).toBe(true);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeGreaterThanOrEqual(290);
    await setFaults([]);
    expect((await vendor.call('/rounds/feed', { after: null, limit: 10 })).body.ok).toBe(true);
  });

  it('probability 0 never fires', async () => {
    await setFaults([{ target: 'all', mode: 'fail', probability: 0 }]);
    expect((await vendor.call('/transfers/in', { transferId: 'fault-prob-0001', player: 'p-prob', amount: 10 })).body.ok).toBe(true);
    await setFaults([]);
  });
});
