/**
 * Messages and the support centre: the member's messages, the support boards (notices, FAQ, the
 * member's questions with the operator's answer) and the message retention the operator sets.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './coreSchema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One row per message and member (an operator message to a level or to everyone becomes one row each). */
export const messages = pgTable('messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => members.id),
  title: text('title').notNull(),
  content: text('content').notNull(),
  createdAt: at('created_at').notNull(),
  readAt: at('read_at'),
}, (t) => [
  index('messages_member_idx').on(t.memberId, t.createdAt),
  index('messages_unread_idx').on(t.memberId).where(sql`${t.readAt} is null`),
]);

/** Notices (nt), FAQ entries (faq) and members' questions (qna, member_id set, answered by the operator). */
export const supportPosts = pgTable('support_posts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  boardType: text('board_type', { enum: ['nt', 'faq', 'qna'] }).notNull(),
  memberId: bigint('member_id', { mode: 'number' }).references(() => members.id),
  title: text('title').notNull(),
  content: text('content').notNull(),
  answer: text('answer'),
  answeredAt: at('answered_at'),
  createdAt: at('created_at').notNull(),
}, (t) => [
  index('support_posts_board_idx').on(t.boardType, t.createdAt),
  index('support_posts_member_idx').on(t.memberId, t.createdAt),
  check('support_posts_board_type_check', sql`${t.boardType} in ('nt', 'faq', 'qna')`),
  check('support_posts_member_check', sql`(${t.boardType} = 'qna') = (${t.memberId} is not null)`),
  check('support_posts_answer_check', sql`(${t.answer} is null) = (${t.answeredAt} is null)`),
]);

/** Message retention (SPEC §9): a single row (id = 1) the operator sets. */
export const messageSettings = pgTable('message_settings', {
  id: integer('id').primaryKey().default(1),
  maxDays: integer('max_days').notNull().default(30),
  maxItems: integer('max_items').notNull().default(100),
}, (t) => [
  check('message_settings_single_row', sql`${t.id} = 1`),
  check('message_settings_positive', sql`${t.maxDays} > 0 and ${t.maxItems} > 0`),
]);
