/**
 * The embedded database's thread (server/db/pgliteThread.ts starts it): PGlite, Postgres compiled to
 * WebAssembly, runs here, off the thread that serves members' calls. Plain JavaScript, so that it starts
 * the same under tsx, vitest and node.
 *
 * Requests come as { id, op, ... } and are answered { id, result } or { id, error } in arrival order; the
 * other thread sends at most one transaction's statements at a time. Notifications on a listened channel
 * are posted as { notify, payload }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

// The clock guard (tests/wallClock.ts) shifts the test process's wall clock and writes the shift here; the
// database's now() reads Date.now() and must read the same time as the thread that started it. Never set
// outside the tests.
const shiftMs = Number(process.env.WALL_CLOCK_OFFSET_MS ?? 0);
if (shiftMs) {
  const realNow = Date.now;
  Date.now = () => realNow() + shiftMs;
}

const BYTEA = 17;
/**
 * The types Drizzle's driver asks, with every query, to keep as text (drizzle-orm/pglite/session.js):
 * timestamps, timestamps with time zone, intervals, dates, their arrays and numeric[]. Kept as text here for
 * every query, so that no query needs its own parsers (functions cannot cross to this thread).
 */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value) => value;

/** PGlite's own bytea codec converts byte by byte in JavaScript; Node's Buffer does the hex natively. */
const parsers = { [BYTEA]: (value) => Buffer.from(value.slice(2), 'hex'), ...Object.fromEntries(TEXT_TYPES.map((type) => [type, asText])) };
const serializers = {
  [BYTEA]: (value) => {
    if (!(value instanceof Uint8Array)) throw new Error('bytea expects bytes');
    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  },
};

const { dataDir, from } = workerData;
const ready = PGlite.create(dataDir, { ...(from ? { loadDataDir: new Blob([from]) } : {}), parsers, serializers });
const listening = new Map();

/** An error as plain fields (a DatabaseError's code, detail, constraint, ... survive the crossing). */
function fieldsOf(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    fields[key] = typeof value === 'object' && value !== null ? JSON.parse(JSON.stringify(value)) : value;
  }
  return fields;
}

async function answer(db, request) {
  switch (request.op) {
    case 'query': {
      const { rows, fields, affectedRows } = await db.query(request.text, request.params, { rowMode: request.rowMode });
      return { rows, fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })), affectedRows };
    }
    case 'exec':
      return (await db.exec(request.text)).map(({ rows, fields, affectedRows }) => ({
        rows, fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })), affectedRows,
      }));
    case 'listen':
      if (!listening.has(request.channel)) {
        listening.set(request.channel, await db.listen(request.channel, (payload) => parentPort.postMessage({ notify: request.channel, payload })));
      }
      return null;
    case 'unlisten': {
      const stop = listening.get(request.channel);
      listening.delete(request.channel);
      if (stop) await stop();
      return null;
    }
    case 'dump': {
      const file = await db.dumpDataDir(request.compression);
      return new Uint8Array(await file.arrayBuffer());
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown request ${request.op}`);
  }
}

// One at a time, in order: a request waits for the one before it, as on PGlite's one connection.
let last = ready;
parentPort.on('message', (request) => {
  last = last.then(async (db) => {
    try {
      const result = await answer(db, request);
      parentPort.postMessage({ id: request.id, result }, result instanceof Uint8Array ? [result.buffer] : []);
    } catch (error) {
      parentPort.postMessage({ id: request.id, error: fieldsOf(error) });
    }
    return db;
  });
});
ready.then(() => parentPort.postMessage({ ready: true }), (error) => parentPort.postMessage({ ready: false, error: fieldsOf(error) }));
