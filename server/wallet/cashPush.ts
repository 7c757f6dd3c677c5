/**
 * What the wallet announces after a cash request change commits, besides CASH (money/balancePush):
 * CASHREQ with the request's new status on the member's own topic, and approved deposits and
 * withdrawals (ids masked) on the public feed. A lost push is logged, never fatal.
 */
import type { CashFeedEntry } from '../../contract/community';
import { MEMBER_FRAMES, PUBLIC_TOPICS } from '../../contract/topics';
import type { CashStatus } from '../../contract/wallet';
import type { PushLog } from '../money/balancePush';
import type { Push } from '../push';

/** 'demo01' -> 'de***1'; ids of three characters or fewer keep only their first. */
export function maskMemId(memId: string): string {
  return memId.length <= 3 ? `${memId.slice(0, 1)}***` : `${memId.slice(0, 2)}***${memId.slice(-1)}`;
}

export function createCashPush(push: Push, log: PushLog) {
  return {
    /** CASHREQ: the request's new status on the member's own topic. */
    async requestMoved(memId: string, requestId: number, status: CashStatus): Promise<void> {
      try {
        await push.publishToMember(memId, MEMBER_FRAMES.cashRequest(requestId, status));
      } catch (error) {
        log.warn({ err: error, memId }, 'CASHREQ push failed');
      }
    },
    /** An approved movement on the public cash feed, the member id masked. */
    async feed(item: CashFeedEntry): Promise<void> {
      try {
        await push.publishToTopic(PUBLIC_TOPICS.cashFeed.destination(), { ...item, memId: maskMemId(item.memId) });
      } catch (error) {
        log.warn({ err: error }, 'cash feed push failed');
      }
    },
  };
}

export type CashPush = ReturnType<typeof createCashPush>;
