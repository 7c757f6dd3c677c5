/**
 * CASH on the member's own topic with fresh balances, sent after a money change commits. Every area
 * whose call changes a member's cash or points (wallet, operator, games, betting, partner) announces
 * through this. A lost push is logged, never fatal: the change is committed and the client's balance
 * poll catches up.
 */
import type { FastifyBaseLogger } from 'fastify';
import { MEMBER_FRAMES } from '../../contract/topics';
import type { Executor } from '../db/client';
import type { Push } from '../push';
import { getMemberBalances, type MemberBalances } from './ledger';
import type { MemberRef } from './memberLock';

export type PushLog = Pick<FastifyBaseLogger, 'warn'>;

export function createBalancePush(db: Executor, push: Push, log: PushLog) {
  return {
    /** `balances`: what the call's committed posting left, when it has them; read afresh otherwise. */
    async announce(member: MemberRef, balances?: MemberBalances): Promise<void> {
      try {
        const { cashAmt, pointAmt } = balances ?? await getMemberBalances(db, member.memberId);
        await push.publishToMember(member.memId, MEMBER_FRAMES.cash(cashAmt, pointAmt));
      } catch (error) {
        log.warn({ err: error, memId: member.memId }, 'CASH push failed');
      }
    },
  };
}

export type BalancePush = ReturnType<typeof createBalancePush>;
