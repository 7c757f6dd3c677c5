/** `npm start` mounts the vendor in the site's server under /vendor, on the site's database, with the site's config. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { startTestServer, type TestServer } from '../server/harness';
import { signedHeaders } from './harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('the vendor mounted in the site', () => {
  it('answers signed calls under /vendor with the operator and secret of the site config', async () => {
    const { operator, secret, url, mounted } = server.config.vendor;
    expect(mounted).toBe(true);
    expect(url).toMatch(/\/vendor$/);
    const body = JSON.stringify({ transferId: 'mount-in-0001', player: '7', amount: 3_000 });
    const response = await server.app.inject({
      method: 'POST', url: '/vendor/api/v1/transfers/in', payload: body, headers: signedHeaders('/transfers/in', body, { operator, secret }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, transfer: { amount: 3_000, balanceAfter: 3_000 } });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // Its tables sit beside the site's, applied by their own journal.
    expect(await server.rows<{ balance: number }>("select balance::int as balance from vendor_players where player = '7'")).toEqual([{ balance: 3000 }]);
  });

  it('launch URLs are paths under the mount, and unknown vendor paths get the vendor answer, not the site page', async () => {
    const { operator, secret } = server.config.vendor;
    const body = JSON.stringify({ player: '7', gameKey: 'slot-pragslot-sweet-sugar', lang: 'ko' });
    const launch = await server.app.inject({ method: 'POST', url: '/vendor/api/v1/launch', payload: body, headers: signedHeaders('/launch', body, { operator, secret }) });
    expect(launch.json().url).toMatch(/^\/vendor\/play\/slot-pragslot-sweet-sugar\?lang=ko#s=/);
    const missing = await server.app.inject({ method: 'GET', url: '/vendor/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
  });
});

describe('vendor configuration of the site', () => {
  it('generates a secret when mounted, needs one for another address, and refuses the fault switch in production', () => {
    const mounted = loadConfig({ PORT: '8123' }).vendor;
    expect(mounted).toMatchObject({ mounted: true, url: 'http://127.0.0.1:8123/vendor', operator: 'hanbit', secretGenerated: true });
    expect(mounted.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(() => loadConfig({ VENDOR_URL: 'http://10.0.0.2:8090' })).toThrow(ConfigError);
    expect(loadConfig({ VENDOR_URL: 'http://10.0.0.2:8090', VENDOR_SECRET: 'shared-secret-0123456789' }).vendor)
      .toMatchObject({ mounted: false, url: 'http://10.0.0.2:8090', secret: 'shared-secret-0123456789', secretGenerated: false });
    expect(() => loadConfig({ VENDOR_FAULTS: '1', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ VENDOR_SECRET: 'short' })).toThrow(ConfigError);
  });
});
