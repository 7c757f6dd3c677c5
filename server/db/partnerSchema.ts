/**
 * The partner line (server/partner): the closure of the recommender tree, the partners' permissions,
 * their rates (versioned: each row is in force from `valid_from`), the commission each settled bet
 * accrued to each partner above its member, the daily settlement lines and the merges of settled
 * commission into cash. Triggers of migration 0019 keep the closure, the rate order (a child never
 * above its parent) and the accruals (written with the bet's settlement, in its transaction).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './coreSchema';
import { bets } from './betSchema';

const memberRef = (name: string) => bigint(name, { mode: 'number' }).notNull().references(() => members.id, { onDelete: 'cascade' });

/**
 * The closure of members.recommender_id: one row per (ancestor, descendant) with the levels between
 * them, and (m, m, 0) for every member. "Everyone below X" and "the chain above Y" are one indexed read.
 */
export const partnerTree = pgTable('partner_tree', {
  ancestorId: memberRef('ancestor_id'),
  descendantId: memberRef('descendant_id'),
  depth: integer('depth').notNull(),
}, (t) => [
  primaryKey({ columns: [t.ancestorId, t.descendantId] }),
  index('partner_tree_descendant_idx').on(t.descendantId, t.depth),
  check('partner_tree_depth_check', sql`${t.depth} >= 0`),
]);

/** What the operator allows a partner (absent row: both allowed). */
export const partnerProfiles = pgTable('partner_profiles', {
  memberId: bigint('member_id', { mode: 'number' }).primaryKey().references(() => members.id, { onDelete: 'cascade' }),
  canCreateLower: boolean('can_create_lower').notNull().default(true),
  canMoveMoney: boolean('can_move_money').notNull().default(true),
});

export const RATE_SOURCES = ['own', 'clamp', 'operator', 'create'] as const;

/**
 * A partner's rate for a product and kind, in force from `valid_from` until the next row's. A change by
 * the parent is in force from the next Seoul midnight ('own'); the operator's at once ('operator'); a
 * parent's lowering clamps the rows of the line below ('clamp').
 */
export const partnerRates = pgTable('partner_rates', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  partnerId: memberRef('partner_id'),
  product: text('product').notNull(),
  kind: text('kind').notNull(),
  rateBp: integer('rate_bp').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  source: text('source', { enum: RATE_SOURCES }).notNull(),
  /** Who changed it: a partner's memId, or 'operator'. */
  changedBy: text('changed_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('partner_rates_lookup_idx').on(t.partnerId, t.product, t.kind, t.validFrom),
  check('partner_rates_bp_check', sql`${t.rateBp} between 0 and 10000`),
  check('partner_rates_kind_check', sql`${t.kind} in ('rolling', 'losing')`),
  check('partner_rates_product_check', sql`${t.product} in ('casino', 'hotelCasino', 'slot', 'miniGame', 'sportsSingle', 'sportsCombo')`),
]);

/**
 * What one settled bet accrued to one partner above its member, once per (bet, partner): the rates in
 * force (own and the child's, snapshotted) and the amounts. `line_id` is the settlement line that took it.
 */
export const partnerAccruals = pgTable('partner_accruals', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  betId: bigint('bet_id', { mode: 'number' }).notNull().references(() => bets.id),
  partnerId: memberRef('partner_id'),
  memberId: memberRef('member_id'),
  product: text('product').notNull(),
  /** The Seoul day of the settlement. */
  day: date('day', { mode: 'string' }).notNull(),
  stake: bigint('stake', { mode: 'number' }).notNull(),
  win: bigint('win', { mode: 'number' }).notNull(),
  rollingBp: integer('rolling_bp').notNull(),
  childRollingBp: integer('child_rolling_bp').notNull(),
  losingBp: integer('losing_bp').notNull(),
  childLosingBp: integer('child_losing_bp').notNull(),
  rolling: bigint('rolling', { mode: 'number' }).notNull(),
  losing: bigint('losing', { mode: 'number' }).notNull(),
  lineId: bigint('line_id', { mode: 'number' }),
  accruedAt: timestamp('accrued_at', { withTimezone: true }).notNull(),
  /**
   * A counter row: the accrual (already in a settlement line) that a revision of its bet cancels, with
   * that row's stake, win, rolling and losing negated; open, so the next day's line carries the change.
   */
  reversesId: bigint('reverses_id', { mode: 'number' }),
  /** A revision of the bet after this row was settled into a line wrote its counter row. */
  superseded: boolean('superseded').notNull().default(false),
}, (t) => [
  // One standing accrual per (bet, partner); counter rows and the rows they cancel stay beside it.
  uniqueIndex('partner_accruals_bet_partner_unique').on(t.betId, t.partnerId).where(sql`${t.reversesId} is null and not ${t.superseded}`),
  uniqueIndex('partner_accruals_reverses_unique').on(t.reversesId).where(sql`${t.reversesId} is not null`),
  index('partner_accruals_bet_idx').on(t.betId),
  index('partner_accruals_partner_day_idx').on(t.partnerId, t.day),
  index('partner_accruals_open_idx').on(t.day).where(sql`${t.lineId} is null`),
  check('partner_accruals_rolling_check', sql`(${t.reversesId} is null and ${t.rolling} >= 0) or (${t.reversesId} is not null and ${t.rolling} <= 0)`),
]);

/** A daily settlement line per (partner, Seoul day, product), written once; a negative losing total is carried forward. */
export const partnerSettlements = pgTable('partner_settlements', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  partnerId: memberRef('partner_id'),
  day: date('day', { mode: 'string' }).notNull(),
  product: text('product').notNull(),
  betCount: integer('bet_count').notNull(),
  stakeTotal: bigint('stake_total', { mode: 'number' }).notNull(),
  winTotal: bigint('win_total', { mode: 'number' }).notNull(),
  rolling: bigint('rolling', { mode: 'number' }).notNull(),
  losing: bigint('losing', { mode: 'number' }).notNull(),
  carriedIn: bigint('carried_in', { mode: 'number' }).notNull(),
  carriedOut: bigint('carried_out', { mode: 'number' }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['settled', 'reversed'] }).notNull().default('settled'),
  settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  reversedAt: timestamp('reversed_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('partner_settlements_unique').on(t.partnerId, t.day, t.product),
  check('partner_settlements_carry_check', sql`${t.carriedIn} <= 0 and ${t.carriedOut} <= 0 and ${t.amount} >= 0`),
  check('partner_settlements_status_check', sql`${t.status} in ('settled', 'reversed')`),
]);

/** Settled commission moved into the partner's cash (the partner money merge), one row per ledger transaction. */
export const partnerMerges = pgTable('partner_merges', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  partnerId: memberRef('partner_id'),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
}, (t) => [index('partner_merges_partner_idx').on(t.partnerId, t.at), check('partner_merges_amount_check', sql`${t.amount} > 0`)]);
