/**
 * What the wallet announces after a cash request change commits, besides CASH (money/balancePush):
 * CASHREQ with the request's new status on the member's own topic, and approved deposits and
 * withdrawals (ids masked) on the public feed. A lost push is logged, never fatal.
 */
import type { CashStatus } from '../../contract/wallet';
import type { PushLog } from '../money/balancePush';
import type { Push } from '../push';

export const CASH_FEED_DESTINATION = '/topic/cash';

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

export function createCashPush(push: Push, log: PushLog) {
  return {
    /** CASHREQ: data1 the request id, data2 its new status (contract/types SocketCmd). */
    async requestMoved(memId: string, requestId: number, status: CashStatus): Promise<void> {
      try {
        await push.publishToMember(memId, { cmd: 'CASHREQ', data1: requestId, data2: status });
      } catch (error) {
        log.warn({ err: error, memId }, 'CASHREQ push failed');
      }
    },
    async feed(item: CashFeedItem): Promise<void> {
      try {
        await push.publishToTopic(CASH_FEED_DESTINATION, { ...item, memId: maskMemId(item.memId) });
      } catch (error) {
        log.warn({ err: error }, 'cash feed push failed');
      }
    },
  };
}

export type CashPush = ReturnType<typeof createCashPush>;
