/**
 * Operator actions on sign-ups and the site: approve or reject a sign-up, the maintenance window,
 * site options, a push to a member. Each runs in one transaction together with its audit row; pushes go out after
 * the commit so a client never hears of a change that did not happen.
 */
import type { z } from 'zod';
import type { MemberStatus, siteOptionsBody } from '../../contract/admin';
import { MEMBER_FRAMES } from '../../contract/topics';
import type { SocketMessage } from '../../contract/types';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { type SiteSettings, writeSiteSettings } from '../etc/queries';
import { Failure } from '../failure';
import { findMemberByMemId, listMembersByStatus, moveMemberStatus } from '../member/queries';
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
  const audited = <T>(ctx: OperatorContext, action: string, target: string, detail: Record<string, unknown>, work: (tx: Tx) => Promise<T>) =>
    audit.run(ctx, { action, target, detail }, work);

  async function decideSignup(ctx: OperatorContext, memId: string, to: MemberStatus, action: string): Promise<void> {
    await audited(ctx, action, memId, {}, async (tx) => {
      const member = await findMemberByMemId(tx, memId);
      if (!member) throw new Failure('U000');
      if (!(await moveMemberStatus(tx, member.id, 'pending', to))) throw new Failure('C503');
    });
  }

  /** A default recommender must be an active partner, as any recommender must. */
  async function checkRecommender(tx: Tx, memId: string): Promise<string> {
    const partner = await findMemberByMemId(tx, memId);
    if (!partner) throw new Failure('U112');
    if (!partner.isPartner) throw new Failure('U113');
    if (partner.status !== 'active') throw new Failure('U114');
    return partner.memId;
  }

  return {
    async signups(status: MemberStatus) {
      const rows = await listMembersByStatus(db, status);
      return { list: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },

    approve: (ctx: OperatorContext, memId: string) => decideSignup(ctx, memId, 'active', 'signup.approve'),
    reject: (ctx: OperatorContext, memId: string) => decideSignup(ctx, memId, 'rejected', 'signup.reject'),

    /** Sets (or with both null clears) the maintenance window; members online inside it are sent away. */
    async setSiteCheck(ctx: OperatorContext, window: { startDate: Date; endDate: Date } | null): Promise<void> {
      const detail = { startDate: window?.startDate.toISOString() ?? null, endDate: window?.endDate.toISOString() ?? null };
      const sessionIds = await audited(ctx, 'site.check', '', detail, async (tx) => {
        const now = clock.now().getTime();
        await writeSiteSettings(tx, { siteCheckStart: window?.startDate ?? null, siteCheckEnd: window?.endDate ?? null }, clock.now());
        const open = window !== null && window.startDate.getTime() <= now && now < window.endDate.getTime();
        return open ? liveSessionIds(tx) : [];
      });
      const inspect = MEMBER_FRAMES.inspect();
      await Promise.all(sessionIds.map((id) => push.publishToSession(id, inspect)));
    },

    async setSiteOptions(ctx: OperatorContext, change: z.output<typeof siteOptionsBody>): Promise<void> {
      await audited(ctx, 'site.options', '', { ...change }, async (tx) => {
        const patch: Partial<SiteSettings> = {};
        if (change.signupOpen !== undefined) patch.signupOpen = change.signupOpen;
        if (change.sns2Link !== undefined) patch.sns2Link = change.sns2Link;
        if (change.joinRecommanderId !== undefined) {
          patch.joinRecommanderId = change.joinRecommanderId === '' ? null : await checkRecommender(tx, change.joinRecommanderId);
        }
        if (Object.keys(patch).length > 0) await writeSiteSettings(tx, patch, clock.now());
      });
    },

    async pushToMember(ctx: OperatorContext, memId: string, message: SocketMessage): Promise<void> {
      const member = await findMemberByMemId(db, memId);
      if (!member) throw new Failure('U000');
      await audited(ctx, 'member.push', member.memId, { ...message }, async () => undefined);
      await push.publishToMember(member.memId, MEMBER_FRAMES.operator(message));
    },
  };
}

export type SiteAdminService = ReturnType<typeof createSiteAdminService>;
