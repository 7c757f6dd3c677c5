/**
 * Fan-out between server instances through the database: a publish writes the event to rt_events and
 * NOTIFYs 'rt_event' with the row id only; every instance (the publisher too) LISTENs, loads the row and
 * hands it to its local broker. Rows are kept a few minutes, then swept.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rtEvents } from '../db/schema';
import type { Log, TargetKind } from './broker';

const CHANNEL = 'rt_event';
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

  async function load(payload: string): Promise<void> {
    if (!/^\d{1,15}$/.test(payload)) {
      log.warn({ payload }, 'ignoring a malformed rt_event notification');
      return;
    }
    const [row] = await db.select().from(rtEvents).where(eq(rtEvents.id, Number(payload)));
    if (!row || !TARGET_KINDS.includes(row.targetKind)) return;
    await deliver({ id: row.id, targetKind: row.targetKind as TargetKind, target: row.target, body: row.body });
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

  return {
    // One statement (one round trip on every money call's CASH push): the row, and the NOTIFY of its id.
    async publish(targetKind, target, body) {
      await db.execute(sql`with event as (
          insert into rt_events (target_kind, target, body) values (${targetKind}, ${target}, ${JSON.stringify(body ?? {})}::jsonb) returning id
        ) select pg_notify(${CHANNEL}, event.id::text) from event`);
    },
    async stop() {
      clearInterval(sweeper);
      await stopListening();
      await pending;
    },
  };
}
