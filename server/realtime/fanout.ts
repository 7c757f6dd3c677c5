/**
 * Fan-out between server instances through the database: a publish NOTIFYs 'rt_event' with the event
 * itself, and every instance (the publisher too) LISTENs and hands it to its local broker. Nothing is
 * written: every money call publishes (its CASH push), and writing each event to a table for the
 * listeners to read back cost a quarter of a point conversion's throughput (README, Benchmark).
 * An event too large for a notification's payload (8000 bytes; none of today's are) is written to
 * rt_events and its row id notified instead; those rows are kept a few minutes, then swept.
 *
 * An event for a member or one of their sessions is numbered in the member's sequence and kept in
 * rt_member_log by the same statement that notifies it, so a client that reconnects is given what it
 * missed (memberLog.ts); the log keeps a day.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rtEvents, rtMemberLog } from '../db/schema';
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
  /** The member's sequence number of a member or session event (none for a topic, or a session unknown). */
  seq?: number;
}

export interface Fanout {
  publish(targetKind: TargetKind, target: string, body: unknown): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `relay` (broker mode, rabbit.ts): the events are not notified but handed to it, numbered, once the
 * statement that numbers and logs them has committed, batch after batch in order. What the database
 * notifies by itself (the operator topic, migration 0024) is still listened to and delivered here:
 * consoles talk to the site's /ws, never to RabbitMQ, and each instance serves its own.
 */
export async function startFanout(database: Database, deliver: (event: RtEvent) => Promise<void>, log: Log, relay?: (events: RtEvent[]) => Promise<void>): Promise<Fanout> {
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
      await deliver({ id: row.id, targetKind: row.targetKind, target: row.target, body: row.body, seq: event.seq });
    } else {
      await deliver({ id: (inlineSeq += 1), ...event });
    }
  }

  // Notifications are handled in arrival order, so each instance delivers in publish order.
  let pending: Promise<void> = Promise.resolve();
  const stopListening = await database.listen(CHANNEL, (payload) => {
    pending = pending.then(() => load(payload)).catch((err: unknown) => log.error({ err }, 'rt_event delivery failed'));
  });

  const sweep = () => Promise.all([
    db.delete(rtEvents).where(lt(rtEvents.createdAt, sql`now() - interval '10 minutes'`)),
    db.delete(rtMemberLog).where(lt(rtMemberLog.createdAt, sql`now() - interval '1 day'`)),
  ]).then(() => undefined, (err: unknown) => log.warn({ err }, 'rt_events sweep failed'));
  const sweeper = setInterval(sweep, SWEEP_EVERY_MS);
  sweeper.unref();
  await sweep();

  // Relayed batches leave one after another, in the order they were numbered; the publish that made them
  // does not wait (its events are committed and logged: a member whose socket misses one while the broker
  // is away is given it again from the log).
  let relaying: Promise<void> = Promise.resolve();
  const relayInOrder = (events: RtEvent[]) => {
    relaying = relaying.then(() => relay!(events)).catch((err: unknown) => log.error({ err }, 'rt_event relay failed'));
  };

  // Notifications go out in batches: the events published while one batch is in flight leave together
  // in the next, one statement and one commit for all of them, in publish order (a large event keeps its
  // place while its row is written). PostgreSQL makes commits that notify wait for one another, so one per
  // event queued every money call behind the others' pushes.
  let queued: { payload: Promise<Queued>; sent: () => void; failed: (error: unknown) => void }[] = [];
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
      const events = payloads.flatMap((payload) => (payload.status === 'fulfilled' ? [payload.value] : []));
      if (events.length === 0) continue;
      try {
        const result = await db.execute(notifyStatement(events, relay ? 'return' : 'notify'));
        if (relay) relayInOrder(relayed((result as unknown as { rows: { payload: string }[] }).rows));
        for (const event of ready) event.sent();
      } catch (error) {
        for (const event of ready) event.failed(error);
      }
    }
    sending = null;
  }
  function notify(payload: Promise<Queued>): Promise<void> {
    return new Promise<void>((sent, failed) => {
      queued.push({ payload, sent, failed });
      sending ??= sendQueued();
    });
  }

  return {
    publish(targetKind, target, body) {
      const b = body ?? {};
      const member = targetKind !== 'topic';
      const inline = JSON.stringify({ k: targetKind, t: target, b });
      // A relayed event travels whole whatever its size (RabbitMQ has no notification payload limit).
      if (relay || Buffer.byteLength(inline) <= INLINE_MAX_BYTES) {
        return notify(Promise.resolve(member ? { k: targetKind, t: target, b, p: null, row: null } : { k: targetKind, t: target, b: null, p: inline, row: null }));
      }
      return notify(db.insert(rtEvents).values({ targetKind, target, body: b }).returning({ id: rtEvents.id })
        .then(([row]) => (member
          ? { k: targetKind, t: target, b, p: null, row: row!.id }
          : { k: targetKind, t: target, b: null, p: JSON.stringify({ row: row!.id }), row: null })));
    },
    async stop() {
      clearInterval(sweeper);
      await sending;
      await relaying;
      await stopListening();
      await pending;
    },
  };
}

