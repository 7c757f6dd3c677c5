/**
 * The core tables: members, sessions, captchas, attempts, banks, site settings, common codes, the audit
 * log and the ledger. The tables of each area reference these and live in files of their own; schema.ts
 * gathers them all.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MEMBER_STATUSES, type MemberStatus } from '../../contract/admin';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Real-time events waiting to be fanned out; NOTIFY carries only the id (server/realtime). */
export const rtEvents = pgTable('rt_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** 'session' | 'member' | 'topic' */
  targetKind: text('target_kind').notNull(),
  target: text('target').notNull(),
  body: jsonb('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('rt_events_created_idx').on(t.createdAt)]);

/**
 * Each member's real-time sequence: the last number given to an event addressed to the member or to one
 * of their sessions (server/realtime/fanout.ts numbers and logs them in the statement that notifies).
 */
export const rtMemberSeq = pgTable('rt_member_seq', {
  memId: text('mem_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});

/**
 * The member events of the last day, by member and sequence: a client that reconnects (to any instance)
 * asks for those after the last it saw (server/realtime/memberLog.ts). session_id is set on an event
 * addressed to one session, which only that session is given again.
 */
export const rtMemberLog = pgTable('rt_member_log', {
  memId: text('mem_id').notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  sessionId: text('session_id'),
  body: jsonb('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.memId, t.seq] }), index('rt_member_log_created_idx').on(t.createdAt)]);

export type { MemberStatus };

/**
 * Members. Ids are unique without regard to case (login looks them up the same way); the phone is
 * stored as digits only, so "010-1234-5678" and "01012345678" are one number.
 */
export const members = pgTable('members', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memId: text('mem_id').notNull(),
  memNick: text('mem_nick').notNull().unique('members_mem_nick_unique'),
  memPhone: text('mem_phone').notNull().unique('members_mem_phone_unique'),
  bankCode: text('bank_code').notNull(),
  bankacc: text('bankacc').notNull().unique('members_bankacc_unique'),
  memName: text('mem_name').notNull(),
  passHash: text('pass_hash').notNull(),
  cashOutPassHash: text('cash_out_pass_hash').notNull(),
  memLevel: text('mem_level').notNull().default('1'),
  partSendYn: text('part_send_yn').notNull().default('N'),
  isPartner: boolean('is_partner').notNull().default(false),
  partnerType: text('partner_type'),
  recommenderId: bigint('recommender_id', { mode: 'number' }).references((): AnyPgColumn => members.id),
  status: text('status', { enum: MEMBER_STATUSES }).notNull().default('pending'),
  /** Operator bans on the wallet (C001 deposits, C203 withdrawals). */
  depositBanned: boolean('deposit_banned').notNull().default(false),
  withdrawBanned: boolean('withdraw_banned').notNull().default(false),
  createdAt: createdAt(),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('members_mem_id_lower_unique').on(sql`lower(${t.memId})`),
  index('members_status_idx').on(t.status, t.createdAt),
  check('members_status_check', sql`${t.status} in ('pending', 'active', 'rejected', 'suspended')`),
  check('members_part_send_yn_check', sql`${t.partSendYn} in ('Y', 'N')`),
]);

export const SESSION_REVOKE_REASONS = ['logout', 'replaced', 'operator'] as const;
export type SessionRevokeReason = (typeof SESSION_REVOKE_REASONS)[number];

/** Sessions: the token itself is never stored, only its sha256. */
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => members.id),
  tokenHash: text('token_hash').notNull().unique('sessions_token_hash_unique'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason', { enum: SESSION_REVOKE_REASONS }),
  createdAt: createdAt(),
  ip: text('ip').notNull().default(''),
  /** When a member call last used it (written at most once a minute per session; server/session/service.ts sessionSeen). */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  /** The browser's User-Agent at sign-in (for the operator's session list). */
  userAgent: text('user_agent').notNull().default(''),
}, (t) => [
  index('sessions_member_idx').on(t.memberId),
  index('sessions_live_seen_idx').on(t.lastSeenAt).where(sql`${t.revokedAt} is null`),
  check('sessions_revoked_reason_check', sql`${t.revokedReason} is null or ${t.revokedReason} in ('logout', 'replaced', 'operator')`),
]);

/** Issued captchas: single use (used_at), short-lived (expires_at). */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answer: text('answer').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('captchas_expires_idx').on(t.expiresAt)]);

/** The kinds of attempt counted in sliding windows (server/member/attempts.ts holds their limits). */
export const ATTEMPT_KINDS = ['loginId', 'loginIp', 'memPass', 'cashOutPass', 'captchaIp', 'operatorId', 'operatorIp'] as const;
export type AttemptKind = (typeof ATTEMPT_KINDS)[number];

/** Attempts counted per key: failed logins per id and address, failed password checks per member, captchas per address, failed operator sign-ins per operator id and address. */
export const attempts = pgTable('attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ATTEMPT_KINDS }).notNull(),
  key: text('key').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
}, (t) => [
  index('attempts_key_idx').on(t.kind, t.key, t.at),
  check('attempts_kind_check', sql`${t.kind} in ('loginId', 'loginIp', 'memPass', 'cashOutPass', 'captchaIp', 'operatorId', 'operatorIp')`),
]);

export const banks = pgTable('banks', {
  code: text('code').primaryKey(),
  nameKr: text('name_kr').notNull(),
  ord: integer('ord').notNull().default(0),
});

/** The site's options: a single row (id = 1). */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  signupOpen: boolean('signup_open').notNull().default(true),
  /** memId of the default recommender; null when members type their own. */
  joinRecommanderId: text('join_recommander_id'),
  sns2Link: text('sns2_link').notNull().default(''),
  /** The partner area's host prefix ('partner': partner.<the site's domain>); '' keeps it on the site's own host. */
  partnerHostPrefix: text('partner_host_prefix').notNull().default(''),
  siteCheckStart: timestamp('site_check_start', { withTimezone: true }),
  siteCheckEnd: timestamp('site_check_end', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('site_settings_single_row', sql`${t.id} = 1`),
  check('site_settings_check_window', sql`(${t.siteCheckStart} is null) = (${t.siteCheckEnd} is null) and (${t.siteCheckStart} is null or ${t.siteCheckStart} < ${t.siteCheckEnd})`),
]);

/** Common codes (SPEC §3), grouped under a master code such as 'GAME' or 'SPORT'. */
export const commonCodes = pgTable('common_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  masterCode: text('master_code').notNull(),
  code: text('code').notNull(),
  codeName: text('code_name').notNull(),
  codeNameEn: text('code_name_en').notNull(),
  groupCode: text('group_code').notNull(),
  groupCodeNameEn: text('group_code_name_en').notNull(),
  ord: integer('ord').notNull().default(0),
}, (t) => [unique('common_codes_master_code_unique').on(t.masterCode, t.code)]);

