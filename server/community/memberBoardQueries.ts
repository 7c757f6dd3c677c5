/** The member board's SQL: visible posts (not deleted, not hidden), their comments and images. */
import { and, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { BoardCategory, BoardComment, BoardPostSummary, BoardSearchType } from '../../contract/community';
import { DEFAULT_PAGE_SIZE } from '../../contract/constants';
import type { Executor } from '../db/client';
import { containing } from '../db/like';
import { boardComments, boardPosts, members, storedImages } from '../db/schema';
import { imagePath } from './images';

const visible = and(isNull(boardPosts.deletedAt), eq(boardPosts.hidden, false));

export interface ListFilter {
  category: BoardCategory | 'all';
  search?: { type: BoardSearchType; text: string };
  page: number;
}

const summaryColumns = (readerId: number) => ({
  boardIdx: boardPosts.id,
  category: boardPosts.category,
  title: boardPosts.title,
  memNick: sql<string>`coalesce(${members.memNick}, '')`,
  createdAt: boardPosts.createdAt,
  commentCount: sql<number>`(select count(*)::int from ${boardComments} c where c.post_id = ${boardPosts.id} and c.deleted_at is null)`,
  imageCount: sql<number>`(select count(*)::int from ${storedImages} i where i.post_id = ${boardPosts.id})`,
  mine: sql<boolean>`coalesce(${boardPosts.memberId} = ${readerId}, false)`,
});

type SummaryRow = Omit<BoardPostSummary, 'createdAt'> & { createdAt: Date };
const summaryOf = (row: SummaryRow): BoardPostSummary => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listPosts(executor: Executor, readerId: number, filter: ListFilter): Promise<{ list: BoardPostSummary[]; total: number }> {
  const conditions: (SQL | undefined)[] = [visible];
  if (filter.category !== 'all') conditions.push(eq(boardPosts.category, filter.category));
  if (filter.search) {
    const pattern = containing(filter.search.text);
    const column = { title: boardPosts.title, content: boardPosts.content, writer: members.memNick }[filter.search.type];
    conditions.push(ilike(column, pattern));
  }
  const where = and(...conditions);
  const rows = await executor.select(summaryColumns(readerId)).from(boardPosts)
    .leftJoin(members, eq(members.id, boardPosts.memberId))
    .where(where).orderBy(desc(boardPosts.id))
    .limit(DEFAULT_PAGE_SIZE).offset((filter.page - 1) * DEFAULT_PAGE_SIZE);
  const [{ total }] = await executor.select({ total: count() }).from(boardPosts)
    .leftJoin(members, eq(members.id, boardPosts.memberId)).where(where) as [{ total: number }];
  return { list: rows.map(summaryOf), total };
}

export async function findVisiblePost(executor: Executor, readerId: number, boardIdx: number) {
  const [row] = await executor.select({ ...summaryColumns(readerId), content: boardPosts.content }).from(boardPosts)
    .leftJoin(members, eq(members.id, boardPosts.memberId))
    .where(and(visible, eq(boardPosts.id, boardIdx)));
  return row ? { ...summaryOf(row), content: row.content } : null;
}

export async function postImages(executor: Executor, postId: number): Promise<string[]> {
  const rows = await executor.select({ id: storedImages.id }).from(storedImages)
    .where(eq(storedImages.postId, postId)).orderBy(storedImages.createdAt, storedImages.id);
  return rows.map((row) => imagePath(row.id));
}

export async function postComments(executor: Executor, readerId: number, postId: number): Promise<BoardComment[]> {
  const rows = await executor.select({
    cmtIdx: boardComments.id, memNick: members.memNick, content: boardComments.content, createdAt: boardComments.createdAt,
    mine: sql<boolean>`${boardComments.memberId} = ${readerId}`,
  }).from(boardComments).innerJoin(members, eq(members.id, boardComments.memberId))
    .where(and(eq(boardComments.postId, postId), isNull(boardComments.deletedAt))).orderBy(boardComments.id);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function insertPost(executor: Executor, post: { memberId: number | null; category: BoardCategory; title: string; content: string; at: Date }): Promise<number> {
  const [row] = await executor.insert(boardPosts).values({
    memberId: post.memberId, category: post.category, title: post.title, content: post.content, createdAt: post.at,
  }).returning({ id: boardPosts.id });
  return row!.id;
}

/**
 * Attaches the uploader's own unattached images to a post; answers how many it took (fewer than asked
 * means an id was unknown, someone else's or already used).
 */
export async function attachImages(executor: Executor, ownerId: number | null, postId: number, imageIds: string[]): Promise<number> {
  if (imageIds.length === 0) return 0;
  const owner = ownerId === null ? isNull(storedImages.memberId) : eq(storedImages.memberId, ownerId);
  const rows = await executor.update(storedImages).set({ postId })
    .where(and(inArray(storedImages.id, imageIds), owner, isNull(storedImages.postId)))
    .returning({ id: storedImages.id });
  return rows.length;
}

/** Marks the member's own visible post deleted; false when there is none such (whoever's it is). */
export async function deleteOwnPost(executor: Executor, memberId: number, boardIdx: number, at: Date): Promise<boolean> {
  const rows = await executor.update(boardPosts).set({ deletedAt: at })
    .where(and(visible, eq(boardPosts.id, boardIdx), eq(boardPosts.memberId, memberId))).returning({ id: boardPosts.id });
  return rows.length > 0;
}

export async function insertComment(executor: Executor, comment: { postId: number; memberId: number; content: string; at: Date }) {
  const [row] = await executor.insert(boardComments).values({
    postId: comment.postId, memberId: comment.memberId, content: comment.content, createdAt: comment.at,
  }).returning({ id: boardComments.id });
  return row!.id;
}

export async function deleteOwnComment(executor: Executor, memberId: number, cmtIdx: number, at: Date): Promise<boolean> {
  const rows = await executor.update(boardComments).set({ deletedAt: at })
    .where(and(eq(boardComments.id, cmtIdx), eq(boardComments.memberId, memberId), isNull(boardComments.deletedAt),
      sql`exists (select 1 from ${boardPosts} p where p.id = ${boardComments.postId} and p.deleted_at is null and p.hidden = false)`))
    .returning({ id: boardComments.id });
  return rows.length > 0;
}

export async function postIsVisible(executor: Executor, postId: number): Promise<boolean> {
  const rows = await executor.select({ id: boardPosts.id }).from(boardPosts).where(and(visible, eq(boardPosts.id, postId)));
  return rows.length > 0;
}
