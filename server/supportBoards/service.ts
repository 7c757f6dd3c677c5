/**
 * The support boards (SPEC §2 support centre, §7 /api/board/{boardType}/list and /datail): notices and
 * FAQ written by the operator, and the member's own questions, answered by the operator (the answer is
 * also sent to the member as a message). A question is sent once per idempotency key (an offline
 * draft may be sent again by another tab or after a lost answer). Another member's question answers
 * BD006 exactly like a missing one.
 *
 * The community boards (normal, event: posting, comments, images) are another module (server/community);
 * this one serves only the board types of contract/support.ts SUPPORT_BOARD_TYPES.
 */
import type { z } from 'zod';
import type { supportListPayload, qnaSavePayload } from '../../contract/supportPayloads';
import { type SupportPostList, type SupportPost, checkPostText, checkSearchTerm, type SupportBoardType } from '../../contract/support';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { Failure } from '../failure';
import { idempotent, withoutKey } from '../money/idempotency';
import { pageInfo } from '../wallet/history';
import { findPost, insertPost, postPage, postView } from './queries';

type ListPayload = z.output<typeof supportListPayload>;

/** Refuses a title or content that breaks a rule of contract/support.ts (its BD code). */
export function requirePostText(title: string, content: string): { title: string; content: string } {
  const code = checkPostText(title, content);
  if (code) throw new Failure(code);
  return { title: title.trim(), content: content.trim() };
}

export function createSupportBoardsService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** A page of a board as `memberId` sees it; a search needs its term (BD003). */
    async list(boardType: SupportBoardType, memberId: number, { page, search }: ListPayload): Promise<SupportPostList> {
      if (search !== undefined) {
        const code = checkSearchTerm(search);
        if (code) throw new Failure(code);
      }
      const { rows, total } = await postPage(db, boardType, memberId, page, search);
      return { list: rows.map(postView), pageInfo: pageInfo(page, total) };
    },

    async detail(boardType: 'nt' | 'qna', memberId: number, boardIdx: number): Promise<{ post: SupportPost }> {
      const row = await findPost(db, boardType, memberId, boardIdx);
      if (!row) throw new Failure('BD006');
      return { post: postView(row) };
    },

    async ask(memberId: number, payload: z.output<typeof qnaSavePayload>): Promise<{ post: SupportPost }> {
      const text = requirePostText(payload.title, payload.content);
      return idempotent(db, { memberId, key: payload.idempotencyKey, call: 'qnaSave', payload: withoutKey(payload) }, async (tx) => ({
        post: postView(await insertPost(tx, { boardType: 'qna', memberId, ...text }, clock.now())),
      }));
    },
  };
}

export type SupportBoardsService = ReturnType<typeof createSupportBoardsService>;
