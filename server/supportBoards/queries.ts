/** SQL of the support boards: notices, FAQ and the members' questions. */
import { and, desc, eq, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { SupportPost, QnaStatus, SupportBoardType } from '../../contract/support';
import type { Executor } from '../db/client';
import { containing } from '../db/like';
import { members, supportPosts } from '../db/schema';
import { historyPage } from '../wallet/history';

type PostRow = typeof supportPosts.$inferSelect;

export function postView(row: PostRow): SupportPost {
  const post: SupportPost = {
    boardIdx: row.id,
    boardType: row.boardType,
    title: row.title,
    content: row.content,
    regDate: row.createdAt.toISOString(),
  };
  if (row.boardType !== 'qna') return post;
  return { ...post, status: row.answer === null ? 'waiting' : 'answered', answer: row.answer, answerDate: row.answeredAt?.toISOString() ?? null };
}

/** Whose posts a reader sees: everyone's notices and FAQ; only their own questions (memberId null: the operator, all). */
function boardWhere(boardType: SupportBoardType, memberId: number | null, search?: string): SQL | undefined {
  return and(
    eq(supportPosts.boardType, boardType),
    boardType === 'qna' && memberId !== null ? eq(supportPosts.memberId, memberId) : undefined,
    search === undefined ? undefined : ilike(supportPosts.title, containing(search.trim())),
  );
}

export function postPage(executor: Executor, boardType: SupportBoardType, memberId: number | null, page: number, search?: string) {
  return historyPage(executor, supportPosts, supportPosts.createdAt, boardWhere(boardType, memberId, search), page);
}

export async function findPost(executor: Executor, boardType: SupportBoardType, memberId: number | null, id: number): Promise<PostRow | null> {
  const [row] = await executor.select().from(supportPosts).where(and(boardWhere(boardType, memberId), eq(supportPosts.id, id)));
  return row ?? null;
}

export async function insertPost(
  executor: Executor, post: { boardType: SupportBoardType; memberId: number | null; title: string; content: string }, now: Date,
): Promise<PostRow> {
  const [row] = await executor.insert(supportPosts).values({ ...post, createdAt: now }).returning();
  return row!;
}

export async function updatePost(executor: Executor, boardType: 'nt' | 'faq', id: number, change: { title: string; content: string }): Promise<PostRow | null> {
  const [row] = await executor.update(supportPosts).set(change)
    .where(and(eq(supportPosts.boardType, boardType), eq(supportPosts.id, id))).returning();
  return row ?? null;
}

export async function deletePost(executor: Executor, boardType: 'nt' | 'faq', id: number): Promise<boolean> {
  const deleted = await executor.delete(supportPosts).where(and(eq(supportPosts.boardType, boardType), eq(supportPosts.id, id)))
    .returning({ id: supportPosts.id });
  return deleted.length > 0;
}

export async function answerQuestion(executor: Executor, id: number, answer: string, now: Date) {
  const [row] = await executor.update(supportPosts).set({ answer, answeredAt: now })
    .where(and(eq(supportPosts.boardType, 'qna'), eq(supportPosts.id, id))).returning();
  if (!row) return null;
  const [owner] = await executor.select({ memId: members.memId }).from(members).where(eq(members.id, row.memberId!));
  return { row, memId: owner!.memId };
}

/** The operator's list of notices or FAQ: newest first, at most `limit`, titles containing `search`. */
export async function operatorPosts(executor: Executor, boardType: 'nt' | 'faq', search: string | undefined, limit: number): Promise<PostRow[]> {
  return executor.select().from(supportPosts).where(boardWhere(boardType, null, search || undefined))
    .orderBy(desc(supportPosts.createdAt), desc(supportPosts.id)).limit(limit);
}

/** The operator's view of questions: by status, newest first, with the asking member's id. */
export async function questionsByStatus(executor: Executor, status: QnaStatus) {
  return executor.select({ post: supportPosts, memId: members.memId }).from(supportPosts)
    .innerJoin(members, eq(members.id, supportPosts.memberId))
    .where(and(eq(supportPosts.boardType, 'qna'), status === 'waiting' ? isNull(supportPosts.answer) : isNotNull(supportPosts.answer)))
    .orderBy(supportPosts.createdAt).limit(500);
}
