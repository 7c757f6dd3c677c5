/**
 * The sportsbook (server/sports): the feed's state as the site applied it (fixtures, markets with their
 * selections, results per revision) with the ingest cursor, the operator's overrides and settings, the
 * bets with their legs, the per-selection exposure, the per-bet settlement keys and the debts a claw-back
 * left. Every bet also has its row in `bets` (betSchema.ts), which the bet list reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './coreSchema';
import { bets } from './betSchema';

/** The ingest's cursor (one row, id 'feed'): the last feed seq applied, and the list topic's seq. */
export const sportFeedState = pgTable('sport_feed_state', {
  id: text('id').primaryKey(),
  cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
  /** False until a snapshot was applied (a first start takes one). */
  snapshotTaken: boolean('snapshot_taken').notNull().default(false),
  listSeq: bigint('list_seq', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/** Leagues as the feed names them, with the operator's switch. */
export const sportLeagues = pgTable('sport_leagues', {
  leagueId: text('league_id').primaryKey(),
  sport: text('sport').notNull(),
  names: jsonb('names').notNull(),
  enabled: boolean('enabled').notNull().default(true),
});

export const sportFixtures = pgTable('sport_fixtures', {
  fixtureId: text('fixture_id').primaryKey(),
  sport: text('sport').notNull(),
  leagueId: text('league_id').notNull(),
  home: jsonb('home').notNull(),
  away: jsonb('away').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  status: text('status').notNull(),
  virtual: boolean('virtual').notNull().default(false),
  bestOf: integer('best_of'),
  model: jsonb('model').notNull(),
  seedHash: text('seed_hash').notNull(),
  seed: text('seed'),
  /** The feed's fixture version last applied. */
  feedVersion: integer('feed_version').notNull().default(0),
  score: jsonb('score'),
  scoreSeq: integer('score_seq').notNull().default(0),
  /** The operator's switch (off: not listed, no bets). */
  enabled: boolean('enabled').notNull().default(true),
  /** The fixture topic's seq: one more per publication. */
  topicSeq: bigint('topic_seq', { mode: 'number' }).notNull().default(0),
  /** The site's result revision: one more per result applied (the feed's or the operator's) or market voided. */
  resultRev: integer('result_rev').notNull().default(0),
}, (t) => [
  index('sport_fixtures_status_idx').on(t.status, t.startsAt),
  index('sport_fixtures_league_idx').on(t.leagueId),
]);

export const sportMarkets = pgTable('sport_markets', {
  marketId: text('market_id').primaryKey(),
  fixtureId: text('fixture_id').notNull(),
  kind: text('kind').notNull(),
  period: text('period').notNull(),
  line: integer('line'),
  live: boolean('live').notNull(),
  /** The feed's status and version. */
  feedStatus: text('feed_status').notNull(),
  feedVersion: integer('feed_version').notNull(),
  scoreSeq: integer('score_seq').notNull().default(0),
  /** [{selectionId, key, oddsCents, fairPpm}] as the feed priced them. */
  selections: jsonb('selections').notNull(),
  /** The operator's (or the exposure limit's) status over the feed's: suspended or closed; null leaves the feed's. */
  override: text('override'),
  /** One more per override change: the member's version is feedVersion + siteBump (both only grow). */
  siteBump: integer('site_bump').notNull().default(0),
  /** Voided by the operator: every selection settles void. */
  voided: boolean('voided').notNull().default(false),
}, (t) => [
  index('sport_markets_fixture_idx').on(t.fixtureId),
  check('sport_markets_override_check', sql`${t.override} is null or ${t.override} in ('suspended', 'closed')`),
]);

/** selection id -> its market: a leg's look-up. */
export const sportSelections = pgTable('sport_selections', {
  selectionId: text('selection_id').primaryKey(),
  marketId: text('market_id').notNull(),
  fixtureId: text('fixture_id').notNull(),
});

/** Results by site revision: the feed's (with its own revision) and the operator's entries and corrections. */
export const sportResults = pgTable('sport_results', {
  fixtureId: text('fixture_id').notNull(),
  rev: integer('rev').notNull(),
  source: text('source').notNull(),
  /** The feed's revision (the operator's entries: null). */
  feedRevision: integer('feed_revision'),
  status: text('status').notNull(),
  score: jsonb('score').notNull(),
  /** marketId -> {selection key -> outcome}. */
  markets: jsonb('markets').notNull(),
  seed: text('seed'),
  at: timestamp('at', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.fixtureId, t.rev] }),
  check('sport_results_source_check', sql`${t.source} in ('feed', 'operator')`),
]);

/** The operator's settings (one row, id 'site'): slip rules over DEFAULT_SLIP_RULES, level limits, the exposure limit, margins sent to the feed. */
export const sportSettings = pgTable('sport_settings', {
  id: text('id').primaryKey(),
  rules: jsonb('rules').notNull().default({}),
  levelLimits: jsonb('level_limits').notNull().default({}),
  /** A selection whose liability (potential payouts) passes this suspends its market; 0: no limit. */
  exposureLimit: bigint('exposure_limit', { mode: 'number' }).notNull().default(0),
  margins: jsonb('margins').notNull().default({}),
});

export const sportBets = pgTable('sport_bets', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => members.id),
  historyId: bigint('history_id', { mode: 'number' }).references(() => bets.id),
  stake: bigint('stake', { mode: 'number' }).notNull(),
  oddsCents: bigint('odds_cents', { mode: 'number' }).notNull(),
  bonusCents: integer('bonus_cents').notNull(),
  potentialWin: bigint('potential_win', { mode: 'number' }).notNull(),
  /** The rules it was placed under, for its settlement: {folderBonus, folderBonusMinLegOddsCents, maxTotalOddsCents, maxPayout}. */
  terms: jsonb('terms').notNull(),
  live: boolean('live').notNull(),
  /** Same legs and stake: the duplicate-slip rule (B6005). */
  slipHash: text('slip_hash').notNull(),
  /** wait, win, lose, draw, cancel (the history's types). */
  status: text('status').notNull().default('wait'),
  /** Voided by the operator: pays the stake back whatever its legs. */
  voided: boolean('voided').notNull().default(false),
  /** What its current settlement paid (0 before the first). */
  paid: bigint('paid', { mode: 'number' }).notNull().default(0),
  /** The settlement revision it is at (0: not settled). */
  revision: integer('revision').notNull().default(0),
  stakeTransactionId: bigint('stake_transaction_id', { mode: 'number' }).notNull(),
  placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
}, (t) => [
  index('sport_bets_slip_idx').on(t.memberId, t.slipHash),
  check('sport_bets_status_check', sql`${t.status} in ('wait', 'win', 'lose', 'draw', 'cancel')`),
  check('sport_bets_amounts_check', sql`${t.stake} > 0 and ${t.paid} >= 0`),
]);

