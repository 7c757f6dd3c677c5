/**
 * Operator actions on sign-ups and the site, through the members' and the site's operator faces
 * (member/operatorMembers.ts, etc/operatorSite.ts): approve or reject a sign-up, the maintenance window,
 * site options, a push to a member. Each runs in one transaction together with its audit row; pushes go out after
 * the commit so a client never hears of a change that did not happen.
 */
import type { z } from 'zod';
import type { MemberStatus, siteOptionsBody } from '../../contract/admin';
import { MEMBER_FRAMES } from '../../contract/topics';
import type { SocketMessage } from '../../contract/types';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { createOperatorSite, type SiteOptionsChange } from '../etc/operatorSite';
import { createOperatorMembers } from '../member/operatorMembers';
import type { Push } from '../push';
import { liveSessionIds } from '../session/service';
import type { Audit, OperatorContext } from './audit';

export interface SiteAdminDeps {
  db: Db;
  clock: Clock;
  push: Push;
  audit: Audit;
}

export function createSiteAdminService({ db, clock, push, audit }: SiteAdminDeps) {
  const members = createOperatorMembers({ db });
  const site = createOperatorSite({ clock });
  const audited = <T>(ctx: OperatorContext, action: string, target: string, detail: Record<string, unknown>, work: (tx: Tx) => Promise<T>) =>
    audit.run(ctx, { action, target, detail }, work);

  async function decideSignup(ctx: OperatorContext, memId: string, to: MemberStatus, action: string): Promise<void> {
    await audited(ctx, action, memId, {}, (tx) => members.decideSignup(tx, memId, to));
  }

  return {
    signups: async (status: MemberStatus) => ({ list: await members.signups(status) }),

    approve: (ctx: OperatorContext, memId: string) => decideSignup(ctx, memId, 'active', 'signup.approve'),
    reject: (ctx: OperatorContext, memId: string) => decideSignup(ctx, memId, 'rejected', 'signup.reject'),

    /** Sets (or with both null clears) the maintenance window; members online inside it are sent away. */
    async setSiteCheck(ctx: OperatorContext, window: { startDate: Date; endDate: Date } | null): Promise<void> {
      const detail = { startDate: window?.startDate.toISOString() ?? null, endDate: window?.endDate.toISOString() ?? null };
      const sessionIds = await audited(ctx, 'site.check', '', detail, async (tx) => (await site.setSiteCheck(tx, window)) ? liveSessionIds(tx) : []);
      const inspect = MEMBER_FRAMES.inspect();
      await Promise.all(sessionIds.map((id) => push.publishToSession(id, inspect)));
    },

    async setSiteOptions(ctx: OperatorContext, change: z.output<typeof siteOptionsBody>): Promise<void> {
      const options = (tx: Tx) => site.options(tx);
      await audit.run(ctx, { action: 'site.options', detail: { ...change }, readBefore: options, readAfter: options }, async (tx) => {
        const patch: SiteOptionsChange = {};
        if (change.signupOpen !== undefined) patch.signupOpen = change.signupOpen;
        if (change.sns2Link !== undefined) patch.sns2Link = change.sns2Link;
        if (change.partnerHostPrefix !== undefined) patch.partnerHostPrefix = change.partnerHostPrefix;
        // A default recommender must be an active partner, as any recommender must.
        if (change.joinRecommanderId !== undefined) {
          patch.joinRecommanderId = change.joinRecommanderId === '' ? null : await members.recommender(tx, change.joinRecommanderId);
        }
        await site.setOptions(tx, patch);
      });
    },

    async pushToMember(ctx: OperatorContext, memId: string, message: SocketMessage): Promise<void> {
      const member = await members.member(memId);
      await audited(ctx, 'member.push', member.memId, { ...message }, async () => undefined);
      await push.publishToMember(member.memId, MEMBER_FRAMES.operator(message));
    },
  };
}

export type SiteAdminService = ReturnType<typeof createSiteAdminService>;
