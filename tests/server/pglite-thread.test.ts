/**
 * The embedded database on its own thread (server/db/pgliteThread.ts): what the site relies on of PGlite
 * must come through the crossing unchanged (errors with their fields, bytes, notifications, one connection's
 * transactions), and the site's thread must stay free while the database works. On PostgreSQL: nothing to test.
 */
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { migratedCopy } from './pgliteSnapshot';

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite on its own thread', () => {
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
    // With the database in this thread and no turns, the answer was read only once all 50 had committed.
    expect(readAfter).toBeLessThan(25);
  });

  it('keeps a database error\'s code and detail, and rolls a failed transaction back', async () => {
    const { db } = database;
    await db.execute(sql`create table thread_probe (id int primary key, bytes bytea, at timestamptz)`);
    const failed = db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id) values (1)`);
      await tx.execute(sql`do $$ begin raise exception using errcode = 'HB003', message = 'held', detail = '{"version":3}'; end $$`);
    });
    await expect(failed).rejects.toMatchObject({ cause: { code: 'HB003', detail: '{"version":3}' } });
    expect(rowsOf(await db.execute(sql`select count(*)::int as n from thread_probe`))[0]).toEqual({ n: 0 });
    await db.execute(sql`insert into thread_probe (id) values (2)`);
    await expect(db.execute(sql`insert into thread_probe (id) values (2)`)).rejects.toMatchObject({ cause: { code: '23505', constraint: 'thread_probe_pkey' } });
  });

  it('gives bytes back as a Buffer and timestamps as Drizzle reads them', async () => {
    const bytes = Buffer.from([0, 1, 2, 254, 255]);
    await database.db.execute(sql`insert into thread_probe (id, bytes, at) values (3, ${bytes}, '2026-11-30T00:00:00Z')`);
    const [row] = rowsOf(await database.db.execute(sql`select bytes, at from thread_probe where id = 3`)) as { bytes: Buffer; at: string }[];
    expect(Buffer.isBuffer(row!.bytes)).toBe(true);
    expect([...row!.bytes]).toEqual([...bytes]);
    expect(typeof row!.at).toBe('string');
  });

  it('delivers notifications on a listened channel until it is left', async () => {
    const heard: string[] = [];
    const stop = await database.listen('thread_probe', (payload) => heard.push(payload));
    await database.notify('thread_probe', 'one');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stop();
    await database.notify('thread_probe', 'two');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(['one']);
  });

  it('runs nothing else inside a transaction: a statement sent meanwhile waits for its end', async () => {
    const order: string[] = [];
    let inside!: () => void;
    const open = new Promise<void>((resolve) => { inside = resolve; });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id) values (4)`);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction');
    });
    await open;
    const seen = database.db.execute(sql`select count(*)::int as n from thread_probe where id = 4`).then((result) => {
      order.push('statement');
      return rowsOf(result)[0];
    });
    await transaction;
    expect(await seen).toEqual({ n: 1 });
    expect(order).toEqual(['transaction', 'statement']);
  });
});
