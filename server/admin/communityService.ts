/**
 * Operator actions on the board (write notices and events, hide, delete posts and comments), banners
 * and popups, attendance and the prize wheel, through the community's operator face
 * (community/operatorCommunity.ts). Each runs in one transaction with its audit row; a refusal writes
 * neither.
 */
import type { z } from 'zod';
import type {
  attendanceSettingsBody, bannerBody, bannerPatchBody, boardPostsQuery, operatorPostBody, rotaryBody,
} from '../../contract/communityAdmin';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { createOperatorCommunity } from '../community/operatorCommunity';
import type { Audit, OperatorContext } from './audit';

export function createCommunityAdminService({ db, clock, audit }: { db: Db; clock: Clock; audit: Audit }) {
  const community = createOperatorCommunity({ db, clock });

  return {
    posts: async (query: z.output<typeof boardPostsQuery>) => ({ list: await community.posts(query) }),

    comments: async (postId: number) => ({ list: await community.comments(postId) }),

    async writePost(ctx: OperatorContext, body: z.output<typeof operatorPostBody>) {
      const boardIdx = await audit.run(ctx, { action: 'board.write', detail: { category: body.category, title: body.title } },
        (tx) => community.writePost(tx, body));
      return { boardIdx };
    },

    async hidePost(ctx: OperatorContext, id: number, hidden: boolean) {
      await audit.run(ctx, { action: hidden ? 'board.hide' : 'board.show', target: String(id) }, (tx) => community.hidePost(tx, id, hidden));
      return { ok: true };
    },

    async deletePost(ctx: OperatorContext, id: number) {
      await audit.run(ctx, { action: 'board.delete', target: String(id) }, (tx) => community.deletePost(tx, id));
      return { ok: true };
    },

    async deleteComment(ctx: OperatorContext, id: number) {
      await audit.run(ctx, { action: 'board.deleteComment', target: String(id) }, (tx) => community.deleteComment(tx, id));
      return { ok: true };
    },

    banners: async () => ({ list: await community.banners() }),

    async createBanner(ctx: OperatorContext, body: z.output<typeof bannerBody>) {
      const { image, startsAt, endsAt, ...fields } = body;
      const bannerIdx = await audit.run(ctx, { action: 'banner.create', detail: { ...fields, startsAt, endsAt, image: image !== null } },
        (tx) => community.createBanner(tx, body));
      return { bannerIdx };
    },

    async updateBanner(ctx: OperatorContext, id: number, patch: z.output<typeof bannerPatchBody>) {
      const { image, startsAt, endsAt, ...fields } = patch;
      await audit.run(ctx, { action: 'banner.update', target: String(id), detail: { ...fields, startsAt, endsAt, image: image !== undefined } },
        (tx) => community.updateBanner(tx, id, patch));
      return { ok: true };
    },

    async deleteBanner(ctx: OperatorContext, id: number) {
      await audit.run(ctx, { action: 'banner.delete', target: String(id) }, (tx) => community.deleteBanner(tx, id));
      return { ok: true };
    },

    attendanceSettings: () => community.attendanceSettings(),

    async setAttendanceSettings(ctx: OperatorContext, change: z.output<typeof attendanceSettingsBody>) {
      await audit.run(ctx, { action: 'attendance.settings', detail: change }, (tx) => community.setAttendanceSettings(tx, change));
      return community.attendanceSettings();
    },

    rotary: () => community.rotary(),

    async setRotary(ctx: OperatorContext, change: z.output<typeof rotaryBody>) {
      await audit.run(ctx, { action: 'rotary.settings', detail: change }, (tx) => community.setRotary(tx, change));
      return community.rotary();
    },
  };
}

export type CommunityAdminService = ReturnType<typeof createCommunityAdminService>;
