/**
 * Member protection (contract/protection.ts, README "Member protection"): limits and their waiting raises,
 * breaks, the reality check's interval, the per-day totals every limit is checked against, the history
 * and the hits the operator's report lists. The totals are kept by the database itself (migration 0020:
 * protection_count, called by the money door for postings and by a trigger on the betting history).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './coreSchema';

const memberRef = (name: string) => bigint(name, { mode: 'number' }).notNull().references(() => members.id);
const at = (name: string) => timestamp(name, { withTimezone: true });

/** One row per member who has anything set: its lock orders every check and change of the member's protection. */
export const memberProtection = pgTable('member_protection', {
  memberId: memberRef('member_id').primaryKey(),
  realityMinutes: integer('reality_minutes').notNull().default(0),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [check('member_protection_reality_check', sql`${t.realityMinutes} in (0, 15, 30, 60)`)]);

/**
 * A limit of one kind and period set by the member or an operator. `amount` is in force (null: none);
 * a raise or removal waits in `pending*` until `pendingAt`, and is in force from then on (read lazily).
 */
export const protectionLimits = pgTable('protection_limits', {
  memberId: memberRef('member_id'),
  kind: text('kind').notNull(),
  period: text('period').notNull(),
  source: text('source').notNull(),
  amount: bigint('amount', { mode: 'number' }),
  pending: boolean('pending').notNull().default(false),
  pendingAmount: bigint('pending_amount', { mode: 'number' }),
  pendingAt: at('pending_at'),
  updatedAt: at('updated_at').notNull(),
}, (t) => [
  primaryKey({ columns: [t.memberId, t.kind, t.period, t.source] }),
  check('protection_limits_kind_check', sql`${t.kind} in ('deposit', 'loss', 'stake')`),
  check('protection_limits_period_check', sql`${t.period} in ('day', 'week', 'month')`),
  check('protection_limits_source_check', sql`${t.source} in ('member', 'operator')`),
  check('protection_limits_amounts_check', sql`(${t.amount} is null or ${t.amount} >= 0) and (${t.pendingAmount} is null or ${t.pendingAmount} >= 0)`),
  check('protection_limits_pending_check', sql`${t.pending} = (${t.pendingAt} is not null)`),
]);

/** Per member and Seoul day: deposits, stakes, returns and the stakes settled; a period sums its days. */
export const protectionDays = pgTable('protection_days', {
  memberId: memberRef('member_id'),
  day: date('day', { mode: 'string' }).notNull(),
  deposits: bigint('deposits', { mode: 'number' }).notNull().default(0),
  stakes: bigint('stakes', { mode: 'number' }).notNull().default(0),
  returns: bigint('returns', { mode: 'number' }).notNull().default(0),
  settledStakes: bigint('settled_stakes', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.memberId, t.day] })]);

/** A time-out or self-exclusion: never shortened or deleted. */
export const protectionBreaks = pgTable('protection_breaks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: memberRef('member_id'),
  kind: text('kind').notNull(),
  length: text('length').notNull(),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at').notNull(),
}, (t) => [
  index('protection_breaks_member_idx').on(t.memberId, t.endsAt),
  check('protection_breaks_kind_check', sql`${t.kind} in ('timeout', 'exclusion')`),
  check('protection_breaks_span_check', sql`${t.endsAt} > ${t.startsAt}`),
]);

/** The history the member and the operator read: every limit change and break with its dates. */
export const protectionEvents = pgTable('protection_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: memberRef('member_id'),
  at: at('at').notNull(),
  event: text('event').notNull(),
  source: text('source').notNull(),
  kind: text('kind').notNull(),
  period: text('period'),
  amount: bigint('amount', { mode: 'number' }),
  until: at('until'),
  length: text('length'),
}, (t) => [index('protection_events_member_idx').on(t.memberId, t.at)]);

/** A refusal by a limit or a break (the operator's report of members who hit limits). */
export const protectionHits = pgTable('protection_hits', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: memberRef('member_id'),
  at: at('at').notNull(),
  code: text('code').notNull(),
  call: text('call').notNull(),
}, (t) => [index('protection_hits_at_idx').on(t.at)]);
