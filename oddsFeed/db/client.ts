/**
 * The feed's database handle: its own Drizzle schema over a PGlite instance or a PostgreSQL pool. Mounted in
 * the site's server it shares the site's connection (one PGlite cannot be opened twice); standalone it opens
 * its own. Its migrations (oddsFeed/db/migrations) are applied at open with their own journal table
 * (drizzle.__feed_migrations), so they never meet the site's or the game provider's.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import * as schema from './schema';

export type FeedDb = PgDatabase<PgQueryResultHKT, typeof schema>;
export type FeedTx = Parameters<Parameters<FeedDb['transaction']>[0]>[0];

export interface FeedDatabase {
  db: FeedDb;
  kind: 'pglite' | 'postgres';
  /** Closes what the feed opened itself (nothing when it shares the host's connection). */
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const migrationConfig = { migrationsFolder, migrationsTable: '__feed_migrations', migrationsSchema: 'drizzle' };

export type FeedDatabaseSource =
  | { kind: 'pglite'; client: PGlite }
  | { kind: 'postgres'; client: Pool }
  | { databaseUrl: string }
  /** `from`: start from a copy of a database (a PGlite `dumpDataDir` tarball), as the tests do. */
  | { dataDir: string; from?: Blob };

export async function openFeedDatabase(source: FeedDatabaseSource): Promise<FeedDatabase> {
  if ('dataDir' in source) {
    const { PGlite } = await import('@electric-sql/pglite');
    if (!source.dataDir.startsWith('memory://')) mkdirSync(source.dataDir, { recursive: true });
    const client = await PGlite.create(source.dataDir, source.from ? { loadDataDir: source.from } : {});
    const opened = await openFeedDatabase({ kind: 'pglite', client });
    return { ...opened, close: () => client.close() };
  }
  if ('databaseUrl' in source) {
    const pg = (await import('pg')).default;
    const client = new pg.Pool({ connectionString: source.databaseUrl, max: 10 });
    client.on('error', () => { /* an idle client dropped; the pool replaces it */ });
    const opened = await openFeedDatabase({ kind: 'postgres', client });
    return { ...opened, close: () => client.end() };
  }
  if (source.kind === 'pglite') {
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const db = drizzle({ client: source.client, schema });
    await migrate(db, migrationConfig);
    return { db: db as unknown as FeedDb, kind: 'pglite', close: async () => undefined };
  }
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const db = drizzle({ client: source.client, schema });
  await migrate(db, migrationConfig);
  return { db: db as unknown as FeedDb, kind: 'postgres', close: async () => undefined };
}
