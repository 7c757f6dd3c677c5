/**
 * The member board (SPEC §2, §5): list with a required search term when searching, read with comments,
 * write (title and content required, optional images the member uploaded), delete one's own posts and
 * comments. Members post in `normal` only (BD010). Text is stored as typed and refused when it would
 * read as markup (BD005); the site renders it as text either way. Another member's post or comment,
 * a hidden or deleted one and one that never existed all answer BD006 alike.
 */
import type { z } from 'zod';
import {
  BOARD_COMMENT_MAX, BOARD_CONTENT_MAX, BOARD_IMAGES_MAX, BOARD_SEARCH_MAX, BOARD_TITLE_MAX, MEMBER_BOARD_CATEGORIES,
  type BoardCategory, type BoardComment, type BoardList, type BoardPost,
} from '../../contract/community';
import type {
  boardListPayload, boardSavePayload, commentSavePayload,
} from '../../contract/communityPayloads';
import type { ResultCode } from '../../contract/codes';
import type { Clock } from '../clock';
import type { Db, Executor } from '../db/client';
import { looksLikeMarkup } from '../../contract/rules';
import { Failure } from '../failure';
import { idempotent, withoutKey } from '../money/idempotency';
import type { MemberRef } from '../money/memberLock';
import { pageInfo } from '../wallet/history';
import {
  attachImages, deleteOwnComment, deleteOwnPost, findVisiblePost, insertComment, insertPost, listPosts, postComments, postImages,
} from './memberBoardQueries';

/** A required text: trimmed, not empty (`empty`), within `max` (BD004), no markup (BD005). */
export function requiredText(value: string, max: number, empty: ResultCode): string {
  const trimmed = value.trim();
  if (!trimmed) throw new Failure(empty);
  if (trimmed.length > max) throw new Failure('BD004');
  if (looksLikeMarkup(trimmed)) throw new Failure('BD005');
  return trimmed;
}

export interface PostDraft {
  category: BoardCategory;
  title: string;
  content: string;
  imageIds: string[];
}

/** Checks a draft and writes the post with its images (the writer's own unattached uploads) in `tx`. */
export async function writePost(tx: Executor, writerId: number | null, draft: PostDraft, at: Date): Promise<number> {
  const title = requiredText(draft.title, BOARD_TITLE_MAX, 'BD001');
  const content = requiredText(draft.content, BOARD_CONTENT_MAX, 'BD002');
  const imageIds = [...new Set(draft.imageIds)];
  if (imageIds.length !== draft.imageIds.length || imageIds.length > BOARD_IMAGES_MAX) throw new Failure('BD009');
  const boardIdx = await insertPost(tx, { memberId: writerId, category: draft.category, title, content, at });
  if ((await attachImages(tx, writerId, boardIdx, imageIds)) !== imageIds.length) throw new Failure('BD009');
  return boardIdx;
}

export function createMemberBoardService({ db, clock }: { db: Db; clock: Clock }) {
  async function readPost(readerId: number, boardIdx: number): Promise<BoardPost> {
    const post = await findVisiblePost(db, readerId, boardIdx);
    if (!post) throw new Failure('BD006');
    const [images, comments] = [await postImages(db, boardIdx), await postComments(db, readerId, boardIdx)];
    return { ...post, images, comments };
  }

  return {
    async list(member: MemberRef, payload: z.output<typeof boardListPayload>): Promise<BoardList> {
      const search = payload.search && { type: payload.search.type, text: requiredText(payload.search.text, BOARD_SEARCH_MAX, 'BD003') };
      const { list, total } = await listPosts(db, member.memberId, { category: payload.category, search, page: payload.page });
      return { list, pageInfo: pageInfo(payload.page, total) };
    },

    async detail(member: MemberRef, boardIdx: number): Promise<{ post: BoardPost }> {
      return { post: await readPost(member.memberId, boardIdx) };
    },

    async save(member: MemberRef, payload: z.output<typeof boardSavePayload>): Promise<{ boardIdx: number }> {
      if (!MEMBER_BOARD_CATEGORIES.includes(payload.category)) throw new Failure('BD010');
      return idempotent(db, { memberId: member.memberId, key: payload.idempotencyKey, call: 'boardSave', payload: withoutKey(payload) },
        async (tx) => ({ boardIdx: await writePost(tx, member.memberId, payload, clock.now()) }));
    },

    async remove(member: MemberRef, boardIdx: number): Promise<null> {
      if (!(await deleteOwnPost(db, member.memberId, boardIdx, clock.now()))) throw new Failure('BD006');
      return null;
    },

    async comment(member: MemberRef, payload: z.output<typeof commentSavePayload>): Promise<{ comment: BoardComment }> {
      const content = requiredText(payload.content, BOARD_COMMENT_MAX, 'BD012');
      if (!(await findVisiblePost(db, member.memberId, payload.boardIdx))) throw new Failure('BD006');
      const cmtIdx = await insertComment(db, { postId: payload.boardIdx, memberId: member.memberId, content, at: clock.now() });
      const comment = (await postComments(db, member.memberId, payload.boardIdx)).find((c) => c.cmtIdx === cmtIdx)!;
      return { comment };
    },

    async removeComment(member: MemberRef, cmtIdx: number): Promise<null> {
      if (!(await deleteOwnComment(db, member.memberId, cmtIdx, clock.now()))) throw new Failure('BD006');
      return null;
    },
  };
}

export type MemberBoardService = ReturnType<typeof createMemberBoardService>;
