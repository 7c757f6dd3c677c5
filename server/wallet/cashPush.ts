/**
 * What members hear after a wallet change commits: CASH with fresh balances on their own topic, and
 * approved deposits and withdrawals (ids masked) on the public feed. A lost push is logged, never
 * fatal: the change is committed and the client's balance poll catches up.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { getMemberBalances } from '../ledger/service';
import type { Push } from '../push';

export const CASH_FEED_DESTINATION = '/topic/cash';

/** A push channel that may also publish to public topics (the real-time server does; test fakes may not). */

export interface CashFeedItem {
  kind: 'in' | 'out';
  memId: string;
  amount: number;
  at: string;
}

/** 'demo01' -> 'de***1'; ids of three characters or fewer keep only their first. */
export function maskMemId(memId: string): string {
  return memId.length <= 3 ? `${memId.slice(0, 1)}***` : `${memId.slice(0, 2)}***${memId.slice(-1)}`;
}

type Log = Pick<FastifyBaseLogger, 'warn'>;

export function createWalletNotifier(db: Db, push: Push, log: Log) {
  return {
    async balances(memId: string, memberId: number): Promise<void> {
      try {
        const { cashAmt, pointAmt } = await getMemberBalances(db, memberId);
        await push.publishToMember(memId, { cmd: 'CASH', data1: cashAmt, data2: pointAmt });
      } catch (error) {
        log.warn({ err: error, memId }, 'CASH push failed');
      }
    },
    async feed(item: CashFeedItem): Promise<void> {
      try {
        // Checked at call time: the channel may gain topics after it was handed over.
        await push.publishToTopic(CASH_FEED_DESTINATION, { ...item, memId: maskMemId(item.memId) });
      } catch (error) {
        log.warn({ err: error }, 'cash feed push failed');
      }
    },
  };
}

export type WalletNotifier = ReturnType<typeof createWalletNotifier>;
