/**
 * The vendor's database handle: its own Drizzle schema over either a PGlite instance or a PostgreSQL
 * pool. Mounted in the site's server it shares the site's connection (one PGlite cannot be opened
 * twice); standalone it opens its own. Its migrations (gameProvider/db/migrations) are applied at open with
 * their own journal table (drizzle.__vendor_migrations), so they never meet the site's.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import * as schema from './schema';

export type VendorDb = PgDatabase<PgQueryResultHKT, typeof schema>;
export type VendorTx = Parameters<Parameters<VendorDb['transaction']>[0]>[0];

export interface VendorDatabase {
  db: VendorDb;
  /** Closes what the vendor opened itself (nothing when it shares the site's connection). */
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const migrationConfig = { migrationsFolder, migrationsTable: '__vendor_migrations', migrationsSchema: 'drizzle' };

export type VendorDatabaseSource =
  | { kind: 'pglite'; client: PGlite }
  | { kind: 'postgres'; client: Pool }
  | { databaseUrl: string }
  /** `from`: start from a copy of a database (a PGlite `dumpDataDir` tarball), as the tests do. */
  | { dataDir: string; from?: Blob };

export async function openVendorDatabase(source: VendorDatabaseSource): Promise<VendorDatabase> {
  if ('dataDir' in source) {
    const { PGlite } = await import('@electric-sql/pglite');
    if (!source.dataDir.startsWith('memory://')) mkdirSync(source.dataDir, { recursive: true });
    const client = await PGlite.create(source.dataDir, source.from ? { loadDataDir: source.from } : {});
    const opened = await openVendorDatabase({ kind: 'pglite', client });
    return { db: opened.db, close: () => client.close() };
  }
  if ('databaseUrl' in source) {
    const pg = (await import('pg')).default;
    const client = new pg.Pool({ connectionString: source.databaseUrl, max: 10 });
    client.on('error', () => { /* an idle client dropped; the pool replaces it */ });
    const opened = await openVendorDatabase({ kind: 'postgres', client });
    return { db: opened.db, close: () => client.end() };
  }
  if (source.kind === 'pglite') {
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const db = drizzle({ client: source.client, schema });
    await migrate(db, migrationConfig);
    return { db: db as unknown as VendorDb, close: async () => undefined };
  }
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const db = drizzle({ client: source.client, schema });
  await migrate(db, migrationConfig);
  return { db: db as unknown as VendorDb, close: async () => undefined };
}
