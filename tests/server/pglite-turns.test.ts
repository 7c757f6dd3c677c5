/**
 * PGlite runs in the server's own thread (server/db/client.ts takeTurns): queued transactions must leave the
 * event loop a turn between them, or no socket is read until the whole queue has run. That is how 50 members
 * launching a game at once made each launch's call to the vendor (in the same process) wait for all 50.
 * On PostgreSQL the database is another process: nothing to test.
 */
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { migratedCopy } from './pgliteSnapshot';

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite takes turns with the event loop', () => {
  let database: Database;
  let server: Server;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', from: migratedCopy() });
    server = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });

  it('an HTTP answer arriving while fifty transactions queue is read before they have all run', async () => {
    let committed = 0;
    const queued = Array.from({ length: 50 }, () => database.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i += 1) await tx.execute(sql`select count(*) from generate_series(1, 5000)`);
      committed += 1;
    }));
    const { port } = server.address() as AddressInfo;
    const readAfter = await new Promise<number>((resolve, reject) => {
      get(`http://127.0.0.1:${port}/`, (response) => {
        response.resume();
        response.on('end', () => resolve(committed));
      }).on('error', reject);
    });
    await Promise.all(queued);
    expect(committed).toBe(50);
    // Without the turns the answer was read only once all 50 had committed.
    expect(readAfter).toBeLessThan(25);
  });
});
