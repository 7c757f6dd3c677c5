/**
 * Wallet tables: cash requests and their status rules, settings, idempotency keys, account inquiries,
 * point records, coupons and transfers. Money lives in the ledger (coreSchema.ts); these tables describe
 * requests and history and point at the ledger transactions that moved money.
 */
import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerTransactions, members } from './coreSchema';
import { TRANSFER_KINDS } from '../../contract/wallet';

const memberRef = (name: string) => bigint(name, { mode: 'number' }).notNull().references(() => members.id);
const txRef = (name: string) => bigint(name, { mode: 'number' }).references(() => ledgerTransactions.id);
const at = (name: string) => timestamp(name, { withTimezone: true });

/** The wallet's settings: a single row (id = 1), set through the operator API. */
export const walletSettings = pgTable('wallet_settings', {
  id: integer('id').primaryKey().default(1),
  depositMin: bigint('deposit_min', { mode: 'number' }).notNull().default(10_000),
  depositMax: bigint('deposit_max', { mode: 'number' }).notNull().default(10_000_000),
  depositUnit: bigint('deposit_unit', { mode: 'number' }).notNull().default(10_000),
  withdrawMin: bigint('withdraw_min', { mode: 'number' }).notNull().default(10_000),
  withdrawMax: bigint('withdraw_max', { mode: 'number' }).notNull().default(10_000_000),
  withdrawUnit: bigint('withdraw_unit', { mode: 'number' }).notNull().default(10_000),
  withdrawalsOn: boolean('withdrawals_on').notNull().default(true),
  rerequestWaitMinutes: integer('rerequest_wait_minutes').notNull().default(5),
  firstDepositBonusRate: integer('first_deposit_bonus_rate').notNull().default(20),
  firstDepositBonusCap: bigint('first_deposit_bonus_cap', { mode: 'number' }).notNull().default(300_000),
  dailyBonusRate: integer('daily_bonus_rate').notNull().default(10),
  dailyBonusCap: bigint('daily_bonus_cap', { mode: 'number' }).notNull().default(200_000),
  /** Won per 1 USDT, set by the operator (the reference server's price source). */
  usdtPriceKrw: integer('usdt_price_krw').notNull().default(1_400),
  usdtPriceSetAt: at('usdt_price_set_at').notNull().defaultNow(),
  usdtDepositAddress: text('usdt_deposit_address').notNull().default(''),
  pointConversionOn: boolean('point_conversion_on').notNull().default(true),
  transfersOn: boolean('transfers_on').notNull().default(true),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  check('wallet_settings_single_row', sql`${t.id} = 1`),
  check('wallet_settings_positive', sql`${t.depositMin} > 0 and ${t.depositMax} >= ${t.depositMin} and ${t.depositUnit} > 0
    and ${t.withdrawMin} > 0 and ${t.withdrawMax} >= ${t.withdrawMin} and ${t.withdrawUnit} > 0 and ${t.usdtPriceKrw} > 0
    and ${t.rerequestWaitMinutes} >= 0 and ${t.firstDepositBonusRate} between 0 and 100 and ${t.dailyBonusRate} between 0 and 100
    and ${t.firstDepositBonusCap} >= 0 and ${t.dailyBonusCap} >= 0`),
]);

export const CASH_REQUEST_TYPES = ['in', 'out', 'coinIn', 'coinOut'] as const;

/**
 * Deposit and withdrawal requests. Status: 0 applied, 2 waiting, 1 complete, -1 cancelled. At most one
 * open (applied or waiting) request per member and direction (partial unique index); the allowed
 * status steps and the immutability of processed requests are enforced by a trigger (migration
 * 0003_cash_request_rules).
 */
export const cashRequests = pgTable('cash_requests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: memberRef('member_id'),
  cashType: text('cash_type', { enum: CASH_REQUEST_TYPES }).notNull(),
  /** 'in' for in/coinIn, 'out' for out/coinOut. */
  direction: text('direction', { enum: ['in', 'out'] }).notNull(),
  status: smallint('status').notNull().default(0),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  bonusYn: text('bonus_yn').notNull().default('N'),
  bonusAmount: bigint('bonus_amount', { mode: 'number' }).notNull().default(0),
  usdtAmount: bigint('usdt_amount', { mode: 'number' }),
  priceKrw: integer('price_krw'),
  address: text('address'),
  memo: text('memo'),
  /** Hidden from the member's history (cash/del on a processed request). */
  hidden: boolean('hidden').notNull().default(false),
  /** The ledger transaction that held withdrawal money, and the one that settled the request. */
  holdTransactionId: txRef('hold_transaction_id'),
  settleTransactionId: txRef('settle_transaction_id'),
  createdAt: at('created_at').notNull().defaultNow(),
  processedAt: at('processed_at'),
}, (t) => [
  index('cash_requests_member_idx').on(t.memberId, t.createdAt),
  index('cash_requests_status_idx').on(t.status, t.cashType),
  uniqueIndex('cash_requests_one_open_per_direction').on(t.memberId, t.direction).where(sql`${t.status} in (0, 2)`),
  check('cash_requests_status_check', sql`${t.status} in (0, 1, 2, -1)`),
  check('cash_requests_amount_check', sql`${t.amount} > 0 and ${t.bonusAmount} >= 0`),
  check('cash_requests_direction_check', sql`(${t.direction} = 'in') = (${t.cashType} in ('in', 'coinIn'))`),
  check('cash_requests_bonus_yn_check', sql`${t.bonusYn} in ('Y', 'N')`),
  check('cash_requests_processed_check', sql`(${t.status} in (1, -1)) = (${t.processedAt} is not null)`),
]);

