/**
 * The betting history (contract/betting.ts): one row per bet or round of every product. Products keep
 * their own tables for what only they need (mini-game markets, vendor transfers) and write here what the
 * bet list, winlose and partner totals read. Money moved by a bet is in the ledger, not here.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './coreSchema';

export const bets = pgTable('bets', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => members.id),
  groupKey: text('group_key').notNull(),
  vendorCode: text('vendor_code').notNull(),
  gameKey: text('game_key').notNull(),
  /** {ko, en, vi} of the company and the game at the time of the bet. */
  company: jsonb('company').notNull(),
  gameName: jsonb('game_name').notNull(),
  gameType: text('game_type').notNull().default(''),
  /** Where the bet came from, unique: 'vendor:<roundId>', 'mini:<id>'. A feed replay cannot add it twice. */
  sourceRef: text('source_ref').notNull(),
  roundId: text('round_id').notNull(),
  stake: bigint('stake', { mode: 'number' }).notNull(),
  win: bigint('win', { mode: 'number' }).notNull().default(0),
  type: text('type').notNull().default('wait'),
  placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
  /** The product's outcome text and fairness proof, for the detail view. */
  detail: jsonb('detail').notNull().default({}),
}, (t) => [
  uniqueIndex('bets_source_ref_unique').on(t.sourceRef),
  index('bets_member_placed_idx').on(t.memberId, t.placedAt),
  /** The main page's popular games, ranking and slot jackpot read the last days of every member. */
  index('bets_placed_idx').on(t.placedAt),
  /** The operator's dashboard sums the bets settled today. */
  index('bets_settled_idx').on(t.settledAt),
  check('bets_type_check', sql`${t.type} in ('win', 'lose', 'draw', 'wait', 'cancel')`),
  check('bets_group_check', sql`${t.groupKey} in ('casino', 'slot', 'fishing', 'minigame', 'sport')`),
  check('bets_amounts_check', sql`${t.stake} >= 0 and ${t.win} >= 0`),
]);
