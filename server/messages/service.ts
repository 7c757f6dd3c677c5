/**
 * The member's messages (SPEC §2 my page message, §5 message deletion, §9 retention): list, read (marks
 * it read), delete (a selection of read messages only, M002), and sending, which the operator and the
 * Q&A answers use. After each change commits, the member hears MSG with the unread count, marked as an
 * arrival when a message arrived, which raises the new-message popup (contract/topics MEMBER_FRAMES).
 */
import type { MessageList, MessageRetention } from '../../contract/support';
import { checkMessageSelection, type Message } from '../../contract/support';
import { MEMBER_FRAMES } from '../../contract/topics';
import type { Clock } from '../clock';
import type { Db, Executor } from '../db/client';
import { Failure } from '../failure';
import type { PushLog } from '../money/balancePush';
import type { Push } from '../push';
import { pageInfo } from '../wallet/history';
import {
  deleteMessages, insertMessages, markRead, memberMessages, messageItem, messagePage, messageView, pruneMessages, readRetention,
  type Recipients, unreadCount, writeRetention,
} from './queries';

export interface MessagesDeps {
  db: Db;
  clock: Clock;
  push: Push;
  log: PushLog;
}

export function createMessagesService({ db, clock, push, log }: MessagesDeps) {
  /** MSG to every live session of the member; a lost push is logged, never fatal. */
  async function announce(memId: string, newMsg: number, arrived: boolean): Promise<void> {
    try {
      await push.publishToMember(memId, MEMBER_FRAMES.messages(newMsg, arrived));
    } catch (error) {
      log.warn({ err: error, memId }, 'MSG push failed');
    }
  }

  return {
    /**
     * Writes a message to each recipient inside the caller's transaction and prunes their inboxes;
     * answers what to announce once the transaction commits (see `announceArrivals`).
     */
    async send(tx: Executor, recipients: Recipients, message: { title: string; content: string }) {
      const now = clock.now();
      const targets = await insertMessages(tx, recipients, message, now);
      if (targets.length > 0) await pruneMessages(tx, await readRetention(tx), now, recipients.kind === 'all' ? undefined : targets.map((t) => t.memberId));
      return Promise.all(targets.map(async (target) => ({ memId: target.memId, newMsg: await unreadCount(tx, target.memberId) })));
    },

    async announceArrivals(arrivals: readonly { memId: string; newMsg: number }[]): Promise<void> {
      await Promise.all(arrivals.map((arrival) => announce(arrival.memId, arrival.newMsg, true)));
    },

    async list(memberId: number, page: number): Promise<MessageList> {
      return db.transaction(async (tx) => {
        await pruneMessages(tx, await readRetention(tx), clock.now(), [memberId]);
        const { rows, total } = await messagePage(tx, memberId, page);
        return { list: rows.map(messageItem), pageInfo: pageInfo(page, total), newMsg: await unreadCount(tx, memberId) };
      });
    },

    /** Another member's message and a missing one answer the same M003. */
    async read(memberId: number, memId: string, msgIdx: number): Promise<{ message: Message; newMsg: number }> {
      const { row, newMsg, wasUnread } = await db.transaction(async (tx) => {
        const [before] = await memberMessages(tx, memberId, [msgIdx]);
        if (!before) throw new Failure('M003');
        const read = before.readAt ? before : await markRead(tx, memberId, msgIdx, clock.now());
        return { row: read ?? before, newMsg: await unreadCount(tx, memberId), wasUnread: !before.readAt };
      });
      if (wasUnread) await announce(memId, newMsg, false);
      return { message: messageView(row), newMsg };
    },

    /** Deletes the selected messages: all of them or none (M001 no selection, M003 not the member's, M002 unread). */
    async remove(memberId: number, msgIdxs: readonly number[]): Promise<{ deleted: number; newMsg: number }> {
      const ids = [...new Set(msgIdxs)];
      const selection = checkMessageSelection(ids);
      if (selection) throw new Failure(selection);
      return db.transaction(async (tx) => {
        const rows = await memberMessages(tx, memberId, ids);
        if (rows.length !== ids.length) throw new Failure('M003');
        if (rows.some((row) => !row.readAt)) throw new Failure('M002');
        return { deleted: await deleteMessages(tx, memberId, ids), newMsg: await unreadCount(tx, memberId) };
      });
    },

    retention: (): Promise<MessageRetention> => readRetention(db),
    setRetention: (tx: Executor, retention: MessageRetention) => writeRetention(tx, retention),
    /** Applies a new retention to every inbox at once (inside the operator's transaction). */
    pruneAll: (tx: Executor, retention: MessageRetention) => pruneMessages(tx, retention, clock.now()),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