/**
 * Every operator action, written in the same transaction as the action itself. Append-only and chained:
 * the database's trigger (migration 0023) numbers each row (seq), links it to the row before (prev_hash)
 * and seals it (hash = sha256 over prev_hash and the row, audit_row_hash()); updates and deletes are
 * refused. server/console/auditChain.ts walks the chain.
 */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actor: text('actor').notNull(),
  /** The actor's role ('owner', 'cashier', ..., 'token' for the automation token, 'system', 'member'). */
  role: text('role').notNull().default(''),
  ip: text('ip').notNull().default(''),
  action: text('action').notNull(),
  target: text('target').notNull().default(''),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason').notNull().default(''),
  requestId: text('request_id').notNull().default(''),
  approvalId: bigint('approval_id', { mode: 'number' }),
  detail: jsonb('detail').notNull().default({}),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  prevHash: text('prev_hash').notNull().default(''),
  hash: text('hash').notNull().default(''),
}, (t) => [index('audit_log_at_idx').on(t.at), uniqueIndex('audit_log_seq_unique').on(t.seq), index('audit_log_actor_idx').on(t.actor, t.seq)]);

/** The audit chain's head: one row holding the last seq and hash (the trigger updates it, serialising appends). */
export const auditHead = pgTable('audit_head', {
  id: integer('id').primaryKey().default(1),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  hash: text('hash').notNull().default(''),
}, (t) => [check('audit_head_single_row', sql`${t.id} = 1`)]);

/** GAME: won a member holds at the game vendor (server/games), backed by the KRW house account 'game:float'. */
export const CURRENCIES = ['KRW', 'POINT', 'USDT', 'GAME'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * Ledger accounts. Member accounts never go below zero (CHECK); house accounts are the other side
 * of every grant or charge and may. A member has at most one account per currency. A house account is
 * kept in up to 256 rows (`shard`), its balance their sum: every member's postings move it, and one row
 * would make them all wait on each other's commits (ledger_house_shard picks the row by member, migrations 0014, 0016).
 */
export const ledgerAccounts = pgTable('ledger_accounts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).references(() => members.id),
  ownerKind: text('owner_kind', { enum: ['member', 'house'] }).notNull(),
  name: text('name').notNull(),
  currency: text('currency', { enum: CURRENCIES }).notNull(),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  /** Which row of a house account (0 for member accounts). */
  shard: smallint('shard').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  unique('ledger_accounts_member_currency_unique').on(t.memberId, t.currency),
  uniqueIndex('ledger_accounts_house_shard_unique').on(t.name, t.currency, t.shard).where(sql`${t.ownerKind} = 'house'`),
  check('ledger_accounts_owner_check', sql`(${t.ownerKind} = 'member') = (${t.memberId} is not null) and ${t.ownerKind} in ('member', 'house')`),
  check('ledger_accounts_currency_check', sql`${t.currency} in ('KRW', 'POINT', 'USDT', 'GAME')`),
  check('ledger_accounts_member_balance_check', sql`${t.ownerKind} <> 'member' or ${t.balance} >= 0`),
]);

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique('ledger_transactions_key_unique'),
  kind: text('kind').notNull(),
  requestHash: text('request_hash').notNull(),
  createdAt: createdAt(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  transactionId: bigint('transaction_id', { mode: 'number' }).notNull().references(() => ledgerTransactions.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => ledgerAccounts.id),
  currency: text('currency', { enum: CURRENCIES }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
}, (t) => [
  index('ledger_entries_transaction_idx').on(t.transactionId),
  index('ledger_entries_account_idx').on(t.accountId),
  check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
]);
