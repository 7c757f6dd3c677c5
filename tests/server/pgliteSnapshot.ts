/**
 * The server project's global setup: on PGlite, one database with the site's, the vendor's and the odds feed's migrations
 * applied is made once and dumped; each test file's database starts as a copy of it (`migratedCopy`).
 * Creating an empty PGlite database costs seconds (it runs initdb), loading the copy under one; with a
 * fresh database per test file that was most of the PGlite run. On PostgreSQL nothing is made.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { openVendorDatabase } from '../../gameProvider/db/client';
import { openFeedDatabase } from '../../oddsFeed/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite database's tarball, or null on PostgreSQL. */
    pgliteSnapshot: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', null);
    return () => undefined;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  await openVendorDatabase({ kind: 'pglite', client });
  await openFeedDatabase({ kind: 'pglite', client });
  const dir = mkdtempSync(join(tmpdir(), 'hanbit-pglite-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

let copy: Blob | null | undefined;
/**
 * A copy of the migrated database to start a PGlite database from: undefined on PostgreSQL and outside
 * vitest (`npm run bench` starts its servers through the same harness, where there is no setup to ask).
 */
export function migratedCopy(): Blob | undefined {
  if (copy === undefined) {
    const file = process.env.VITEST ? inject('pgliteSnapshot') : null;
    copy = file ? new Blob([readFileSync(file)]) : null;
  }
  return copy ?? undefined;
}
