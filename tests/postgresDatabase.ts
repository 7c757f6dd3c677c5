/**
 * A fresh PostgreSQL database for one test file, server process or harness, on the server TEST_DATABASE_URL
 * names: created empty under a random name, dropped (with its connections) by `drop()`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
