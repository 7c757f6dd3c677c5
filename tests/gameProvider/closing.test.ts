/** A vendor that is closing (a restart) tells calls that still come in to try again, in the protocol's shape. */
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { listeningAddress } from '../../server/games/jobs';
import { createVendorPlugin } from '../../gameProvider/app';
import { loadVendorSettings } from '../../gameProvider/config';
import { openVendorDatabase } from '../../gameProvider/db/client';
import { migratedCopy } from '../server/pgliteSnapshot';

it('answers a play call that arrives while it closes with 503 UNAVAILABLE, never the framework\'s 503 body', async () => {
  const database = await openVendorDatabase({ dataDir: 'memory://', from: migratedCopy() });
  const { plugin } = createVendorPlugin({
    database, operators: { hanbit: 'test-vendor-secret-0123456789abcdef' }, settings: loadVendorSettings({ NODE_ENV: 'test' }), mountPrefix: null,
  });
  const app = Fastify({ return503OnClosing: false });
  await app.register(plugin);
  const answers: Response[] = [];
  // Registered after the vendor, so its close hook runs once the vendor's has: a call that arrives mid-close.
  await app.register(async (scope) => {
    scope.addHook('preClose', async () => {
      answers.push(await fetch(`${listeningAddress(app, '')}/play/api/spin`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${'x'.repeat(43)}` }, body: '{"bet":1000}',
      }));
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.close();
  await database.close();

  expect(answers[0]!.status).toBe(503);
  expect(await answers[0]!.json()).toEqual({ ok: false, code: 'UNAVAILABLE', message: 'the vendor is restarting' });
});
