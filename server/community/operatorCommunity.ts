/**
 * What the operator may do with the community, and the only community module the operator API calls:
 * the member board (list, write notices and events, hide, delete posts and comments), banners and
 * popups, attendance and the prize wheel settings. Writes take the operator's transaction, so the audit
 * row commits with them; a refusal (R404, R003) writes nothing.
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
import { writePost } from './memberBoardService';
import { imagePath, storeImage } from './images';
import { ATTENDANCE_DEFAULTS, readAttendanceSettings, readRotary } from './rewardsService';

type BannerInput = z.output<typeof bannerBody>;
type BannerPatch = z.output<typeof bannerPatchBody>;

async function bannerImage(tx: Tx, image: string | null | undefined): Promise<string | null | undefined> {
  if (image === undefined || image === null) return image;
  return storeImage(tx, Buffer.from(image, 'base64'), { memberId: null }, BOARD_IMAGE_MAX_BYTES);
}

const instant = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

export function createOperatorCommunity({ db, clock }: { db: Db; clock: Clock }) {
  async function requirePost(tx: Tx, id: number) {
    const [row] = await tx.select({ id: boardPosts.id }).from(boardPosts).where(eq(boardPosts.id, id)).for('update');
    if (!row) throw new Failure('R404');
  }

  return {
    async posts({ status }: z.output<typeof boardPostsQuery>) {
      const where = status === 'deleted' ? isNotNull(boardPosts.deletedAt)
        : and(isNull(boardPosts.deletedAt), eq(boardPosts.hidden, status === 'hidden'));
      return db.select({
        id: boardPosts.id, category: boardPosts.category, title: boardPosts.title, memId: members.memId,
        hidden: boardPosts.hidden, deletedAt: boardPosts.deletedAt, createdAt: boardPosts.createdAt,
      }).from(boardPosts).leftJoin(members, eq(members.id, boardPosts.memberId)).where(where).orderBy(desc(boardPosts.id)).limit(200);
    },

    /** A post's comments, oldest first, deleted ones too (marked), for moderation; R404 for no such post. */
    async comments(postId: number) {
      const [post] = await db.select({ id: boardPosts.id }).from(boardPosts).where(eq(boardPosts.id, postId));
      if (!post) throw new Failure('R404');
      return db.select({
        id: boardComments.id, memId: members.memId, content: boardComments.content, createdAt: boardComments.createdAt, deletedAt: boardComments.deletedAt,
      }).from(boardComments).innerJoin(members, eq(members.id, boardComments.memberId)).where(eq(boardComments.postId, postId)).orderBy(asc(boardComments.id));
    },

    /** A notice or event by the operator (no writer); answers its id. */
    writePost: (tx: Tx, body: z.output<typeof operatorPostBody>): Promise<number> => writePost(tx, null, { ...body, imageIds: [] }, clock.now()),

    async hidePost(tx: Tx, id: number, hidden: boolean): Promise<void> {
      await requirePost(tx, id);
      await tx.update(boardPosts).set({ hidden }).where(eq(boardPosts.id, id));
    },

    async deletePost(tx: Tx, id: number): Promise<void> {
      await requirePost(tx, id);
      await tx.update(boardPosts).set({ deletedAt: clock.now() }).where(and(eq(boardPosts.id, id), isNull(boardPosts.deletedAt)));
    },

    async deleteComment(tx: Tx, id: number): Promise<void> {
      const rows = await tx.update(boardComments).set({ deletedAt: clock.now() })
        .where(and(eq(boardComments.id, id), isNull(boardComments.deletedAt))).returning({ id: boardComments.id });
      if (rows.length === 0) throw new Failure('R404');
    },

    async banners() {
      const rows = await db.select().from(banners).orderBy(asc(banners.kind), asc(banners.ord), asc(banners.id));
      return rows.map(({ imageId, ...row }) => ({ ...row, imageUrl: imageId ? imagePath(imageId) : null }));
    },

    async createBanner(tx: Tx, body: BannerInput): Promise<number> {
      const { image, startsAt, endsAt, ...fields } = body;
      const imageId = await bannerImage(tx, image);
      const [row] = await tx.insert(banners).values({ ...fields, imageId, startsAt: instant(startsAt), endsAt: instant(endsAt) })
        .returning({ id: banners.id });
      return row!.id;
    },

    async updateBanner(tx: Tx, id: number, patch: BannerPatch): Promise<void> {
      const { image, startsAt, endsAt, ...fields } = patch;
      const [current] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
      if (!current) throw new Failure('R404');
      const nextStart = startsAt === undefined ? current.startsAt : instant(startsAt);
      const nextEnd = endsAt === undefined ? current.endsAt : instant(endsAt);
      if (nextStart && nextEnd && nextStart >= nextEnd) throw new Failure('R003');
      const imageId = await bannerImage(tx, image);
      await tx.update(banners).set({ ...fields, startsAt: nextStart, endsAt: nextEnd, ...(imageId !== undefined ? { imageId } : {}) })
        .where(eq(banners.id, id));
    },

    async deleteBanner(tx: Tx, id: number): Promise<void> {
      const rows = await tx.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
      if (rows.length === 0) throw new Failure('R404');
    },

    attendanceSettings: () => readAttendanceSettings(db),

    async setAttendanceSettings(tx: Tx, change: z.output<typeof attendanceSettingsBody>): Promise<void> {
      const values = { ...change, updatedAt: clock.now() };
      await tx.insert(attendanceSettings).values({ id: 1, ...ATTENDANCE_DEFAULTS, ...values })
        .onConflictDoUpdate({ target: attendanceSettings.id, set: values });
    },

    rotary: () => readRotary(db),

    async setRotary(tx: Tx, change: z.output<typeof rotaryBody>): Promise<void> {
      const now = clock.now();
      // Taken first so that two changes at once take turns.
      await tx.insert(rotarySettings).values({ id: 1, enabled: change.enabled ?? true, updatedAt: now })
        .onConflictDoUpdate({ target: rotarySettings.id, set: { ...(change.enabled === undefined ? {} : { enabled: change.enabled }), updatedAt: now } });
      if (change.prizes) {
        await tx.update(rotaryPrizes).set({ retiredAt: now }).where(isNull(rotaryPrizes.retiredAt));
        await tx.insert(rotaryPrizes).values(change.prizes.map((prize, ord) => ({ ...prize, ord })));
      }
    },
  };
}

export type OperatorCommunity = ReturnType<typeof createOperatorCommunity>;
