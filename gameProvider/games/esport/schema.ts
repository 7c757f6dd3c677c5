/**
 * Game 101's own rows (exported by gameProvider/db/schema.ts, so they share the vendor's migrations).
 * An arena round is its shared seed (committed by hash before its bets) and, once played, its result; a
 * slip is one player round of the round service (vendor_rounds) with its picks and odds.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, primaryKey, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const vendorEsportRounds = pgTable('vendor_esport_rounds', {
  gameKey: text('game_key').notNull(),
  roundNo: bigint('round_no', { mode: 'number' }).notNull(),
  seedId: text('seed_id').notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  bettingEndsAt: at('betting_ends_at').notNull(),
  resultAt: at('result_at').notNull(),
  /** Set once both matches are played and every slip on them settled: the engine's MatchResult[]. */
  result: jsonb('result'),
  settledAt: at('settled_at'),
}, (t) => [
  primaryKey({ columns: [t.gameKey, t.roundNo] }),
  index('vendor_esport_rounds_seed_idx').on(t.seedId),
  index('vendor_esport_rounds_due_idx').on(t.resultAt),
]);

export const vendorEsportSlips = pgTable('vendor_esport_slips', {
  /** The player round (vendor_rounds.round_id) that took the stake. */
  roundId: text('round_id').primaryKey(),
  gameKey: text('game_key').notNull(),
  roundNo: bigint('round_no', { mode: 'number' }).notNull(),
  operator: text('operator').notNull(),
  player: text('player').notNull(),
  /** The engine's Pick[] (one or two). */
  picks: jsonb('picks').notNull(),
  oddsCents: integer('odds_cents').notNull(),
  stake: bigint('stake', { mode: 'number' }).notNull(),
}, (t) => [
  index('vendor_esport_slips_round_idx').on(t.gameKey, t.roundNo, t.operator, t.player),
  check('vendor_esport_slips_odds_check', sql`${t.oddsCents} >= 101`),
  check('vendor_esport_slips_stake_check', sql`${t.stake} > 0`),
]);
