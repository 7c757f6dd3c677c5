/**
 * Games on the site's side (server/games): the vendors (one per game code) and their games as the
 * operator shows them, each member's game state, the transfers to and from the house vendor (written
 * before each call), the vendor feeds' cursors, launch times (ABZ01) and the operator's game settings.
 * Game money itself is the member's GAME ledger account (server/games/README in the project README).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './coreSchema';

/** A vendor: a game code of the GAME master code and the brand key it is offered under at the vendor. */
export const gameVendors = pgTable('game_vendors', {
  code: text('code').primaryKey(),
  brand: text('brand').notNull(),
  /** shown, maintenance (B0093) or hidden (not listed, not launchable). */
  state: text('state').notNull().default('shown'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('game_vendors_brand_unique').on(t.brand),
  check('game_vendors_state_check', sql`${t.state} in ('shown', 'maintenance', 'hidden')`),
]);

/** The vendor's catalogue as last synced, with the operator's on/off per game. */
export const gameCatalog = pgTable('game_catalog', {
  gameKey: text('game_key').primaryKey(),
  brand: text('brand').notNull(),
  kind: text('kind').notNull(),
  names: jsonb('names').notNull(),
  image: text('image').notNull(),
  /** Offered by the vendor (its own switch, as of the last sync). */
  vendorEnabled: boolean('vendor_enabled').notNull().default(true),
  /** The operator's switch. */
  enabled: boolean('enabled').notNull().default(true),
  ord: integer('ord').notNull().default(0),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the game first came from the vendor (the main page's new games). */
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('game_catalog_brand_idx').on(t.brand, t.ord)]);

/** Each member's game state: the launch choice (changeMemCashFlag), an operator lock (B1002), the open game. */
export const gameMembers = pgTable('game_members', {
  memberId: bigint('member_id', { mode: 'number' }).primaryKey().references(() => members.id),
  memCashFlag: text('mem_cash_flag').notNull().default('Y'),
  locked: boolean('locked').notNull().default(false),
  /** The game opened last and not merged since (null: none open). */
  openGameKey: text('open_game_key'),
  openedAt: timestamp('opened_at', { withTimezone: true }),
  /** The vendor's rounds of the member the rounds feed has brought in (games/feed.ts), compared with an out-all's count. */
  roundsPosted: bigint('rounds_posted', { mode: 'number' }).notNull().default(0),
}, (t) => [check('game_members_flag_check', sql`${t.memCashFlag} in ('Y', 'N')`)]);

/**
 * Transfers between integrated money and the vendor, each written (pending) before its call:
 * in (amount known, posted to the ledger at once and reversed if the vendor refuses for good) and
 * out-all (amount known only from the vendor's answer, posted when applied). One pending transfer per
 * member at a time.
 */
export const gameTransfers = pgTable('game_transfers', {
  transferId: text('transfer_id').primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => members.id),
  direction: text('direction').notNull(),
  amount: bigint('amount', { mode: 'number' }),
  state: text('state').notNull().default('pending'),
  /** The member's idempotency key of a merge (null for launches), unique per member. */
  requestKey: text('request_key'),
  /** Why it failed: the site's result code (C009 while a round is open, 2000 refused by the vendor). */
  failCode: text('fail_code'),
  /** Who asked: member, operator, job. */
  origin: text('origin').notNull().default('member'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('game_transfers_one_pending').on(t.memberId).where(sql`${t.state} = 'pending'`),
  uniqueIndex('game_transfers_request_key').on(t.memberId, t.requestKey),
  index('game_transfers_state_idx').on(t.state, t.createdAt),
  check('game_transfers_direction_check', sql`${t.direction} in ('in', 'out')`),
  check('game_transfers_state_check', sql`${t.state} in ('pending', 'applied', 'failed')`),
  check('game_transfers_amount_check', sql`${t.amount} is null or ${t.amount} >= 0`),
]);

/** Where each vendor feed was read up to ('rounds'). */
export const gameFeedCursors = pgTable('game_feed_cursors', {
  name: text('name').primaryKey(),
  cursor: text('cursor'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Launch times, for the ABZ01 burst rule (contract/games.ts LAUNCH_BURST). */
export const gameLaunches = pgTable('game_launches', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => members.id),
  at: timestamp('at', { withTimezone: true }).notNull(),
}, (t) => [index('game_launches_member_at_idx').on(t.memberId, t.at)]);

/** The operator's game settings (one row): whether an unfinished deposit or withdrawal blocks a launch (F001). */
export const gameSettings = pgTable('game_settings', {
  id: integer('id').primaryKey(),
  blockWhileCashOpen: boolean('block_while_cash_open').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last reconciliation: what differed between the site and the vendor (empty: nothing). */
export const gameReconciliations = pgTable('game_reconciliations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  differences: jsonb('differences').notNull(),
  repaired: jsonb('repaired').notNull().default([]),
}, (t) => [index('game_reconciliations_at_idx').on(t.at)]);
