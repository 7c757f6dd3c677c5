/**
 * The embedded database on a thread of its own (server/db/pgliteWorker.mjs), behind the part of PGlite's
 * interface the site, the mounted vendor and feed, and Drizzle use.
 *
 * Why a thread: PGlite is Postgres compiled to WebAssembly and runs wherever it is called. In the site's own
 * thread, its work (about two thirds of a slot spin's or a game launch's time) and the site's (HTTP, the
 * calls' logic) took turns on one core; here they run side by side, and no member's call waits for the
 * database's work on another's to read its socket.
 *
 * One connection, as PGlite has: every statement and transaction waits for its turn in arrival order, and a
 * transaction keeps the turn until it commits or rolls back.
 */
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** What the site uses of a PGlite database (a PGlite instance itself qualifies, as the standalone vendor's). */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen' | 'dumpDataDir' | 'close'>;

type Request =
  | { op: 'query'; text: string; params: unknown[] | undefined; rowMode: 'array' | 'object' | undefined }
  | { op: 'exec'; text: string }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' | undefined }
  | { op: 'close' };
type Reply = { id: number; result?: unknown; error?: Record<string, unknown> } | { notify: string; payload: string } | { ready: boolean; error?: Record<string, unknown> };

const BYTEA = 17;

/** An error from the database's thread, with its fields (code, detail, constraint, ...) as PGlite gives them. */
function errorOf(fields: Record<string, unknown>): Error {
  const { message, name, stack: _stack, ...rest } = fields;
  const error = Object.assign(new Error(String(message)), rest);
  if (typeof name === 'string') error.name = name;
  return error;
}

/** bytea values arrive as Uint8Array (structured clone drops Buffer): the site reads them as Buffers. */
function withBuffers(results: Results): Results {
  const columns = results.fields.flatMap((field, index) => (field.dataTypeID === BYTEA ? [{ index, name: field.name }] : []));
  if (columns.length === 0) return results;
  const asBuffer = (value: unknown) => (value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value);
  for (const row of results.rows as (unknown[] | Record<string, unknown>)[]) {
    for (const { index, name } of columns) {
      if (Array.isArray(row)) row[index] = asBuffer(row[index]);
      else row[name] = asBuffer(row[name]);
    }
  }
  return results;
}

export async function startPgliteThread(dataDir: string, from: Blob | undefined): Promise<PgliteClient> {
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
    workerData: { dataDir, from: from ? new Uint8Array(await from.arrayBuffer()) : undefined },
  });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 0;
  let failed: Error | null = null;
  // The thread keeps the process alive only while an answer is awaited (a script ends when its work does).
  worker.unref();

  const started = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        if (reply.ready) resolve();
        else reject(errorOf(reply.error ?? {}));
      } else if ('notify' in reply) {
        listeners.get(reply.notify)?.forEach((listener) => listener(reply.payload));
      } else {
        const pending = waiting.get(reply.id);
        waiting.delete(reply.id);
        if (waiting.size === 0) worker.unref();
        if (reply.error) pending?.reject(errorOf(reply.error));
        else pending?.resolve(reply.result);
      }
    });
    worker.on('error', (error) => {
      failed = error;
      reject(error);
      for (const pending of waiting.values()) pending.reject(error);
      waiting.clear();
    });
  });
  await started;

  const send = <T>(request: Request): Promise<T> => {
    if (failed) return Promise.reject(failed);
    const id = (nextId += 1);
    if (waiting.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, ...request });
    });
  };
  const query = async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> =>
    withBuffers(await send<Results>({ op: 'query', text, params, rowMode: options?.rowMode })) as Results<T>;
  const exec = async (text: string): Promise<Results[]> => (await send<Results[]>({ op: 'exec', text })).map(withBuffers);

  // The one connection's turns: a statement, or a whole transaction.
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = last.then(work);
    last = run.catch(() => undefined);
    return run;
  };

  async function listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = listeners.get(channel);
    if (!set) {
      set = new Set();
      listeners.set(channel, set);
      await send({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size === 0 && listeners.get(channel) === set) {
        listeners.delete(channel);
        await send({ op: 'unlisten', channel });
      }
    };
  }

  const client = {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) => inTurn(() => query<T>(text, params, options)),
    exec: (text: string) => inTurn(() => exec(text)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => inTurn(async () => {
      await query('BEGIN');
      let closed = false;
      const tx = {
        query, exec,
        sql: () => Promise.reject(new Error('tx.sql is not supported')),
        listen: () => Promise.reject(new Error('tx.listen is not supported')),
        rollback: async () => {
          await query('ROLLBACK');
          closed = true;
        },
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      try {
        const result = await callback(tx);
        if (!closed) await query('COMMIT');
        return result;
      } catch (error) {
        if (!closed) await query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        closed = true;
      }
    }),
    listen,
    dumpDataDir: async (compression?: 'none' | 'gzip' | 'auto') =>
      new File([await inTurn(() => send<Uint8Array<ArrayBuffer>>({ op: 'dump', compression }))], 'pgdata.tar'),
    close: async () => {
      await inTurn(() => send({ op: 'close' }));
      await worker.terminate();
    },
  };
  return client as unknown as PgliteClient;
}
