/**
 * Operator actions on the board (write notices and events, hide, delete posts and comments), banners
 * and popups, attendance and the prize wheel. Each runs in one transaction with its audit row; a
 * refusal writes neither.
 */
import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  attendanceSettingsBody, bannerBody, bannerPatchBody, boardPostsQuery, operatorPostBody, rotaryBody,
} from '../../contract/communityAdmin';
import { BOARD_IMAGE_MAX_BYTES } from '../../contract/community';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { attendanceSettings, banners, boardComments, boardPosts, members, rotaryPrizes, rotarySettings } from '../db/schema';
import { Failure } from '../failure';
import { writePost } from '../community/memberBoardService';
import { imagePath, storeImage } from '../community/images';
import { ATTENDANCE_DEFAULTS, readAttendanceSettings, readRotary } from '../community/rewardsService';
import type { Audit, OperatorContext } from './audit';

type BannerInput = z.output<typeof bannerBody>;
type BannerPatch = z.output<typeof bannerPatchBody>;

async function bannerImage(tx: Tx, image: string | null | undefined): Promise<string | null | undefined> {
  if (image === undefined || image === null) return image;
  return storeImage(tx, Buffer.from(image, 'base64'), { memberId: null }, BOARD_IMAGE_MAX_BYTES);
}

const instant = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

export function createCommunityAdminService({ db, clock, audit }: { db: Db; clock: Clock; audit: Audit }) {
  async function requirePost(tx: Tx, id: number) {
    const [row] = await tx.select({ id: boardPosts.id }).from(boardPosts).where(eq(boardPosts.id, id)).for('update');
    if (!row) throw new Failure('R404');
  }

  async function listBanners() {
    const rows = await db.select().from(banners).orderBy(asc(banners.kind), asc(banners.ord), asc(banners.id));
    return rows.map(({ imageId, ...row }) => ({ ...row, imageUrl: imageId ? imagePath(imageId) : null }));
  }

  return {
    async posts({ status }: z.output<typeof boardPostsQuery>) {
      const where = status === 'deleted' ? isNotNull(boardPosts.deletedAt)
        : and(isNull(boardPosts.deletedAt), eq(boardPosts.hidden, status === 'hidden'));
      const list = await db.select({
        id: boardPosts.id, category: boardPosts.category, title: boardPosts.title, memId: members.memId,
        hidden: boardPosts.hidden, deletedAt: boardPosts.deletedAt, createdAt: boardPosts.createdAt,
      }).from(boardPosts).leftJoin(members, eq(members.id, boardPosts.memberId)).where(where).orderBy(desc(boardPosts.id)).limit(200);
      return { list };
    },

    async writePost(ctx: OperatorContext, body: z.output<typeof operatorPostBody>) {
      const boardIdx = await audit.run(ctx, { action: 'board.write', detail: { category: body.category, title: body.title } },
        (tx) => writePost(tx, null, { ...body, imageIds: [] }, clock.now()));
      return { boardIdx };
    },

    async hidePost(ctx: OperatorContext, id: number, hidden: boolean) {
      await audit.run(ctx, { action: hidden ? 'board.hide' : 'board.show', target: String(id) }, async (tx) => {
        await requirePost(tx, id);
        await tx.update(boardPosts).set({ hidden }).where(eq(boardPosts.id, id));
      });
      return { ok: true };
    },

    async deletePost(ctx: OperatorContext, id: number) {
      await audit.run(ctx, { action: 'board.delete', target: String(id) }, async (tx) => {
        await requirePost(tx, id);
        await tx.update(boardPosts).set({ deletedAt: clock.now() }).where(and(eq(boardPosts.id, id), isNull(boardPosts.deletedAt)));
      });
      return { ok: true };
    },

    async deleteComment(ctx: OperatorContext, id: number) {
      await audit.run(ctx, { action: 'board.deleteComment', target: String(id) }, async (tx) => {
        const rows = await tx.update(boardComments).set({ deletedAt: clock.now() })
          .where(and(eq(boardComments.id, id), isNull(boardComments.deletedAt))).returning({ id: boardComments.id });
        if (rows.length === 0) throw new Failure('R404');
      });
      return { ok: true };
    },

    banners: async () => ({ list: await listBanners() }),

    async createBanner(ctx: OperatorContext, body: BannerInput) {
      const { image, startsAt, endsAt, ...fields } = body;
      const bannerIdx = await audit.run(ctx, { action: 'banner.create', detail: { ...fields, startsAt, endsAt, image: image !== null } }, async (tx) => {
        const imageId = await bannerImage(tx, image);
        const [row] = await tx.insert(banners).values({ ...fields, imageId, startsAt: instant(startsAt), endsAt: instant(endsAt) })
          .returning({ id: banners.id });
        return row!.id;
      });
      return { bannerIdx };
    },

    async updateBanner(ctx: OperatorContext, id: number, patch: BannerPatch) {
      const { image, startsAt, endsAt, ...fields } = patch;
      await audit.run(ctx, { action: 'banner.update', target: String(id), detail: { ...fields, startsAt, endsAt, image: image !== undefined } }, async (tx) => {
        const [current] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
        if (!current) throw new Failure('R404');
        const nextStart = startsAt === undefined ? current.startsAt : instant(startsAt);
        const nextEnd = endsAt === undefined ? current.endsAt : instant(endsAt);
        if (nextStart && nextEnd && nextStart >= nextEnd) throw new Failure('R003');
        const imageId = await bannerImage(tx, image);
        await tx.update(banners).set({ ...fields, startsAt: nextStart, endsAt: nextEnd, ...(imageId !== undefined ? { imageId } : {}) })
          .where(eq(banners.id, id));
      });
      return { ok: true };
    },

    async deleteBanner(ctx: OperatorContext, id: number) {
      await audit.run(ctx, { action: 'banner.delete', target: String(id) }, async (tx) => {
        const rows = await tx.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
        if (rows.length === 0) throw new Failure('R404');
      });
      return { ok: true };
    },

    attendanceSettings: () => readAttendanceSettings(db),

    async setAttendanceSettings(ctx: OperatorContext, change: z.output<typeof attendanceSettingsBody>) {
      await audit.run(ctx, { action: 'attendance.settings', detail: change }, async (tx) => {
        const values = { ...change, updatedAt: clock.now() };
        await tx.insert(attendanceSettings).values({ id: 1, ...ATTENDANCE_DEFAULTS, ...values })
          .onConflictDoUpdate({ target: attendanceSettings.id, set: values });
      });
      return readAttendanceSettings(db);
    },

    rotary: () => readRotary(db),

    async setRotary(ctx: OperatorContext, change: z.output<typeof rotaryBody>) {
      await audit.run(ctx, { action: 'rotary.settings', detail: change }, async (tx) => {
        const now = clock.now();
        // Taken first so that two changes at once take turns.
        await tx.insert(rotarySettings).values({ id: 1, enabled: change.enabled ?? true, updatedAt: now })
          .onConflictDoUpdate({ target: rotarySettings.id, set: { ...(change.enabled === undefined ? {} : { enabled: change.enabled }), updatedAt: now } });
        if (change.prizes) {
          await tx.update(rotaryPrizes).set({ retiredAt: now }).where(isNull(rotaryPrizes.retiredAt));
          await tx.insert(rotaryPrizes).values(change.prizes.map((prize, ord) => ({ ...prize, ord })));
        }
      });
      return readRotary(db);
    },
  };
}

export type CommunityAdminService = ReturnType<typeof createCommunityAdminService>;
