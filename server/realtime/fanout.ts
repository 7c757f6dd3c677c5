/**
 * Fan-out between server instances through the database: a publish NOTIFYs 'rt_event' with the event
 * itself, and every instance (the publisher too) LISTENs and hands it to its local broker. Nothing is
 * written: every money call publishes (its CASH push), and writing each event to a table for the
 * listeners to read back cost a quarter of a point conversion's throughput (README, Benchmark).
 * An event too large for a notification's payload (8000 bytes; none of today's are) is written to
 * rt_events and its row id notified instead; those rows are kept a few minutes, then swept.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rtEvents } from '../db/schema';
import type { Log, TargetKind } from './broker';

const CHANNEL = 'rt_event';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const INLINE_MAX_BYTES = 7_900;
const SWEEP_EVERY_MS = 60_000;
const TARGET_KINDS: readonly string[] = ['session', 'member', 'topic'] satisfies TargetKind[];

export interface RtEvent {
  id: number;
  targetKind: TargetKind;
  target: string;
  body: unknown;
}

export interface Fanout {
  publish(targetKind: TargetKind, target: string, body: unknown): Promise<void>;
  stop(): Promise<void>;
}

export async function startFanout(database: Database, deliver: (event: RtEvent) => Promise<void>, log: Log): Promise<Fanout> {
  const { db } = database;

  // Events that came inline have no row id; they are numbered here (the broker uses it only in message ids).
  let inlineSeq = 0;
  async function load(payload: string): Promise<void> {
    const event = parseNotification(payload);
    if (!event) {
      log.warn({ payload: payload.slice(0, 200) }, 'ignoring a malformed rt_event notification');
      return;
    }
    if ('rowId' in event) {
      const [row] = await db.select().from(rtEvents).where(eq(rtEvents.id, event.rowId));
      if (!row || !isTargetKind(row.targetKind)) return;
      await deliver({ id: row.id, targetKind: row.targetKind, target: row.target, body: row.body });
    } else {
      await deliver({ id: (inlineSeq += 1), ...event });
    }
  }

  // Notifications are handled in arrival order, so each instance delivers in publish order.
  let pending: Promise<void> = Promise.resolve();
  const stopListening = await database.listen(CHANNEL, (payload) => {
    pending = pending.then(() => load(payload)).catch((err: unknown) => log.error({ err }, 'rt_event delivery failed'));
  });

  const sweep = () => db.delete(rtEvents)
    .where(lt(rtEvents.createdAt, sql`now() - interval '10 minutes'`))
    .then(() => undefined, (err: unknown) => log.warn({ err }, 'rt_events sweep failed'));
  const sweeper = setInterval(sweep, SWEEP_EVERY_MS);
  sweeper.unref();
  await sweep();

  // Notifications go out in batches: the events published while one batch is in flight leave together
  // in the next, one statement and one commit for all of them, in publish order (a large event keeps its
  // place while its row is written). PostgreSQL makes commits that notify wait for one another, so one per
  // event queued every money call behind the others' pushes.
  let queued: { payload: Promise<string>; sent: () => void; failed: (error: unknown) => void }[] = [];
  let sending: Promise<void> | null = null;
  async function sendQueued(): Promise<void> {
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      const payloads = await Promise.allSettled(batch.map((event) => event.payload));
      const ready = batch.filter((event, i) => {
        const payload = payloads[i]!;
        if (payload.status === 'rejected') event.failed(payload.reason);
        return payload.status === 'fulfilled';
      });
      const texts = payloads.flatMap((payload) => (payload.status === 'fulfilled' ? [payload.value] : []));
      if (texts.length === 0) continue;
      try {
        await db.execute(sql`select pg_notify(${CHANNEL}, payload) from json_array_elements_text(${JSON.stringify(texts)}::json) as payload`);
        for (const event of ready) event.sent();
      } catch (error) {
        for (const event of ready) event.failed(error);
      }
    }
    sending = null;
  }
  function notify(payload: Promise<string>): Promise<void> {
    return new Promise<void>((sent, failed) => {
      queued.push({ payload, sent, failed });
      sending ??= sendQueued();
    });
  }

  return {
    publish(targetKind, target, body) {
      const inline = JSON.stringify({ k: targetKind, t: target, b: body ?? {} });
      if (Buffer.byteLength(inline) <= INLINE_MAX_BYTES) return notify(Promise.resolve(inline));
      return notify(db.insert(rtEvents).values({ targetKind, target, body: body ?? {} }).returning({ id: rtEvents.id })
        .then(([row]) => JSON.stringify({ row: row!.id })));
    },
    async stop() {
      clearInterval(sweeper);
      await sending;
      await stopListening();
      await pending;
    },
  };
}

const isTargetKind = (kind: unknown): kind is TargetKind => typeof kind === 'string' && TARGET_KINDS.includes(kind);

/** A notification's event ({k, t, b}), or the row holding it ({row}); null for anything else. */
function parseNotification(payload: string): Omit<RtEvent, 'id'> | { rowId: number } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { k, t, b, row } = parsed as Record<string, unknown>;
  if (Number.isSafeInteger(row) && (row as number) > 0) return { rowId: row as number };
  if (isTargetKind(k) && typeof t === 'string' && b !== undefined) return { targetKind: k, target: t, body: b };
  return null;
}