/**
 * Idempotency keys of money calls: the first answer is kept and returned to every retry with the same
 * key; a different payload under the same key is refused (C999). Written in the same transaction as the
 * effect, so a key exists exactly when its effect does.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  memberId: memberRef('member_id'),
  key: text('key').notNull(),
  call: text('call').notNull(),
  requestHash: text('request_hash').notNull(),
  answer: jsonb('answer').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.memberId, t.key] })]);

/** "계좌문의": a member asks for the account to pay into; the operator answers. */
export const accountInquiries = pgTable('account_inquiries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: memberRef('member_id'),
  status: text('status', { enum: ['waiting', 'answered'] }).notNull().default('waiting'),
  answer: text('answer'),
  createdAt: at('created_at').notNull().defaultNow(),
  answeredAt: at('answered_at'),
}, (t) => [
  index('account_inquiries_member_idx').on(t.memberId, t.createdAt),
  uniqueIndex('account_inquiries_one_waiting').on(t.memberId).where(sql`${t.status} = 'waiting'`),
]);

/** The point record list (SPEC §3): accruals, conversions, grants, recoveries. */
export const pointRecords = pgTable('point_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: memberRef('member_id'),
  kind: text('kind').notNull(),
  percent: integer('percent').notNull().default(0),
  bonusPercent: integer('bonus_percent').notNull().default(0),
  accruedPoints: bigint('accrued_points', { mode: 'number' }).notNull().default(0),
  useClass: text('use_class', { enum: ['earned', 'used'] }).notNull(),
  appliedPoints: bigint('applied_points', { mode: 'number' }).notNull().default(0),
  transactionId: txRef('transaction_id'),
  at: at('at').notNull().defaultNow(),
}, (t) => [index('point_records_member_idx').on(t.memberId, t.at)]);

/** Coupons issued by the operator; a gift closes the giver's coupon and opens one for the receiver. */
export const coupons = pgTable('coupons', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: memberRef('member_id'),
  fromMemberId: bigint('from_member_id', { mode: 'number' }).references(() => members.id),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['cash', 'point'] }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  expiresAt: at('expires_at').notNull(),
  status: text('status', { enum: ['available', 'used', 'gifted'] }).notNull().default('available'),
  usedAt: at('used_at'),
  transactionId: txRef('transaction_id'),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  index('coupons_member_idx').on(t.memberId, t.createdAt),
  check('coupons_amount_check', sql`${t.amount} > 0`),
]);

/** Member-to-member transfers (SPEC §3 money give/take record), refused ones included. */
export const transfers = pgTable('transfers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  fromMemberId: memberRef('from_member_id'),
  /** The sender's member id (login id), for the receiver's history. */
  fromMemId: text('from_mem_id').notNull().default(''),
  toMemberId: bigint('to_member_id', { mode: 'number' }).references(() => members.id),
  toMemId: text('to_mem_id').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** The sender's held money after the transfer (after the refusal, for a refused one). */
  cashAfter: bigint('cash_after', { mode: 'number' }).notNull(),
  /** The receiver's held money after a transfer that went through; null for a refused one. */
  toCashAfter: bigint('to_cash_after', { mode: 'number' }),
  success: boolean('success').notNull(),
  note: text('note').notNull().default(''),
  transactionId: txRef('transaction_id'),
  at: at('at').notNull().defaultNow(),
  /** A member's transfer, or a partner's give (partner to member) or take (member to partner); contract TRANSFER_KINDS. */
  kind: text('kind', { enum: TRANSFER_KINDS }).notNull().default('transfer'),
}, (t) => [
  index('transfers_from_idx').on(t.fromMemberId, t.at),
  index('transfers_to_idx').on(t.toMemberId, t.at),
  check('transfers_kind_check', sql`${t.kind} in ('transfer', 'partnerGive', 'partnerTake')`),
]);
