/**
 * The operator's member protection, through protection's operator face (protection/service.ts): a member's
 * limits, breaks and history; an operator limit (audited, in force at once, never above the member's own);
 * the report of members refused by a limit or a break.
 */
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { createOperatorMembers } from '../member/operatorMembers';
import type { ProtectionService } from '../protection/service';
import type { LimitKind, ProtectionPeriod } from '../../contract/protection';
import type { Audit, OperatorContext } from './audit';

const DAY_MS = 86_400_000;

export function createProtectionAdminService({ db, clock, audit, protection }: { db: Db; clock: Clock; audit: Audit; protection: ProtectionService }) {
  const members = createOperatorMembers({ db });
  return {
    async memberProtection(memId: string) {
      return protection.operatorInfo((await members.member(memId)).memberId);
    },

    async memberHistory(memId: string, page: number) {
      return protection.history((await members.member(memId)).memberId, page);
    },

    async setLimit(ctx: OperatorContext, memId: string, change: { kind: LimitKind; period: ProtectionPeriod; amount: number | null }) {
      return audit.run(ctx, { action: 'protection.limit', target: memId, detail: change }, async (tx) =>
        protection.setOperatorLimit(tx, (await members.member(memId, tx)).memberId, change));
    },

    async hits(range: { from?: string; to?: string }) {
      const to = range.to ? new Date(range.to) : clock.now();
      const from = range.from ? new Date(range.from) : new Date(to.getTime() - 30 * DAY_MS);
      return { list: await protection.hitReport(from, to) };
    },
  };
}

export type ProtectionAdminService = ReturnType<typeof createProtectionAdminService>;
