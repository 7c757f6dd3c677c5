/**
 * Community tables: the member board (posts, comments, images), the operator's banners and popups,
 * attendance and the prize wheel. Money moves only through the ledger; the check-in and spin rows
 * point at the ledger transaction that credited them and are unique per member and Seoul day.
 */
import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, check, customType, date, index, integer, pgTable, text, timestamp, unique,
} from 'drizzle-orm/pg-core';
import { ledgerTransactions, members } from './coreSchema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Board posts. member_id null: the operator's (notices and events). */
export const boardPosts = pgTable('board_posts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).references(() => members.id),
  category: text('category', { enum: ['normal', 'event', 'notice'] }).notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  /** Hidden by the operator: gone for members, kept for the record. */
  hidden: boolean('hidden').notNull().default(false),
  deletedAt: at('deleted_at'),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  index('board_posts_list_idx').on(t.category, t.id),
  check('board_posts_category_check', sql`${t.category} in ('normal', 'event', 'notice')`),
  check('board_posts_writer_check', sql`${t.memberId} is not null or ${t.category} in ('notice', 'event')`),
]);

export const boardComments = pgTable('board_comments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  postId: bigint('post_id', { mode: 'number' }).notNull().references(() => boardPosts.id),
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => members.id),
  content: text('content').notNull(),
  deletedAt: at('deleted_at'),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [index('board_comments_post_idx').on(t.postId, t.id)]);

/**
 * Stored images (board attachments, banner pictures): the bytes, the type read from them, and who
 * owns them. A board image is uploaded first (post_id null) and attached once by its uploader.
 */
export const storedImages = pgTable('stored_images', {
  id: text('id').primaryKey(),
  mime: text('mime').notNull(),
  bytes: bytea('bytes').notNull(),
  memberId: bigint('member_id', { mode: 'number' }).references(() => members.id),
  postId: bigint('post_id', { mode: 'number' }).references(() => boardPosts.id),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  index('stored_images_post_idx').on(t.postId),
  check('stored_images_mime_check', sql`${t.mime} in ('image/png', 'image/jpeg', 'image/webp')`),
]);

/** Operator banners (kind banner) and popups (kind popup), shown in `ord` order between their dates. */
export const banners = pgTable('banners', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['banner', 'popup'] }).notNull(),
  title: text('title').notNull(),
  imageId: text('image_id').references(() => storedImages.id),
  /** A screen id or an https address (contract/links.ts); '' for none. */
  link: text('link_url').notNull().default(''),
  ord: integer('ord').notNull().default(0),
  startsAt: at('starts_at'),
  endsAt: at('ends_at'),
  active: boolean('active').notNull().default(true),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [check('banners_kind_check', sql`${t.kind} in ('banner', 'popup')`)]);

/** Attendance settings: a single row (id = 1). */
export const attendanceSettings = pgTable('attendance_settings', {
  id: integer('id').primaryKey().default(1),
  enabled: boolean('enabled').notNull().default(true),
  dailyPoints: integer('daily_points').notNull().default(100),
  /** Every bonusEvery-th consecutive day earns bonusPoints on top (0: never). */
  bonusEvery: integer('bonus_every').notNull().default(7),
  bonusPoints: integer('bonus_points').notNull().default(1_000),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  check('attendance_settings_single_row', sql`${t.id} = 1`),
  check('attendance_settings_values', sql`${t.dailyPoints} >= 0 and ${t.bonusEvery} >= 0 and ${t.bonusPoints} >= 0`),
]);

export const attendanceChecks = pgTable('attendance_checks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => members.id),
  /** The Seoul calendar day. */
  day: date('day', { mode: 'string' }).notNull(),
  streak: integer('streak').notNull(),
  points: integer('points').notNull(),
  transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [unique('attendance_checks_member_day').on(t.memberId, t.day)]);

/** The wheel's settings: a single row (id = 1); its prizes are rotary_prizes. */
export const rotarySettings = pgTable('rotary_settings', {
  id: integer('id').primaryKey().default(1),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [check('rotary_settings_single_row', sql`${t.id} = 1`)]);

/** The wheel's prizes; replacing them retires the old ones (retired_at) so past spins keep theirs. */
export const rotaryPrizes = pgTable('rotary_prizes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  label: text('label').notNull(),
  points: integer('points').notNull(),
  weight: integer('weight').notNull(),
  ord: integer('ord').notNull().default(0),
  retiredAt: at('retired_at'),
}, (t) => [check('rotary_prizes_values', sql`${t.points} >= 0 and ${t.weight} > 0`)]);

export const rotarySpins = pgTable('rotary_spins', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => members.id),
  day: date('day', { mode: 'string' }).notNull(),
  prizeId: bigint('prize_id', { mode: 'number' }).notNull().references(() => rotaryPrizes.id),
  points: integer('points').notNull(),
  transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [unique('rotary_spins_member_day').on(t.memberId, t.day)]);
