/**
 * Operator actions on the partner line, through the partner module's operator face
 * (partner/operatorPartners.ts), each in one transaction with its audit row.
 */
import { and, count, desc, eq, gte, ilike, lte, or, sql } from 'drizzle-orm';
import type { PartnerLevel, RateEntry } from '../../contract/partner';
import { PARTNERS_PAGE_SIZE, SETTLEMENTS_PAGE_SIZE, type SettlementLineRow, type TopPartnerRow } from '../../contract/partnerAdmin';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { containing } from '../db/like';
import { members, partnerSettlements } from '../db/schema';
import type { OperatorPartners } from '../partner/operatorPartners';
import type { Audit, OperatorContext } from './audit';

export interface PartnersAdminDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
  partners: OperatorPartners;
}

/** A partner with no partner above them (the outer query's row is "members"; drizzle leaves its columns unqualified). */
const isTop = sql`not exists (select 1 from partner_tree t join members a on a.id = t.ancestor_id
  where t.descendant_id = "members"."id" and t.depth > 0 and a.is_partner)`;
const lowerPartners = sql<number>`(select count(*)::int from partner_tree t join members d on d.id = t.descendant_id
  where t.ancestor_id = "members"."id" and t.depth > 0 and d.is_partner)`;

export function createPartnersAdminService({ db, clock, audit, partners }: PartnersAdminDeps) {
  return {
    /** The top partners (where the tree is browsed from), a fragment of the id or nickname, a page at a time. */
    async tops(query: { q?: string; page: number }) {
      const term = query.q ? containing(query.q) : null;
      const where = and(eq(members.isPartner, true), isTop, term === null ? undefined : or(ilike(members.memId, term), ilike(members.memNick, term)));
      const [counted] = await db.select({ n: count() }).from(members).where(where);
      const rows = await db.select({ memId: members.memId, memNick: members.memNick, level: members.partnerType, status: members.status, lowerPartners })
        .from(members).where(where).orderBy(members.memId).limit(PARTNERS_PAGE_SIZE).offset((query.page - 1) * PARTNERS_PAGE_SIZE);
      const list: TopPartnerRow[] = rows.map((row) => ({ ...row, level: row.level ?? '', lowerPartners: Number(row.lowerPartners) }));
      return { list, page: query.page, pageSize: PARTNERS_PAGE_SIZE, total: Number(counted?.n ?? 0) };
    },

    /** Settlement lines, newest day first, filtered by Seoul days, partner and status. */
    async settlements(query: { from?: string; to?: string; memId?: string; status?: 'settled' | 'reversed'; page: number }) {
      const where = and(
        query.from ? gte(partnerSettlements.day, query.from) : undefined, query.to ? lte(partnerSettlements.day, query.to) : undefined,
        query.memId ? sql`lower(${members.memId}) = lower(${query.memId})` : undefined, query.status ? eq(partnerSettlements.status, query.status) : undefined,
      );
      const [counted] = await db.select({ n: count() }).from(partnerSettlements).innerJoin(members, eq(members.id, partnerSettlements.partnerId)).where(where);
      const rows = await db.select({ line: partnerSettlements, memId: members.memId }).from(partnerSettlements)
        .innerJoin(members, eq(members.id, partnerSettlements.partnerId)).where(where)
        .orderBy(desc(partnerSettlements.day), desc(partnerSettlements.id)).limit(SETTLEMENTS_PAGE_SIZE).offset((query.page - 1) * SETTLEMENTS_PAGE_SIZE);
      const list: SettlementLineRow[] = rows.map(({ line, memId }) => ({
        id: line.id, memId, day: line.day, product: line.product, betCount: line.betCount, stakeTotal: line.stakeTotal, winTotal: line.winTotal,
        rolling: line.rolling, losing: line.losing, carriedIn: line.carriedIn, carriedOut: line.carriedOut, amount: line.amount, status: line.status,
        settledAt: line.settledAt.toISOString(), reversedAt: line.reversedAt?.toISOString() ?? null,
      }));
      return { list, page: query.page, pageSize: SETTLEMENTS_PAGE_SIZE, total: Number(counted?.n ?? 0) };
    },

    make(ctx: OperatorContext, memId: string, change: { level: PartnerLevel; parentMemId: string | null; canCreateLower: boolean }) {
      return audit.run(ctx, { action: 'partner.make', target: memId, detail: { ...change } }, (tx) => partners.make(tx, memId, change, clock.now()));
    },
    move(ctx: OperatorContext, memId: string, parentMemId: string) {
      return audit.run(ctx, { action: 'partner.move', target: memId, detail: { parentMemId } }, (tx) => partners.move(tx, memId, parentMemId, clock.now()));
    },
    setRates(ctx: OperatorContext, memId: string, rates: RateEntry[]) {
      return audit.run(ctx, { action: 'partner.rates', target: memId, detail: { rates } }, (tx) => partners.setRates(tx, memId, rates, clock.now()));
    },
    permissions(ctx: OperatorContext, memId: string, change: { canCreateLower?: boolean; canMoveMoney?: boolean }) {
      return audit.run(ctx, { action: 'partner.permissions', target: memId, detail: { ...change } }, (tx) => partners.permissions(tx, memId, change));
    },
    line: (memId: string, page: number) => partners.line(memId, page, clock.now()),
    close(ctx: OperatorContext, day: string) {
      return audit.run(ctx, { action: 'partner.settlement.close', target: day }, (tx) => partners.close(tx, day, clock.now()));
    },
    reverse(ctx: OperatorContext, lineId: number) {
      return audit.run(ctx, { action: 'partner.settlement.reverse', target: String(lineId) }, (tx) => partners.reverse(tx, lineId, clock.now()));
    },
    accrualOfBet: (betId: number) => partners.accrualOfBet(betId),
  };
}

export type PartnersAdminService = ReturnType<typeof createPartnersAdminService>;
