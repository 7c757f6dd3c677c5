/**
 * Mini games (server/minigames): settings per game, the seed chains, the rounds, the bets and the
 * per-bet settlement keys. Every bet also has its row in `bets` (betSchema.ts), which the bet list reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { members } from './coreSchema';

export const miniSettings = pgTable('mini_settings', {
  game: text('game').primaryKey(),
  intervalSec: integer('interval_sec').notNull().default(300),
  cutoffSec: integer('cutoff_sec').notNull().default(30),
  paused: boolean('paused').notNull().default(false),
  /** market id -> margin in basis points (return to player); unset markets use default_margin_bp. */
  margins: jsonb('margins').notNull().default({}),
  defaultMarginBp: integer('default_margin_bp').notNull().default(9750),
  /** member level -> {min, max} stake; levels not listed use level '1'. */
  levelLimits: jsonb('level_limits').notNull().default({ 1: { min: 1000, max: 1_000_000 } }),
  /** The most a member's bets of one round may pay (B6003). */
  hitLimit: bigint('hit_limit', { mode: 'number' }).notNull().default(5_000_000),
  /** One bet per market and round per member (B6005). */
  oneBetPerMarket: boolean('one_bet_per_market').notNull().default(true),
}, (t) => [
  check('mini_settings_interval_check', sql`${t.intervalSec} > 0 and 86400 % ${t.intervalSec} = 0`),
  check('mini_settings_cutoff_check', sql`${t.cutoffSec} >= 0 and ${t.cutoffSec} < ${t.intervalSec}`),
]);

/** A hash chain of seeds: the root stays secret, the terminal hash is public from creation. */
export const miniChains = pgTable('mini_chains', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  game: text('game').notNull(),
  root: text('root').notNull(),
  length: integer('length').notNull(),
  terminalHash: text('terminal_hash').notNull(),
  /** How many seeds rounds have taken (use u has seed sha256^(length-u)(root)). */
  used: integer('used').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [index('mini_chains_game_idx').on(t.game, t.id)]);

export const miniRounds = pgTable('mini_rounds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  game: text('game').notNull(),
  day: text('day').notNull(),
  roundNo: integer('round_no').notNull(),
  opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
  closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
  drawsAt: timestamp('draws_at', { withTimezone: true }).notNull(),
  /** open -> drawn -> settled, or void (refunded). */
  status: text('status').notNull().default('open'),
  chainId: bigint('chain_id', { mode: 'number' }).notNull().references(() => miniChains.id),
  chainUse: integer('chain_use').notNull(),
  seedHash: text('seed_hash').notNull(),
  seed: text('seed'),
  draw: jsonb('draw'),
  drawnAt: timestamp('drawn_at', { withTimezone: true }),
  settledAt: timestamp('settled_at', { withTimezone: true }),
}, (t) => [
  unique('mini_rounds_game_day_no_unique').on(t.game, t.day, t.roundNo),
  index('mini_rounds_game_draws_idx').on(t.game, t.drawsAt),
  index('mini_rounds_status_idx').on(t.status, t.drawsAt),
  check('mini_rounds_status_check', sql`${t.status} in ('open', 'drawn', 'settled', 'void')`),
]);

export const miniBets = pgTable('mini_bets', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => members.id),
  roundId: bigint('round_id', { mode: 'number' }).notNull().references(() => miniRounds.id),
  game: text('game').notNull(),
  market: text('market').notNull(),
  selection: text('selection').notNull(),
  stake: bigint('stake', { mode: 'number' }).notNull(),
  oddsCents: integer('odds_cents').notNull(),
  status: text('status').notNull().default('wait'),
  win: bigint('win', { mode: 'number' }).notNull().default(0),
  stakeTransactionId: bigint('stake_transaction_id', { mode: 'number' }).notNull(),
  placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
}, (t) => [
  index('mini_bets_round_idx').on(t.roundId),
  index('mini_bets_member_idx').on(t.memberId, t.roundId),
  check('mini_bets_status_check', sql`${t.status} in ('wait', 'win', 'lose', 'cancel')`),
  check('mini_bets_amounts_check', sql`${t.stake} > 0 and ${t.win} >= 0 and ${t.oddsCents} > 100`),
]);

/** One row per settled bet: the key that makes a second settlement of the bet impossible. */
export const miniSettlements = pgTable('mini_settlements', {
  betId: bigint('bet_id', { mode: 'number' }).primaryKey().references(() => miniBets.id),
  roundId: bigint('round_id', { mode: 'number' }).notNull(),
  /** The round's settlement ledger transaction (null when the bet paid nothing). */
  transactionId: bigint('transaction_id', { mode: 'number' }),
  paid: bigint('paid', { mode: 'number' }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
});

/** Operator's bet ban per member (B1001). */
export const miniBetBans = pgTable('mini_bet_bans', {
  memberId: bigint('member_id', { mode: 'number' }).primaryKey().references(() => members.id),
  since: timestamp('since', { withTimezone: true }).notNull(),
});
