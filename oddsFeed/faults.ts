/**
 * The fault switch, for tests only (FEED_FAULTS=1, refused in production): set through the signed
 * POST /api/v1/test/faults, it makes the feed misbehave in what it serves (/messages and the stream), so
 * tests can prove a consumer neither loses nor applies twice:
 *   delayMs:        wait this long before serving a batch (a long poll's answer, a stream's frames);
 *   dropRate:       leave a message out (the consumer sees a gap in seq and fetches /messages);
 *   duplicateRate:  serve a message twice;
 *   reorderRate:    swap a message with the one after it.
 * The log itself is never touched: a message dropped once is served again to the next fetch after it.
 */
import { z } from 'zod';
import type { FeedFaults, FeedMessage } from '../contract/oddsFeed';

const rate = z.number().min(0).max(1);
export const faultsSchema = z.object({ delayMs: z.number().int().min(0).max(30_000), dropRate: rate, duplicateRate: rate, reorderRate: rate }).partial().strict();

export const NO_FAULTS: FeedFaults = { delayMs: 0, dropRate: 0, duplicateRate: 0, reorderRate: 0 };

export interface Faults {
  current(): FeedFaults;
  set(change: Partial<FeedFaults>): FeedFaults;
  /** The batch as served under the switch. */
  apply(messages: FeedMessage[]): FeedMessage[];
}

export function createFaults(random: () => number = Math.random): Faults {
  let faults: FeedFaults = { ...NO_FAULTS };
  return {
    current: () => ({ ...faults }),
    set(change) {
      faults = { ...faults, ...change };
      return { ...faults };
    },
    apply(messages) {
      if (faults.dropRate === 0 && faults.duplicateRate === 0 && faults.reorderRate === 0) return messages;
      const out: FeedMessage[] = [];
      for (const message of messages) {
        if (random() < faults.dropRate) continue;
        out.push(message);
        if (random() < faults.duplicateRate) out.push(message);
      }
      for (let i = 0; i + 1 < out.length; i += 1) {
        if (random() < faults.reorderRate) {
          [out[i], out[i + 1]] = [out[i + 1]!, out[i]!];
          i += 1;
        }
      }
      return out;
    },
  };
}
