/**
 * The operator console's tables (issue 22): operator accounts, their recovery codes, console sessions,
 * four-eyes approvals and their settings. The audit log itself is a core table (coreSchema.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { APPROVAL_STATUSES, FOUR_EYES_ACTIONS, OPERATOR_ROLES } from '../../contract/console';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Operator accounts: ids are lower case; the password is an argon2id hash; the TOTP secret is base32. */
export const operators = pgTable('operators', {
  operatorId: text('operator_id').primaryKey(),
  name: text('name').notNull(),
  role: text('role', { enum: OPERATOR_ROLES }).notNull(),
  status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
  passHash: text('pass_hash').notNull(),
  /** The enrolled second factor; null until confirmed. */
  totpSecret: text('totp_secret'),
  /** A secret offered by totp/start, waiting for its first code. */
  totpPending: text('totp_pending'),
  /** The last TOTP time step accepted: a code is good once (RFC 6238 §5.2). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
}, (t) => [
  check('operators_role_check', sql`${t.role} in (${inList(OPERATOR_ROLES)})`),
  check('operators_status_check', sql`${t.status} in ('active', 'disabled')`),
]);

/** Recovery codes, each stored as its sha256 (they are random, 50 bits); used once. */
export const operatorRecoveryCodes = pgTable('operator_recovery_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  operatorId: text('operator_id').notNull().references(() => operators.operatorId),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [uniqueIndex('operator_recovery_codes_unique').on(t.operatorId, t.codeHash)]);

/** Console sessions: only the cookie token's sha256 is stored. */
export const consoleSessions = pgTable('console_sessions', {
  id: text('id').primaryKey(),
  operatorId: text('operator_id').notNull().references(() => operators.operatorId),
  tokenHash: text('token_hash').notNull().unique('console_sessions_token_hash_unique'),
  /** Signed in with password only, before the second factor was enrolled: may only enrol. */
  mustEnrol: boolean('must_enrol').notNull(),
  ip: text('ip').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [index('console_sessions_operator_idx').on(t.operatorId)]);

/** Four-eyes requests: the exact call that runs once a second operator approves its payload hash. */
export const approvals = pgTable('approvals', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  action: text('action', { enum: FOUR_EYES_ACTIONS }).notNull(),
  payload: jsonb('payload').notNull(),
  payloadHash: text('payload_hash').notNull(),
  makerId: text('maker_id').notNull(),
  makerRole: text('maker_role').notNull(),
  status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  checkerId: text('checker_id'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  reason: text('reason'),
  result: jsonb('result'),
}, (t) => [
  index('approvals_status_idx').on(t.status, t.createdAt),
  check('approvals_status_check', sql`${t.status} in (${inList(APPROVAL_STATUSES)})`),
  check('approvals_maker_checker', sql`${t.checkerId} is null or ${t.checkerId} <> ${t.makerId}`),
]);

/** The four-eyes thresholds (one row): won for withdrawals and adjustments, points for grants. */
export const fourEyesSettings = pgTable('four_eyes_settings', {
  id: integer('id').primaryKey().default(1),
  withdrawalMin: bigint('withdrawal_min', { mode: 'number' }).notNull().default(5_000_000),
  adjustmentMax: bigint('adjustment_max', { mode: 'number' }).notNull().default(1_000_000),
  pointGrantMax: bigint('point_grant_max', { mode: 'number' }).notNull().default(100_000),
  expiryMinutes: integer('expiry_minutes').notNull().default(60),
}, (t) => [check('four_eyes_settings_single_row', sql`${t.id} = 1`)]);
