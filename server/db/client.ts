/**
 * Opens the database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. Both get the
 * same Drizzle schema, the same migrations and the same LISTEN/NOTIFY interface.
 */
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PGlite as PGliteClient, QueryOptions } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { oneTripQuery } from './pgliteQuery';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: the same query surface as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a query runs: the database, or a transaction (and its savepoints). */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Sends a notification (delivered after the surrounding transaction commits, if any). */
  notify(channel: string, payload: string): Promise<void>;
  /** Listens on a channel; the returned function stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Takes a session-level advisory lock on a connection of its own and keeps it until released, or until
   * that connection ends (then `onLost` is called); null when another session holds it. PGlite has one
   * session, this process's, so the lock is always taken there (server/cluster/jobs.ts).
   */
  holdLock(key: bigint, onLost: () => void): Promise<HeldLock | null>;
  close(): Promise<void>;
}

export interface HeldLock {
  release(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; 'memory://' for a throwaway database. */
  dataDir?: string;
  /**
   * PGlite: start from a copy of a database (a `dumpDataDir` tarball) instead of an empty one, whose
   * creation costs seconds; the server tests start each file's database from one migrated copy.
   */
  from?: Blob;
}

/** What differs between the two: everything but the notify, which is one statement on either. */
type Opened = Omit<Database, 'notify'>;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const opened = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir ?? './data', options.from);
  return {
    ...opened,
    async notify(channel, payload) {
      await opened.db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
  };
}

/**
 * PGlite runs in this thread, and its own bytea codec converts byte by byte in JavaScript: a 2 MB board
 * image held the event loop for seconds, stalling every other member's call. Node's Buffer does the
 * same hex conversion natively.
 */
const BYTEA = 17;
const byteaCodec = {
  parsers: { [BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex') },
  serializers: {
    [BYTEA]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new Error('bytea expects bytes');
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
    },
  },
};

/**
 * The types Drizzle's PGlite driver asks, with every query, to keep as text (drizzle-orm/pglite/session.js):
 * timestamps, timestamps with time zone, intervals, dates, their arrays and numeric[]. PGlite merges a query's
 * parsers into a copy of its whole table of about 320, some 70 µs a query (a tenth of a slot spin's time on
 * PGlite); so the client holds them as its own, and a query's copy of exactly these is dropped (takeTurns).
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

function withoutDrizzleParsers<O extends QueryOptions | undefined>(options: O): O {
  const parsers = options?.parsers;
  if (!parsers || Object.keys(parsers).length !== DRIZZLE_TEXT_TYPES.length || !DRIZZLE_TEXT_TYPES.every((type) => type in parsers)) return options;
  const { parsers: _given, ...rest } = options;
  return rest as O;
}

/**
 * PGlite runs in this thread and answers through promises alone, so queued transactions ran back to back in
 * microtasks and no socket was read meanwhile: with 50 members launching a game at once, each member's call to
 * the vendor (in this process) waited for every launch queued behind it (first launches up to 2.8 s, p99 2.7 s).
 * Here every transaction and query waits for its turn in arrival order (as PGlite's own lock would have it),
 * then lets the event loop take one round of I/O before it runs. Drizzle's parsers are the client's own, and a
 * query takes one pass through PGlite's protocol code where it can (pgliteQuery.ts).
 */
function takeTurns(pglite: typeof import('@electric-sql/pglite'), client: PGliteClient): void {
  Object.assign(client.parsers, Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, asText])));
  let last: Promise<unknown> = Promise.resolve();
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = last.then(nextTurn).then(work);
    last = run.catch(() => undefined);
    return run;
  };
  type Query = PGliteClient['query'];
  const lighter = (query: Query, inTransaction: boolean): Query => {
    const oneTrip = oneTripQuery(pglite, client, inTransaction);
    return ((text: string, params?: unknown[], options?: QueryOptions) => {
      const lean = withoutDrizzleParsers(options);
      return oneTrip(text, params, lean) ?? query(text, params, lean);
    }) as Query;
  };
  const { transaction, query, exec } = { transaction: client.transaction.bind(client), query: lighter(client.query.bind(client), false), exec: client.exec.bind(client) };
  client.transaction = ((callback) => inTurn(() => transaction((tx) => {
    tx.query = lighter(tx.query.bind(tx), true);
    return callback(tx);
  }))) as typeof client.transaction;
  client.query = ((...args: Parameters<Query>) => inTurn(() => query(...args))) as Query;
  client.exec = ((...args: Parameters<typeof exec>) => inTurn(() => exec(...args))) as typeof client.exec;
}

async function openPglite(dataDir: string, from: Blob | undefined): Promise<Opened> {
  const pglite = await import('@electric-sql/pglite');
  const { PGlite } = pglite;
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { ...(from ? { loadDataDir: from } : {}), parsers: byteaCodec.parsers, serializers: byteaCodec.serializers });
  takeTurns(pglite, client);
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const stop = await client.listen(channel, onPayload);
      return stop;
    },
    holdLock: async () => ({ release: async () => undefined }),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Opened> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => { /* an idle client dropped; the pool replaces it */ });
  const db = drizzle({ client: pool, schema });
  await migrate(db, { migrationsFolder });

  // One dedicated connection carries every LISTEN; it reconnects and re-listens if it drops.
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let listener: InstanceType<typeof pg.Client> | null = null;
  let closed = false;
  async function connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
    client.on('error', () => {
      listener = null;
      if (!closed) setTimeout(() => { connectListener().catch(() => undefined); }, 1000);
    });
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`LISTEN "${channel}"`);
    listener = client;
  }

  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      if (!listener) await connectListener();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener?.query(`LISTEN "${channel}"`);
      }
      set.add(onPayload);
      return async () => { set.delete(onPayload); };
    },
    async holdLock(key, onLost) {
      // Named after this process, so an operator (or a test) sees which instance holds it in pg_stat_activity.
      const client = new pg.Client({ connectionString: url, application_name: `hanbit-jobs:${process.pid}` });
      await client.connect();
      let released = false;
      const end = () => {
        if (!released) onLost();
        released = true;
      };
      try {
        const { rows } = await client.query<{ taken: boolean }>('select pg_try_advisory_lock($1) as taken', [key.toString()]);
        if (!rows[0]?.taken) {
          released = true;
          await client.end();
          return null;
        }
      } catch (error) {
        released = true;
        await client.end().catch(() => undefined);
        throw error;
      }
      client.on('error', end);
      client.on('end', end);
      return {
        async release() {
          released = true;
          await client.end().catch(() => undefined);
        },
      };
    },
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
