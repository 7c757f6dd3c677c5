/**
 * Operator actions on messages and the support centre, through the support boards' operator face
 * (board/operatorBoard.ts) and the messages service, each audited in the same transaction: sending a
 * message (one member, a level, everyone), writing notices and FAQ, answering questions (the answer
 * also goes to the member as a message) and setting message retention. Pushes go out after the commit.
 */
import type { z } from 'zod';
import type { messageBody, messageRetentionBody, postBody } from '../../contract/admin';
import type { SupportPost, MessageRetention, QnaStatus } from '../../contract/support';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { createOperatorBoard } from '../supportBoards/operatorBoard';
import { createOperatorMembers } from '../member/operatorMembers';
import type { MessagesService } from '../messages/service';
import type { Audit, OperatorContext } from './audit';

/** The title of the message that carries a question's answer: the question's own title, marked. */
export const ANSWER_MESSAGE_PREFIX = '[답변] ';

export function createSupportAdminService({ db, clock, audit, messages }: { db: Db; clock: Clock; audit: Audit; messages: MessagesService }) {
  const board = createOperatorBoard({ db, clock });
  const members = createOperatorMembers({ db });
  return {
    async sendMessage(ctx: OperatorContext, body: z.output<typeof messageBody>): Promise<{ sent: number }> {
      const text = board.checkText(body.title, body.content);
      let recipients: Parameters<MessagesService['send']>[1];
      if (body.target === 'member') {
        recipients = { kind: 'member', memberId: (await members.member(body.memId)).memberId };
      } else {
        recipients = body.target === 'level' ? { kind: 'level', level: body.level } : { kind: 'all' };
      }
      const target = body.target === 'member' ? body.memId : body.target === 'level' ? `level:${body.level}` : 'all';
      const arrivals = await audit.run(ctx, { action: 'message.send', target, detail: { title: text.title } }, (tx) => messages.send(tx, recipients, text));
      await messages.announceArrivals(arrivals);
      return { sent: arrivals.length };
    },

    async writePost(ctx: OperatorContext, boardType: 'nt' | 'faq', body: z.output<typeof postBody>, id?: number): Promise<{ post: SupportPost }> {
      const text = board.checkText(body.title, body.content);
      const action = `${boardType}.${id === undefined ? 'create' : 'update'}`;
      return audit.run(ctx, { action, target: id === undefined ? '' : String(id), detail: { title: text.title } },
        async (tx) => ({ post: await board.writePost(tx, boardType, text, id) }));
    },

    async deletePost(ctx: OperatorContext, boardType: 'nt' | 'faq', id: number): Promise<{ deleted: true }> {
      return audit.run(ctx, { action: `${boardType}.delete`, target: String(id) }, async (tx) => {
        await board.deletePost(tx, boardType, id);
        return { deleted: true as const };
      });
    },

    posts: async (boardType: 'nt' | 'faq', search?: string) => ({ list: await board.posts(boardType, search) }),

    questions: async (status: QnaStatus) => ({ list: await board.questions(status) }),

    async answer(ctx: OperatorContext, id: number, answerText: string): Promise<{ post: SupportPost }> {
      const { post, arrivals } = await audit.run(ctx, { action: 'qna.answer', target: String(id) }, async (tx) => {
        const answered = await board.answer(tx, id, answerText);
        const message = { title: `${ANSWER_MESSAGE_PREFIX}${answered.post.title}`.slice(0, 200), content: answered.answer };
        return { post: answered.post, arrivals: await messages.send(tx, { kind: 'member', memberId: answered.memberId }, message) };
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
