/**
 * The house vendor's own tables (prefix vendor_), with their own migrations (gameProvider/db/migrations,
 * drizzle.gameProvider.config.ts) and their own migrations journal table, so they never meet the site's.
 * Amounts are integer won. Feed cursors are `feed_seq` numbers stamped on committed rows by the feed's
 * reader (gameProvider/feedSeq.ts) under the vendor_feed_counters row's lock, never by the writing
 * transaction: a stamp sees only committed rows and stamps run one at a time, so a reader that saw
 * sequence n can never later meet a row with a smaller one, and writers never queue on the counter.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const won = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A player's game money at the vendor, per operator. Never below zero. */
export const vendorPlayers = pgTable('vendor_players', {
  operator: text('operator').notNull(),
  player: text('player').notNull(),
  balance: won('balance').notNull().default(0),
  /** The player's finished rounds (counted as each finishes), answered with a fresh transfer. */
  rounds: bigint('rounds', { mode: 'number' }).notNull().default(0),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.operator, t.player] }),
  check('vendor_players_balance_check', sql`${t.balance} >= 0`),
]);

/** Transfers between the operator's wallet and game money; the caller's id is unique per operator. */
export const vendorTransfers = pgTable('vendor_transfers', {
  /** Its place in the transfers feed, stamped once it is committed (null until the next feed read). */
  feedSeq: bigint('feed_seq', { mode: 'number' }),
  operator: text('operator').notNull(),
  transferId: text('transfer_id').notNull(),
  player: text('player').notNull(),
  /** 'in', 'out' or 'out-all' (an out-all answers direction 'out'). */
  kind: text('kind').notNull(),
  amount: won('amount').notNull(),
  balanceAfter: won('balance_after').notNull(),
  /** The player's finished rounds when it was made (null for a transfer made before they were counted). */
  rounds: bigint('rounds', { mode: 'number' }),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.operator, t.transferId] }),
  uniqueIndex('vendor_transfers_feed_unique').on(t.feedSeq),
  index('vendor_transfers_unstamped_idx').on(t.createdAt).where(sql`${t.feedSeq} is null`),
  check('vendor_transfers_kind_check', sql`${t.kind} in ('in', 'out', 'out-all')`),
  check('vendor_transfers_amounts_check', sql`${t.amount} >= 0 and ${t.balanceAfter} >= 0`),
]);

/**
 * Server seeds: committed by hash before use, revealed after. A player's seed for a game (`paired`, one
 * row of vendor_seed_pairs at a time: revealed when the player rotates it), a table's shared one
 * (revealed with its result), or a round's own (rounds opened before seed pairs existed).
 */
export const vendorSeeds = pgTable('vendor_seeds', {
  id: text('id').primaryKey(),
  serverSeed: text('server_seed').notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  shared: integer('shared').notNull().default(0),
  paired: integer('paired').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  revealedAt: at('revealed_at'),
});

/**
 * Per player and game (slots, fishing): the active server seed, committed by its hash before the first
 * round, the client seed the player chose, and the nonce of the next round (each round takes one).
 */
export const vendorSeedPairs = pgTable('vendor_seed_pairs', {
  operator: text('operator').notNull(),
  player: text('player').notNull(),
  gameKey: text('game_key').notNull(),
  seedId: text('seed_id').notNull().references(() => vendorSeeds.id),
  clientSeed: text('client_seed').notNull(),
  nonce: integer('nonce').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.operator, t.player, t.gameKey] }),
  uniqueIndex('vendor_seed_pairs_seed_unique').on(t.seedId),
  check('vendor_seed_pairs_nonce_check', sql`${t.nonce} >= 0`),
]);

export const vendorRounds = pgTable('vendor_rounds', {
  roundId: text('round_id').primaryKey(),
  operator: text('operator').notNull(),
  player: text('player').notNull(),
  gameKey: text('game_key').notNull(),
  brand: text('brand').notNull(),
  kind: text('kind').notNull(),
  seedId: text('seed_id').notNull().references(() => vendorSeeds.id),
  clientSeed: text('client_seed').notNull(),
  nonce: integer('nonce').notNull(),
  bet: won('bet').notNull(),
  win: won('win'),
  outcome: text('outcome').notNull().default(''),
  /** The outcome as data (protocol VendorRoundDetail). */
  detail: jsonb('detail'),
  status: text('status').notNull().default('open'),
  startedAt: at('started_at').notNull().defaultNow(),
  endedAt: at('ended_at'),
  /** Its place in the rounds feed, stamped once it is finished and committed (null until the next feed read). */
  feedSeq: bigint('feed_seq', { mode: 'number' }),
}, (t) => [
  uniqueIndex('vendor_rounds_feed_unique').on(t.feedSeq),
  index('vendor_rounds_unstamped_idx').on(t.endedAt).where(sql`${t.feedSeq} is null and ${t.status} = 'finished'`),
  index('vendor_rounds_open_idx').on(t.operator, t.player).where(sql`${t.status} = 'open'`),
  check('vendor_rounds_status_check', sql`${t.status} in ('open', 'finished')`),
  check('vendor_rounds_amounts_check', sql`${t.bet} >= 0 and (${t.win} is null or ${t.win} >= 0)`),
]);

/** Launch sessions: the token's hash, never the token. */
export const vendorSessions = pgTable('vendor_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  operator: text('operator').notNull(),
  player: text('player').notNull(),
  gameKey: text('game_key').notNull(),
  lang: text('lang').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
});

/** One row per feed ('rounds', 'transfers'): the last sequence number stamped; its lock orders the stamps. */
export const vendorFeedCounters = pgTable('vendor_feed_counters', {
  feed: text('feed').primaryKey(),
  last: bigint('last', { mode: 'number' }).notNull().default(0),
});

/** The baccarat tables' rows (gameProvider/games/baccarat/schema.ts). */
export * from '../games/baccarat/schema';

/** Game 101's rows, the e-sports arena (gameProvider/games/esport/schema.ts). */
export * from '../games/esport/schema';
