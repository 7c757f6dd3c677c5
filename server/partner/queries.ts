/**
 * What the partner screens read, always within the caller's line (`scope.covers`, the closure table):
 * lower partners, members, their deposits and withdrawals, their bets with the commission each earned
 * the caller, the caller's settlement lines, per-member commission and the give/take records.
 */
import { and, between, count, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BetGroup, BetNames, BetType } from '../../contract/betting';
import { resultCash } from '../../contract/betting';
import type {
  LineBetItem, LineCashItem, LineMember, LowerPartner, MemberCommission, MemberLevelKind, PartnerLevel, PartnerMoneyMove, PartnerProduct,
  SettlementLine,
} from '../../contract/partner';
import type { CashStatus, CashType } from '../../contract/wallet';
import { seoulDay } from '../clock';
import type { Executor } from '../db/client';
import {
  bets, cashRequests, ledgerAccounts, members, partnerAccruals, partnerSettlements, partnerTree, sessions, transfers,
} from '../db/schema';
import { HISTORY_PAGE_SIZE, type HistoryWindow, pageOffset } from '../wallet/history';
import { readRates } from './rates';

const recommender = alias(members, 'recommender');

const cashOf = (memberId: SQL | typeof members.id, currency: 'KRW' | 'POINT') =>
  sql<number>`coalesce((select ${ledgerAccounts.balance} from ${ledgerAccounts} where ${ledgerAccounts.memberId} = ${memberId} and ${ledgerAccounts.currency} = ${currency}), 0)`.mapWith(Number);

const levelOf = (partnerType: string | null, isPartner: boolean): MemberLevelKind =>
  (isPartner && partnerType?.startsWith('PTN_') ? partnerType as PartnerLevel : 'NORMAL');

