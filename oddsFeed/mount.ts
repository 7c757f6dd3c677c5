/**
 * Mounts the feed inside a host server (the site's): it shares the host's database connection (its own
 * tables and migrations journal) and takes the operator and secret from the host. The host starts the
 * engine (`handle.scheduler.start()`) on the one instance that should run it; closing the host stops it.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { createFeedPlugin, type FeedAppOptions, type FeedHandle } from './app';
import type { FeedEnvSettings } from './config';
import { openFeedDatabase } from './db/client';

export interface HostDatabase {
  kind: 'pglite' | 'postgres';
  /** A Drizzle database: its $client (PGlite or pg Pool) is shared. */
  db: object;
}

export interface OddsFeedMountConfig {
  operator: string;
  secret: string;
  settings: FeedEnvSettings;
  /** The feed's clock (the host's test clock in its tests), its leagues, its seeds: see FeedAppOptions. */
  clock?: FeedAppOptions['clock'];
  leagues?: FeedAppOptions['leagues'];
  newSeed?: FeedAppOptions['newSeed'];
}

export async function mountOddsFeed(app: FastifyInstance, host: HostDatabase, config: OddsFeedMountConfig, prefix: string): Promise<FeedHandle> {
  const client = (host.db as { $client: unknown }).$client;
  const database = await openFeedDatabase(host.kind === 'pglite' ? { kind: 'pglite', client: client as PGlite } : { kind: 'postgres', client: client as Pool });
  const { plugin, handle } = createFeedPlugin({
    database, operators: { [config.operator]: config.secret }, settings: config.settings, mountPrefix: prefix,
    clock: config.clock, leagues: config.leagues, newSeed: config.newSeed,
  });
  await app.register(plugin, { prefix });
  return handle;
}

export { loadFeedSettings, type FeedEnvSettings } from './config';
export type { FeedHandle } from './app';
