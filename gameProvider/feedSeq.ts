import { sql } from 'drizzle-orm';
import type { VendorDb } from './db/client';
import { vendorFeedCounters } from './db/schema';

const FEEDS = {
  rounds: { table: 'vendor_rounds', key: ['round_id'], unstamped: "feed_seq is null and status = 'finished'", order: 'ended_at, round_id' },
  transfers: { table: 'vendor_transfers', key: ['operator', 'transfer_id'], unstamped: 'feed_seq is null', order: 'created_at, transfer_id' },
} as const;

/**
 * Gives every committed row of a feed that has no sequence number yet the next ones, before the feed is
 * read. The writers (a spin, a transfer) leave feed_seq null, so they never queue on a shared counter.
 * A stamp runs in a transaction of its own holding the feed's counter row: it locks the row first, then
 * (a new statement, so a new snapshot once the lock is held) numbers the rows committed by then after
 * the counter's last. Stamps run one at a time and each numbers after the one before, so a stamped
 * number is never smaller than one already visible: a reader that saw sequence n never later meets a
 * row with a smaller one.
 */
export async function stampFeed(db: VendorDb, feed: keyof typeof FEEDS): Promise<void> {
  const { table, key, unstamped, order } = FEEDS[feed];
  const keys = sql.raw(key.join(', '));
  const joined = sql.raw(key.map((k) => `t.${k} = n.${k}`).join(' and '));
  // Nothing to number (a read-only look through the partial index): no transaction, no write. A row committed
  // just after the look is numbered by the next read, which is also the first that could show it.
  const waiting = await db.execute(sql`select 1 from ${sql.raw(table)} where ${sql.raw(unstamped)} limit 1`);
  if ((waiting as unknown as { rows: unknown[] }).rows.length === 0) return;
  await db.transaction(async (tx) => {
    const [counter] = await tx.insert(vendorFeedCounters).values({ feed, last: 0 })
      .onConflictDoUpdate({ target: vendorFeedCounters.feed, set: { last: sql`${vendorFeedCounters.last}` } })
      .returning({ last: vendorFeedCounters.last });
    await tx.execute(sql`
      with stamped as (
        update ${sql.raw(table)} t set feed_seq = n.seq
        from (select ${keys}, ${counter!.last}::bigint + row_number() over (order by ${sql.raw(order)}) as seq
              from ${sql.raw(table)} where ${sql.raw(unstamped)}) n
        where ${joined}
        returning t.feed_seq)
      update vendor_feed_counters set last = (select max(feed_seq) from stamped)
      where feed = ${feed} and exists (select 1 from stamped)`);
  });
}