export const sportBetLegs = pgTable('sport_bet_legs', {
  betId: bigint('bet_id', { mode: 'number' }).notNull().references(() => sportBets.id),
  /** The bet's member (sport_bets.member_id): a slip's payout cap finds the member's bets on its fixtures by it. */
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  legNo: integer('leg_no').notNull(),
  selectionId: text('selection_id').notNull(),
  marketId: text('market_id').notNull(),
  fixtureId: text('fixture_id').notNull(),
  key: text('key').notNull(),
  oddsCents: integer('odds_cents').notNull(),
  version: integer('version').notNull(),
  scoreSeq: integer('score_seq').notNull(),
  live: boolean('live').notNull(),
  /** win, lose, void; null until its fixture's result. */
  outcome: text('outcome'),
  /** The fixture's result revision this leg was last judged at. */
  seenRev: integer('seen_rev').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.betId, t.legNo] }),
  index('sport_bet_legs_fixture_idx').on(t.fixtureId, t.seenRev),
  index('sport_bet_legs_member_fixture_idx').on(t.memberId, t.fixtureId),
]);

/** Per selection: the stakes on it and the payouts it would cost (each bet's potential win on each of its legs). */
export const sportExposure = pgTable('sport_exposure', {
  selectionId: text('selection_id').primaryKey(),
  marketId: text('market_id').notNull(),
  fixtureId: text('fixture_id').notNull(),
  stakes: bigint('stakes', { mode: 'number' }).notNull().default(0),
  liability: bigint('liability', { mode: 'number' }).notNull().default(0),
  bets: integer('bets').notNull().default(0),
}, (t) => [
  index('sport_exposure_fixture_idx').on(t.fixtureId),
  // Open bets only: a bet's first settlement (or void) takes its share out again, so none of these can go below zero.
  check('sport_exposure_open_check', sql`${t.stakes} >= 0 and ${t.liability} >= 0 and ${t.bets} >= 0`),
]);

/** One row per bet and settlement revision: the key that makes a second settlement of a revision impossible. */
export const sportSettlements = pgTable('sport_settlements', {
  betId: bigint('bet_id', { mode: 'number' }).notNull().references(() => sportBets.id),
  revision: integer('revision').notNull(),
  paid: bigint('paid', { mode: 'number' }).notNull(),
  /** What this revision took back of the previous one's payout, and what the member could not cover (a debt). */
  reversed: bigint('reversed', { mode: 'number' }).notNull().default(0),
  owed: bigint('owed', { mode: 'number' }).notNull().default(0),
  settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.betId, t.revision] })]);

/** A claw-back the member's balance could not cover: what they owe the house. */
export const sportDebts = pgTable('sport_debts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => members.id),
  betId: bigint('bet_id', { mode: 'number' }).notNull().references(() => sportBets.id),
  revision: integer('revision').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** What later sportsbook payouts have paid of it (sport_debt_payments); the debt is open while below amount. */
  collected: bigint('collected', { mode: 'number' }).notNull().default(0),
  at: timestamp('at', { withTimezone: true }).notNull(),
}, (t) => [
  index('sport_debts_member_idx').on(t.memberId),
  check('sport_debts_amount_check', sql`${t.amount} > 0`),
  check('sport_debts_collected_check', sql`${t.collected} >= 0 and ${t.collected} <= ${t.amount}`),
]);

/** One debt paid down by one payout's ledger transaction (the collection's entries are in that transaction). */
export const sportDebtPayments = pgTable('sport_debt_payments', {
  debtId: bigint('debt_id', { mode: 'number' }).notNull().references(() => sportDebts.id),
  transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.debtId, t.transactionId] }), check('sport_debt_payments_amount_check', sql`${t.amount} > 0`)]);
