/**
 * The baccarat tables' own rows (exported by gameProvider/db/schema.ts, so they share the vendor's migrations).
 * A table round is its shared seed (committed by hash before its bets) and, once dealt, its result; a
 * bet is one player round of the round service (vendor_rounds) with the stakes on each spot.
 */
import { bigint, index, primaryKey, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const won = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const vendorBaccaratRounds = pgTable('vendor_baccarat_rounds', {
  tableKey: text('table_key').notNull(),
  roundNo: bigint('round_no', { mode: 'number' }).notNull(),
  seedId: text('seed_id').notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  bettingEndsAt: at('betting_ends_at').notNull(),
  resultAt: at('result_at').notNull(),
  /** Set once the coup is dealt and every bet on it settled: 'player', 'banker' or 'tie'. */
  winner: text('winner'),
  /** The coup for the bead road and the page: JSON of the engine's Coup. */
  coup: text('coup'),
  settledAt: at('settled_at'),
}, (t) => [
  primaryKey({ columns: [t.tableKey, t.roundNo] }),
  index('vendor_baccarat_rounds_seed_idx').on(t.seedId),
  index('vendor_baccarat_rounds_due_idx').on(t.resultAt),
]);

export const vendorBaccaratBets = pgTable('vendor_baccarat_bets', {
  /** The player round (vendor_rounds.round_id) that took the stake. */
  roundId: text('round_id').primaryKey(),
  tableKey: text('table_key').notNull(),
  roundNo: bigint('round_no', { mode: 'number' }).notNull(),
  operator: text('operator').notNull(),
  player: text('player').notNull(),
  onPlayer: won('on_player').notNull().default(0),
  onBanker: won('on_banker').notNull().default(0),
  onTie: won('on_tie').notNull().default(0),
  onPlayerPair: won('on_player_pair').notNull().default(0),
  onBankerPair: won('on_banker_pair').notNull().default(0),
}, (t) => [
  index('vendor_baccarat_bets_round_idx').on(t.tableKey, t.roundNo, t.operator, t.player),
]);
