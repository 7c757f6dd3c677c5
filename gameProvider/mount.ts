/**
 * Mounts the vendor inside a host server (the site's, for `npm start`): it shares the host's database
 * connection (its own tables and migrations journal) and takes the operator and secret from the host.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { createVendorPlugin, type VendorHandle } from './app';
import type { VendorSettings } from './config';
import { openVendorDatabase } from './db/client';

export interface HostDatabase {
  kind: 'pglite' | 'postgres';
  /** A Drizzle database: its $client (PGlite or pg Pool) is shared. */
  db: object;
}

export async function mountVendor(
  app: FastifyInstance,
  host: HostDatabase,
  config: { operator: string; secret: string; settings: VendorSettings },
  prefix: string,
): Promise<VendorHandle> {
  const client = (host.db as { $client: unknown }).$client;
  const database = await openVendorDatabase(host.kind === 'pglite' ? { kind: 'pglite', client: client as PGlite } : { kind: 'postgres', client: client as Pool });
  const { plugin, handle } = createVendorPlugin({
    database, operators: { [config.operator]: config.secret }, settings: config.settings, mountPrefix: prefix,
  });
  await app.register(plugin, { prefix });
  return handle;
}
