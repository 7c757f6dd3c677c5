/**
 * Operator actions on messages and the support centre, each audited in the same transaction: sending a
 * message (one member, a level, everyone), writing notices and FAQ, answering questions (the answer
 * also goes to the member as a message) and setting message retention. Pushes go out after the commit.
 */
import type { z } from 'zod';
import type { messageBody, messageRetentionBody, postBody } from '../../contract/admin';
import type { SupportPost, MessageRetention, QnaStatus } from '../../contract/support';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { answerQuestion, deletePost, insertPost, postView, questionsByStatus, updatePost } from '../supportBoards/queries';
import { requirePostText } from '../supportBoards/service';
import { findMemberByMemId } from '../member/queries';
import { Failure } from '../failure';
import type { MessagesService } from '../messages/service';
import type { Audit, OperatorContext } from './audit';

/** The title of the message that carries a question's answer: the question's own title, marked. */
export const ANSWER_MESSAGE_PREFIX = '[답변] ';

export function createSupportAdminService({ db, clock, audit, messages }: { db: Db; clock: Clock; audit: Audit; messages: MessagesService }) {
  return {
    async sendMessage(ctx: OperatorContext, body: z.output<typeof messageBody>): Promise<{ sent: number }> {
      const text = requirePostText(body.title, body.content);
      let recipients: Parameters<MessagesService['send']>[1];
      if (body.target === 'member') {
        const member = await findMemberByMemId(db, body.memId);
        if (!member) throw new Failure('U000');
        recipients = { kind: 'member', memberId: member.id };
      } else {
        recipients = body.target === 'level' ? { kind: 'level', level: body.level } : { kind: 'all' };
      }
      const target = body.target === 'member' ? body.memId : body.target === 'level' ? `level:${body.level}` : 'all';
      const arrivals = await audit.run(ctx, { action: 'message.send', target, detail: { title: text.title } }, (tx) => messages.send(tx, recipients, text));
      await messages.announceArrivals(arrivals);
      return { sent: arrivals.length };
    },

    async writePost(ctx: OperatorContext, boardType: 'nt' | 'faq', body: z.output<typeof postBody>, id?: number): Promise<{ post: SupportPost }> {
      const text = requirePostText(body.title, body.content);
      const action = `${boardType}.${id === undefined ? 'create' : 'update'}`;
      return audit.run(ctx, { action, target: id === undefined ? '' : String(id), detail: { title: text.title } }, async (tx) => {
        const row = id === undefined ? await insertPost(tx, { boardType, memberId: null, ...text }, clock.now()) : await updatePost(tx, boardType, id, text);
        if (!row) throw new Failure('BD006');
        return { post: postView(row) };
      });
    },

    async deletePost(ctx: OperatorContext, boardType: 'nt' | 'faq', id: number): Promise<{ deleted: true }> {
      return audit.run(ctx, { action: `${boardType}.delete`, target: String(id) }, async (tx) => {
        if (!(await deletePost(tx, boardType, id))) throw new Failure('BD006');
        return { deleted: true as const };
      });
    },

    async questions(status: QnaStatus) {
      const rows = await questionsByStatus(db, status);
      return { list: rows.map(({ post, memId }) => ({ ...postView(post), memId })) };
    },

    async answer(ctx: OperatorContext, id: number, answerText: string): Promise<{ post: SupportPost }> {
      const { content: answer } = requirePostText('answer', answerText);
      const { post, arrivals } = await audit.run(ctx, { action: 'qna.answer', target: String(id) }, async (tx) => {
        const answered = await answerQuestion(tx, id, answer, clock.now());
        if (!answered) throw new Failure('BD006');
        const message = { title: `${ANSWER_MESSAGE_PREFIX}${answered.row.title}`.slice(0, 200), content: answer };
        return { post: postView(answered.row), arrivals: await messages.send(tx, { kind: 'member', memberId: answered.row.memberId! }, message) };
      });
      await messages.announceArrivals(arrivals);
      return { post };
    },

    retention: () => messages.retention(),

    async setRetention(ctx: OperatorContext, retention: z.output<typeof messageRetentionBody>): Promise<MessageRetention> {
      return audit.run(ctx, { action: 'message.retention', detail: { ...retention } }, async (tx) => {
        await messages.setRetention(tx, retention);
        await messages.pruneAll(tx, retention);
        return retention;
      });
    },
  };
}

export type SupportAdminService = ReturnType<typeof createSupportAdminService>;