/**
 * An event waiting in a batch: a topic's notification payload made (p), or a member event to number (b;
 * with the rt_events row holding it when it is too large to travel inline).
 */
interface Queued {
  k: TargetKind;
  t: string;
  b: unknown;
  p: string | null;
  row: number | null;
}

/**
 * One statement for a batch: member events get their member's next numbers (one row lock per member,
 * so numbers follow commit order) and a row in rt_member_log, then every event is notified in batch
 * order, a member event with its number (s); or, to relay them, answered in that order.
 */
function notifyStatement(events: Queued[], mode: 'notify' | 'return') {
  const rows = JSON.stringify(events.map(({ k, t, b, p, row }, ord) => ({ ord, k, t, b, p, r: row })));
  return sql`
    with ev as (
      select e.ord, e.k, e.t, e.b, e.p, e.r, case e.k
        when 'member' then e.t
        when 'session' then (select m.mem_id from sessions s join members m on m.id = s.member_id where s.id = e.t)
      end as mem_id
      from json_to_recordset(${rows}::json) as e(ord int, k text, t text, b jsonb, p text, r bigint)
    ),
    counts as (select mem_id, count(*)::bigint as n from ev where mem_id is not null group by mem_id),
    bumped as (
      insert into rt_member_seq as c (mem_id, seq) select mem_id, n from counts
      on conflict (mem_id) do update set seq = c.seq + excluded.seq
      returning c.mem_id, c.seq
    ),
    numbered as (
      select ev.ord, bumped.seq - counts.n + row_number() over (partition by ev.mem_id order by ev.ord) as seq
      from ev join counts using (mem_id) join bumped using (mem_id)
    ),
    logged as (
      insert into rt_member_log (mem_id, seq, session_id, body)
      select ev.mem_id, numbered.seq, case when ev.k = 'session' then ev.t end, ev.b from ev join numbered using (ord)
    )
    select ${mode === 'notify' ? sql`pg_notify(${CHANNEL}, payload)` : sql`payload`} from (
      select coalesce(ev.p, case when ev.r is null
        then json_build_object('k', ev.k, 't', ev.t, 'b', ev.b, 's', numbered.seq)
        else json_build_object('row', ev.r, 's', numbered.seq) end::text) as payload
      from ev left join numbered using (ord) order by ev.ord
    ) as ordered`;
}

/** A relayed batch's events (every one inline), in order. */
function relayed(rows: { payload: string }[]): RtEvent[] {
  return rows.flatMap(({ payload }, i) => {
    const event = parseNotification(payload);
    return event && !('rowId' in event) ? [{ id: i + 1, ...event }] : [];
  });
}

const isTargetKind = (kind: unknown): kind is TargetKind => typeof kind === 'string' && TARGET_KINDS.includes(kind);

/** A notification's event ({k, t, b}), or the row holding it ({row}); null for anything else. */
function parseNotification(payload: string): Omit<RtEvent, 'id'> | { rowId: number; seq?: number } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { k, t, b, s, row } = parsed as Record<string, unknown>;
  const seq = Number.isSafeInteger(s) && (s as number) > 0 ? { seq: s as number } : {};
  if (Number.isSafeInteger(row) && (row as number) > 0) return { rowId: row as number, ...seq };
  if (!isTargetKind(k) || typeof t !== 'string' || b === undefined) return null;
  return { targetKind: k, target: t, body: b, ...seq };
}
