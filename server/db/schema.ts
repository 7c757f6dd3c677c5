/**
 * The one schema for PGlite and PostgreSQL. Migrations are generated from it with `npm run db:generate`
 * (drizzle-kit) into server/db/migrations and applied at start by both drivers.
 */
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Real-time events waiting to be fanned out; NOTIFY carries only the id (server/realtime). */
export const rtEvents = pgTable('rt_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** 'session' | 'member' | 'topic' */
  targetKind: text('target_kind').notNull(),
  target: text('target').notNull(),
  body: jsonb('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('rt_events_created_idx').on(t.createdAt)]);
