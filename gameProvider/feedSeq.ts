import { sql } from 'drizzle-orm';
import type { VendorTx } from './db/client';
import { vendorFeedCounters } from './db/schema';

/**
 * The next sequence number of a feed, taken inside the writing transaction. The counter row stays
 * locked until that transaction ends, so sequence order is commit order and a cursor never skips a row.
 */
export async function nextFeedSeq(tx: VendorTx, feed: 'rounds' | 'transfers'): Promise<number> {
  const [row] = await tx.insert(vendorFeedCounters).values({ feed, last: 1 })
    .onConflictDoUpdate({ target: vendorFeedCounters.feed, set: { last: sql`${vendorFeedCounters.last} + 1` } })
    .returning({ last: vendorFeedCounters.last });
  return row!.last;
}
