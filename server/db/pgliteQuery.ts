/**
 * A PGlite query in one pass through its protocol code. PGlite's query() sends a statement's messages one at a time
 * (parse, describe the statement to learn its parameters' types, bind, describe, execute, sync), six passes through
 * its message code in this thread for every query; here the five a query needs go together, as node-postgres sends
 * them, and the answer is read by PGlite's own result parser, so rows, types and errors come back as query() gives
 * them. Parameters travel as text and the server infers their types, as with node-postgres (query() leaves the types
 * to the server too, and only reads them back to pick its serializer). So only queries whose parameters are null,
 * strings, numbers, bigints or booleans, with no option but parsers and the row mode, go this way; any other (bytes,
 * arrays, objects, a blob) answers null and goes through query() as before.
 */
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** PGlite's module, loaded by the caller only when the database is PGlite. */
type PGliteModule = typeof import('@electric-sql/pglite');

/** The internals of PGlite's query() that this path takes the same way: its locks and its write-back. */
interface PGliteInternals {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

function textOf(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string': return value;
    case 'number': case 'bigint': case 'boolean': return String(value);
    default: return undefined;
  }
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * `inTransaction`: the query runs in the transaction that holds PGlite's transaction lock (a transaction's own
 * query), so it takes the query lock alone and leaves the write-back to the commit, as PGlite's does.
 */
export function oneTripQuery(pglite: PGliteModule, client: PGlite, inTransaction: boolean) {
  const { protocol: { serialize }, parse: { parseResults } } = pglite;
  const internals = client as unknown as PGliteInternals;
  return <T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> | null => {
    if (options && Object.keys(options).some((option) => option !== 'parsers' && option !== 'rowMode')) return null;
    const values: (string | null)[] = [];
    for (const param of params ?? []) {
      const value = textOf(param);
      if (value === undefined) return null;
      values.push(value);
    }
    const message = joined([serialize.parse({ text }), serialize.bind({ values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
    const run = () => internals._runExclusiveQuery(async () => {
      const messages = await client.execProtocolStream(message, { syncToFs: false });
      if (!inTransaction) await client.syncToFs();
      return parseResults(messages, client.parsers, options)[0] as Results<T>;
    });
    return inTransaction ? run() : internals._runExclusiveTransaction(run);
  };
}
