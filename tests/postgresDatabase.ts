/**
 * A fresh PostgreSQL database for one test file, server process or harness, on the server TEST_DATABASE_URL
 * names: created empty under a random name, dropped (with its connections) by `drop()`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migratedCopy } from './server/pgliteSnapshot';

export interface FreshPostgres {
  url: string;
  drop(): Promise<void>;
}

export async function createPostgresDatabase(serverUrl: string, prefix: string): Promise<FreshPostgres> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** Where a test opens a database: PGlite in memory from the migrated copy, or a fresh PostgreSQL database's address. */
export type TestDatabaseSource = { dataDir: 'memory://'; from: Blob | undefined } | { databaseUrl: string };

/**
 * A database for one test harness: PGlite in memory, or a fresh PostgreSQL database (named from `prefix`) when
 * TEST_DATABASE_URL is set; `open` is the module's own opener, `drop` removes what was made.
 */
export async function freshTestDatabase<D>(prefix: string, open: (source: TestDatabaseSource) => Promise<D>): Promise<{ database: D; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { database: await open({ dataDir: 'memory://', from: migratedCopy() }), drop: async () => undefined };
  const fresh = await createPostgresDatabase(serverUrl, prefix);
  return { database: await open({ databaseUrl: fresh.url }), drop: fresh.drop };
}