const like = (memId: string) => `%${memId.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface Paged<T> {
  list: T[];
  total: number;
}

/** Members below the caller (depth > 0 in the closure). */
const below = (partnerId: number) =>
  sql`${members.id} in (select ${partnerTree.descendantId} from ${partnerTree} where ${partnerTree.ancestorId} = ${partnerId} and ${partnerTree.depth} > 0)`;

/** One member below the partner by memId (any case), read in the caller's transaction; null outside the line. */
export async function findBelow(db: Executor, partnerId: number, memId: string): Promise<typeof members.$inferSelect | null> {
  const [row] = await db.select().from(members).where(and(sql`lower(${members.memId}) = lower(${memId})`, below(partnerId)));
  return row ?? null;
}

/** Members who joined within the window (none: any day). */
const joinedWithin = (window: HistoryWindow | undefined) => (window ? between(members.createdAt, window.from, window.to) : undefined);

/** The lower partners at every depth; the partner screens' list by the days they joined, the operator's and a new one's read whole. */
export async function listLowerPartners(
  db: Executor, partnerId: number, filter: { memId: string; window?: HistoryWindow }, page: number, now: Date,
): Promise<Paged<LowerPartner>> {
  const where = and(eq(partnerTree.ancestorId, partnerId), sql`${partnerTree.depth} > 0`, eq(members.isPartner, true),
    filter.memId ? sql`${members.memId} ilike ${like(filter.memId)}` : undefined, joinedWithin(filter.window));
  const [counted] = await db.select({ n: count() }).from(partnerTree).innerJoin(members, eq(members.id, partnerTree.descendantId)).where(where);
  const rows = await db.select({
    id: members.id, memId: members.memId, memNick: members.memNick, partnerType: members.partnerType, status: members.status,
    parentMemId: recommender.memId, depth: partnerTree.depth, createdAt: members.createdAt, cashAmt: cashOf(members.id, 'KRW'),
    directMemberCount: sql<number>`(select count(*) from ${members} d where d.recommender_id = ${members.id} and not d.is_partner)`.mapWith(Number),
    memberCount: sql<number>`(select count(*) from ${partnerTree} t join ${members} d on d.id = t.descendant_id
      where t.ancestor_id = ${members.id} and t.depth > 0 and not d.is_partner)`.mapWith(Number),
  }).from(partnerTree).innerJoin(members, eq(members.id, partnerTree.descendantId)).innerJoin(recommender, eq(recommender.id, members.recommenderId))
    .where(where).orderBy(partnerTree.depth, members.memId).limit(HISTORY_PAGE_SIZE).offset(pageOffset(page));
  const rates = await readRates(db, rows.map((r) => r.id), now);
  return {
    total: Number(counted?.n ?? 0),
    list: rows.map((row) => {
      const rate = rates.get(row.id)!;
      return {
        memId: row.memId, memNick: row.memNick, level: levelOf(row.partnerType, true) as PartnerLevel, parentMemId: row.parentMemId,
        depth: row.depth, status: row.status, directMemberCount: row.directMemberCount, memberCount: row.memberCount, cashAmt: row.cashAmt,
        rates: rate.rates, pendingRates: rate.pendingRates, changedToday: rate.changedToday, createdAt: row.createdAt.toISOString(),
      };
    }),
  };
}

export async function listLineMembers(
  db: Executor, partnerId: number, filter: { memId: string; scope: 'all' | 'direct'; withPartners: 'Y' | 'N'; window?: HistoryWindow }, page: number,
): Promise<Paged<LineMember>> {
  const where = and(
    filter.scope === 'direct' ? eq(members.recommenderId, partnerId) : below(partnerId),
    filter.withPartners === 'N' ? eq(members.isPartner, false) : undefined,
    filter.memId ? sql`${members.memId} ilike ${like(filter.memId)}` : undefined,
    joinedWithin(filter.window),
  );
  const [counted] = await db.select({ n: count() }).from(members).where(where);
  const rows = await db.select({
    memId: members.memId, memNick: members.memNick, partnerType: members.partnerType, isPartner: members.isPartner, partnerMemId: recommender.memId,
    status: members.status, cashAmt: cashOf(members.id, 'KRW'), pointAmt: cashOf(members.id, 'POINT'), createdAt: members.createdAt,
    lastLoginAt: sql<string | null>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.memberId} = ${members.id})`,
  }).from(members).innerJoin(recommender, eq(recommender.id, members.recommenderId)).where(where)
    .orderBy(desc(members.createdAt), desc(members.id)).limit(HISTORY_PAGE_SIZE).offset(pageOffset(page));
  return {
    total: Number(counted?.n ?? 0),
    list: rows.map((row) => ({
      memId: row.memId, memNick: row.memNick, level: levelOf(row.partnerType, row.isPartner), partnerMemId: row.partnerMemId, status: row.status,
      cashAmt: row.cashAmt, pointAmt: row.pointAmt, lastLoginAt: row.lastLoginAt ? new Date(row.lastLoginAt).toISOString() : null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

export async function listLineCash(
  db: Executor, partnerId: number, filter: { memId: string; cashType: CashType | ''; window: HistoryWindow }, page: number,
): Promise<Paged<LineCashItem>> {
  const where = and(below(partnerId), between(cashRequests.createdAt, filter.window.from, filter.window.to),
    filter.cashType ? eq(cashRequests.cashType, filter.cashType) : undefined,
    filter.memId ? sql`${members.memId} ilike ${like(filter.memId)}` : undefined);
  const [counted] = await db.select({ n: count() }).from(cashRequests).innerJoin(members, eq(members.id, cashRequests.memberId)).where(where);
  const rows = await db.select({ request: cashRequests, memId: members.memId, memNick: members.memNick })
    .from(cashRequests).innerJoin(members, eq(members.id, cashRequests.memberId)).where(where)
    .orderBy(desc(cashRequests.createdAt), desc(cashRequests.id)).limit(HISTORY_PAGE_SIZE).offset(pageOffset(page));
  return {
    total: Number(counted?.n ?? 0),
    list: rows.map(({ request, memId, memNick }) => ({
      requestId: request.id, memId, memNick, cashType: request.cashType as CashType, status: request.status as CashStatus, amount: request.amount,
      bonusAmount: request.bonusAmount, createdAt: request.createdAt.toISOString(), processedAt: request.processedAt?.toISOString() ?? null,
    })),
  };
}

const productOf = sql<PartnerProduct>`partner_product_of(${bets.groupKey}, ${bets.vendorCode}, ${bets.gameType})`;

export async function listLineBets(
  db: Executor, partnerId: number,
  filter: { memId: string; groupKey: BetGroup | ''; product: PartnerProduct | ''; window: HistoryWindow }, page: number,
): Promise<Paged<LineBetItem>> {
  const where = and(sql`${bets.memberId} in (select ${partnerTree.descendantId} from ${partnerTree} where ${partnerTree.ancestorId} = ${partnerId} and ${partnerTree.depth} > 0)`,
    between(bets.placedAt, filter.window.from, filter.window.to),
    filter.groupKey ? eq(bets.groupKey, filter.groupKey) : undefined,
    filter.product ? sql`${productOf} = ${filter.product}` : undefined,
    filter.memId ? sql`${members.memId} ilike ${like(filter.memId)}` : undefined);
  const [counted] = await db.select({ n: count() }).from(bets).innerJoin(members, eq(members.id, bets.memberId)).where(where);
  // What the bet earned this partner: its rows summed (a bet revised after its line also has counter rows).
  const earned = (column: 'rolling' | 'losing') => sql<number>`coalesce((select sum(a.${sql.raw(column)}) from ${partnerAccruals} a
    where a.bet_id = ${bets.id} and a.partner_id = ${partnerId}), 0)`.mapWith(Number);
  const rows = await db.select({ bet: bets, memId: members.memId, product: productOf, rolling: earned('rolling'), losing: earned('losing') })
    .from(bets).innerJoin(members, eq(members.id, bets.memberId))
    .where(where).orderBy(desc(bets.placedAt), desc(bets.id)).limit(HISTORY_PAGE_SIZE).offset(pageOffset(page));
  return {
    total: Number(counted?.n ?? 0),
    list: rows.map(({ bet, memId, product, rolling, losing }) => ({
      betId: String(bet.id), memId, groupKey: bet.groupKey as BetGroup, product, company: bet.company as BetNames, gameName: bet.gameName as BetNames,
      type: bet.type as BetType, cash: bet.stake, winCash: bet.win, resultCash: resultCash(bet.stake, bet.win), date: bet.placedAt.toISOString(),
      settledAt: bet.settledAt?.toISOString() ?? null, rolling, losing,
    })),
  };
}

export async function listSettlementLines(
  db: Executor, partnerId: number, filter: { product: PartnerProduct | ''; window: HistoryWindow }, page: number,
): Promise<Paged<SettlementLine>> {
  const where = and(eq(partnerSettlements.partnerId, partnerId),
    gte(partnerSettlements.day, seoulDay(filter.window.from)), lte(partnerSettlements.day, seoulDay(filter.window.to)),
    filter.product ? eq(partnerSettlements.product, filter.product) : undefined);
  const [counted] = await db.select({ n: count() }).from(partnerSettlements).where(where);
  const rows = await db.select().from(partnerSettlements).where(where)
    .orderBy(desc(partnerSettlements.day), partnerSettlements.product).limit(HISTORY_PAGE_SIZE).offset(pageOffset(page));
  return {
    total: Number(counted?.n ?? 0),
    list: rows.map((row) => ({
      lineId: row.id, day: row.day, product: row.product as PartnerProduct, betCount: row.betCount, stakeTotal: row.stakeTotal, winTotal: row.winTotal,
      rolling: row.rolling, losing: row.losing, carriedIn: row.carriedIn, carriedOut: row.carriedOut, amount: row.amount, status: row.status,
      settledAt: row.settledAt.toISOString(),
    })),
  };
}

export async function listMemberCommission(
  db: Executor, partnerId: number, filter: { memId: string; window: HistoryWindow }, page: number,
): Promise<Paged<MemberCommission>> {
  const where = and(eq(partnerAccruals.partnerId, partnerId),
    gte(partnerAccruals.day, seoulDay(filter.window.from)), lte(partnerAccruals.day, seoulDay(filter.window.to)),
    filter.memId ? sql`${members.memId} ilike ${like(filter.memId)}` : undefined);
  const grouped = db.select({
    memberId: partnerAccruals.memberId,
    betCount: sql<number>`count(distinct ${partnerAccruals.betId})`.mapWith(Number).as('bet_count'),
    stakeTotal: sql<number>`sum(${partnerAccruals.stake})`.mapWith(Number).as('stake_total'),
    winTotal: sql<number>`sum(${partnerAccruals.win})`.mapWith(Number).as('win_total'),
    rolling: sql<number>`sum(${partnerAccruals.rolling})`.mapWith(Number).as('rolling'),
    losing: sql<number>`sum(${partnerAccruals.losing})`.mapWith(Number).as('losing'),
  }).from(partnerAccruals).innerJoin(members, eq(members.id, partnerAccruals.memberId)).where(where).groupBy(partnerAccruals.memberId).as('g');
  const [counted] = await db.select({ n: count() }).from(grouped);
  const rows = await db.select({
    memId: members.memId, memNick: members.memNick, partnerMemId: recommender.memId, betCount: grouped.betCount, stakeTotal: grouped.stakeTotal,
    winTotal: grouped.winTotal, rolling: grouped.rolling, losing: grouped.losing,
  }).from(grouped).innerJoin(members, eq(members.id, grouped.memberId)).innerJoin(recommender, eq(recommender.id, members.recommenderId))
    .orderBy(desc(grouped.stakeTotal), members.memId).limit(HISTORY_PAGE_SIZE).offset(pageOffset(page));
  return { total: Number(counted?.n ?? 0), list: rows };
}

type TransferRow = typeof transfers.$inferSelect;

/** A give/take record as the partner sees it: their cash after, the member's balance after (none for a refusal). */
export function moneyMoveOf(row: TransferRow): PartnerMoneyMove {
  const give = row.kind === 'partnerGive';
  return {
    recordId: row.id, direction: give ? 'give' : 'take', memId: give ? row.toMemId : row.fromMemId, amount: row.amount,
    cashAfter: (give ? row.cashAfter : row.toCashAfter) ?? 0,
    balanceAfter: row.success ? (give ? row.toCashAfter : row.cashAfter) : null,
    at: row.at.toISOString(), success: row.success ? 'Y' : 'N', note: row.note,
  };
}

export async function listMoneyMoves(
  db: Executor, partnerId: number, filter: { memId: string; direction: '' | 'give' | 'take'; window: HistoryWindow }, page: number,
): Promise<Paged<PartnerMoneyMove>> {
  const gives = and(eq(transfers.kind, 'partnerGive'), eq(transfers.fromMemberId, partnerId),
    filter.memId ? sql`${transfers.toMemId} ilike ${like(filter.memId)}` : undefined);
  const takes = and(eq(transfers.kind, 'partnerTake'), eq(transfers.toMemberId, partnerId),
    filter.memId ? sql`${transfers.fromMemId} ilike ${like(filter.memId)}` : undefined);
  const where = and(filter.direction === 'give' ? gives : filter.direction === 'take' ? takes : or(gives, takes),
    between(transfers.at, filter.window.from, filter.window.to));
  const [counted] = await db.select({ n: count() }).from(transfers).where(where);
  const rows = await db.select().from(transfers).where(where).orderBy(desc(transfers.at), desc(transfers.id))
    .limit(HISTORY_PAGE_SIZE).offset(pageOffset(page));
  return { total: Number(counted?.n ?? 0), list: rows.map(moneyMoveOf) };
}

/** Rolling and losing accrued to a partner from a Seoul day on (inclusive). */
export async function accruedSince(db: Executor, partnerId: number, fromDay: string): Promise<{ rolling: number; losing: number }> {
  const [row] = await db.select({
    rolling: sql<number>`coalesce(sum(${partnerAccruals.rolling}), 0)`.mapWith(Number),
    losing: sql<number>`coalesce(sum(${partnerAccruals.losing}), 0)`.mapWith(Number),
  }).from(partnerAccruals).where(and(eq(partnerAccruals.partnerId, partnerId), gte(partnerAccruals.day, fromDay)));
  return row ?? { rolling: 0, losing: 0 };
}

/** Lower partners and members (not partners) below a partner. */
export async function lineCounts(db: Executor, partnerId: number): Promise<{ partners: number; members: number }> {
  const [row] = await db.select({
    partners: sql<number>`count(*) filter (where ${members.isPartner})`.mapWith(Number),
    members: sql<number>`count(*) filter (where not ${members.isPartner})`.mapWith(Number),
  }).from(partnerTree).innerJoin(members, eq(members.id, partnerTree.descendantId))
    .where(and(eq(partnerTree.ancestorId, partnerId), sql`${partnerTree.depth} > 0`));
  return row ?? { partners: 0, members: 0 };
}
