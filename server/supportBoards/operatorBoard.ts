/**
 * What the operator may do with the support boards, and the only board module the operator API calls:
 * list, write, change and delete notices and FAQ, list questions by status, answer one. Text follows the
 * boards' rules (BD codes); a missing post answers BD006. Writes take the operator's transaction.
 */
import { SUPPORT_POSTS_MAX } from '../../contract/admin';
import type { SupportPost, QnaStatus } from '../../contract/support';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { Failure } from '../failure';
import { answerQuestion, deletePost, insertPost, operatorPosts, postView, questionsByStatus, updatePost } from './queries';
import { requirePostText } from './service';

export function createOperatorBoard({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** Title and content checked by the boards' rules (a message the operator sends follows them too). */
    checkText: requirePostText,

    /** A new notice or FAQ entry, or (with `id`) a changed one. */
    async writePost(tx: Tx, boardType: 'nt' | 'faq', text: { title: string; content: string }, id?: number): Promise<SupportPost> {
      const checked = requirePostText(text.title, text.content);
      const row = id === undefined ? await insertPost(tx, { boardType, memberId: null, ...checked }, clock.now()) : await updatePost(tx, boardType, id, checked);
      if (!row) throw new Failure('BD006');
      return postView(row);
    },

    async deletePost(tx: Tx, boardType: 'nt' | 'faq', id: number): Promise<void> {
      if (!(await deletePost(tx, boardType, id))) throw new Failure('BD006');
    },

    /** Notices or FAQ as the operator lists them (newest first, titles containing `search`). */
    async posts(boardType: 'nt' | 'faq', search?: string): Promise<SupportPost[]> {
      return (await operatorPosts(db, boardType, search, SUPPORT_POSTS_MAX)).map(postView);
    },

    async questions(status: QnaStatus) {
      const rows = await questionsByStatus(db, status);
      return rows.map(({ post, memId }) => ({ ...postView(post), memId }));
    },

    /** The answer written on the question; answers the question, the answer as kept and the member who asked. */
    async answer(tx: Tx, id: number, answerText: string): Promise<{ post: SupportPost; answer: string; memberId: number }> {
      const { content: answer } = requirePostText('answer', answerText);
      const answered = await answerQuestion(tx, id, answer, clock.now());
      if (!answered) throw new Failure('BD006');
      return { post: postView(answered.row), answer, memberId: answered.row.memberId! };
    },
  };
}

export type OperatorBoard = ReturnType<typeof createOperatorBoard>;
