/**
 * The house odds feed's own tables (prefix feed_), with their own migrations (oddsFeed/db/migrations,
 * drizzle.oddsFeed.config.ts) and journal table (drizzle.__feed_migrations), on the host's database or its own.
 *
 * feed_messages is the log: one sequence for every message, numbers taken from the feed_counters row 'seq'
 * inside the writing transaction, so that commit order is sequence order and a reader that has seen n never
 * later meets a smaller number. feed_state holds the newest message of each subject (a fixture, a market, a
 * score, a result): the snapshot is read from it, and it equals a replay of the log. feed_fixtures is the
 * engine's own book of each fixture (its seed, its play clock, what of its simulation has been revealed).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** 'seq': the last sequence number handed out; 'pruned': every message up to this one may be gone. */
export const feedCounters = pgTable('feed_counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

export const feedMessages = pgTable('feed_messages', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  at: at('at').notNull(),
  fixtureId: text('fixture_id').notNull(),
  type: text('type').notNull(),
  /** The whole FeedMessage as served (seq and at included). */
  message: jsonb('message').notNull(),
}, (t) => [
  index('feed_messages_at_idx').on(t.at),
  check('feed_messages_type_check', sql`${t.type} in ('fixture', 'market', 'score', 'result')`),
]);

/** The newest message body of each subject: `${type}:${id}` (a market by its id, the rest by the fixture's). */
export const feedState = pgTable('feed_state', {
  subject: text('subject').primaryKey(),
  fixtureId: text('fixture_id').notNull(),
  type: text('type').notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  body: jsonb('body').notNull(),
}, (t) => [index('feed_state_fixture_idx').on(t.fixtureId)]);

export const feedFixtures = pgTable('feed_fixtures', {
  fixtureId: text('fixture_id').primaryKey(),
  leagueId: text('league_id').notNull(),
  sport: text('sport').notNull(),
  startsAt: at('starts_at').notNull(),
  status: text('status').notNull(),
  /** Secret until the final result (or a cancellation after kick-off); its sha256 is published. */
  seed: text('seed').notNull(),
  seedHash: text('seed_hash').notNull(),
  /** The FeedFixture as last published. */
  fixture: jsonb('fixture').notNull(),
  /** The play clock in milliseconds of play (real time × the league's speed, summed tick by tick). */
  playMs: bigint('play_ms', { mode: 'number' }).notNull().default(0),
  /** When the play clock was last moved (null before kick-off). */
  tickedAt: at('ticked_at'),
  /** How many of the simulation's events have been published. */
  revealed: integer('revealed').notNull().default(0),
  /** The play time (ms) from which suspended live markets may reopen; null when they are not suspended. */
  reopenAtMs: bigint('reopen_at_ms', { mode: 'number' }),
  /** The play time (ms) the live prices were last made at. */
  pricedAtMs: bigint('priced_at_ms', { mode: 'number' }).notNull().default(0),
  /** The settings' version the open prices were made with. */
  settingsVersion: integer('settings_version').notNull().default(0),
  revision: integer('revision').notNull().default(0),
  endedAt: at('ended_at'),
}, (t) => [
  index('feed_fixtures_status_idx').on(t.status, t.startsAt),
  check('feed_fixtures_status_check', sql`${t.status} in ('scheduled', 'live', 'ended', 'cancelled', 'postponed')`),
]);

/** One row (id 1): the operator's settings (contract FeedSettings) and their version. */
export const feedSettingsTable = pgTable('feed_settings', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
  settings: jsonb('settings').notNull(),
});
