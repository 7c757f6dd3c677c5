/**
 * The partner line's operator face (the operator API's services call only this): make a member a
 * partner at a level under a parent one level up (or at the top), move a partner's line or a member
 * under another partner, set rates at once (a lowering clamps the line below), set permissions, read any
 * line, close a day's settlement, reverse a settlement line, read a bet's accrual; the console's reads: the top
 * partners, the settlement lines, a partner's rates in force. Each takes the caller's transaction, so the audit
 * row commits with it.
 */
import { and, count, desc, eq, gte, ilike, lte, or, sql } from 'drizzle-orm';
import { PARTNER_LEVELS, type PartnerLevel, type PartnerProduct, type RateEntry } from '../../contract/partner';
import { PARTNERS_PAGE_SIZE, SETTLEMENTS_PAGE_SIZE, type SettlementLineRow, type TopPartnerRow } from '../../contract/partnerAdmin';
import { seoulDay } from '../clock';
import type { Db, Tx } from '../db/client';
import { containing } from '../db/like';
import { members, partnerAccruals, partnerProfiles, partnerSettlements } from '../db/schema';
import { Failure } from '../failure';
import { findMemberByMemId, type MemberRow } from '../member/queries';
import { reverseLine, settleThrough } from './commission';
import { listLineMembers, listLowerPartners } from './queries';
import { clampUnderParent, databaseRefusal, readRates, writeRates } from './rates';

const levelIndex = (level: string | null) => PARTNER_LEVELS.indexOf(level as PartnerLevel);

/** A partner with no partner above them (the outer query's row is "members"; drizzle leaves its columns unqualified). */
const isTop = sql`not exists (select 1 from partner_tree t join members a on a.id = t.ancestor_id
  where t.descendant_id = "members"."id" and t.depth > 0 and a.is_partner)`;
const lowerPartners = sql<number>`(select count(*)::int from partner_tree t join members d on d.id = t.descendant_id
  where t.ancestor_id = "members"."id" and t.depth > 0 and d.is_partner)`;

export function createOperatorPartners({ db }: { db: Db }) {
  async function member(executor: Db | Tx, memId: string): Promise<MemberRow> {
    const row = await findMemberByMemId(executor, memId.trim());
    if (!row) throw new Failure('C402');
    return row;
  }

  /** A partner that may head `level` (exactly one level up), or PT004. */
  async function parentFor(tx: Tx, parentMemId: string, level: number): Promise<MemberRow> {
    const parent = await member(tx, parentMemId);
    if (!parent.isPartner || levelIndex(parent.partnerType) !== level - 1) throw new Failure('PT004');
    return parent;
  }

  async function setParent(tx: Tx, row: MemberRow, parentId: number | null): Promise<void> {
    try {
      await tx.update(members).set({ recommenderId: parentId }).where(eq(members.id, row.id));
    } catch (error) {
      throw databaseRefusal(error) ?? error;
    }
  }

  return {
    member: (memId: string) => member(db, memId),

    async make(tx: Tx, memId: string, change: { level: PartnerLevel; parentMemId: string | null; canCreateLower: boolean }, now: Date) {
      const row = await member(tx, memId);
      if (row.status !== 'active') throw new Failure('C402');
      const level = levelIndex(change.level);
      const parent = change.parentMemId === null ? null : await parentFor(tx, change.parentMemId, level);
      if (change.parentMemId === null && row.recommenderId !== null) await setParent(tx, row, null);
      if (parent && parent.id !== row.recommenderId) await setParent(tx, row, parent.id);
      await tx.update(members).set({ isPartner: true, partnerType: change.level }).where(eq(members.id, row.id));
      await tx.insert(partnerProfiles).values({ memberId: row.id, canCreateLower: change.canCreateLower })
        .onConflictDoUpdate({ target: partnerProfiles.memberId, set: { canCreateLower: change.canCreateLower } });
      if (parent) await clampUnderParent(tx, row.id, parent.id, now, 'operator');
      return { memId: row.memId, level: change.level, parentMemId: parent?.memId ?? null };
    },

    async move(tx: Tx, memId: string, parentMemId: string, now: Date) {
      const row = await member(tx, memId);
      const parent = row.isPartner ? await parentFor(tx, parentMemId, levelIndex(row.partnerType)) : await member(tx, parentMemId);
      if (!parent.isPartner) throw new Failure('PT004');
      await setParent(tx, row, parent.id);
      if (row.isPartner) await clampUnderParent(tx, row.id, parent.id, now, 'operator');
      return { memId: row.memId, parentMemId: parent.memId };
    },

    async setRates(tx: Tx, memId: string, entries: RateEntry[], now: Date) {
      const row = await member(tx, memId);
      if (!row.isPartner) throw new Failure('PT004');
      try {
        await writeRates(tx, { partnerId: row.id, entries, validFrom: now, source: 'operator', changedBy: 'operator', now });
      } catch (error) {
        throw databaseRefusal(error) ?? error;
      }
      return { memId: row.memId, ...(await readRates(tx, [row.id], now)).get(row.id)! };
    },

    async permissions(tx: Tx, memId: string, change: { canCreateLower?: boolean; canMoveMoney?: boolean }) {
      const row = await member(tx, memId);
      if (!row.isPartner) throw new Failure('PT004');
      const [saved] = await tx.insert(partnerProfiles).values({ memberId: row.id, ...change })
        .onConflictDoUpdate({ target: partnerProfiles.memberId, set: change }).returning();
      return { memId: row.memId, canCreateLower: saved!.canCreateLower, canMoveMoney: saved!.canMoveMoney };
    },

    async line(memId: string, page: number, now: Date) {
      const row = await member(db, memId);
      if (!row.isPartner) throw new Failure('PT004');
      const [partners, lineMembers, own] = await Promise.all([
        listLowerPartners(db, row.id, { memId: '' }, page, now),
        listLineMembers(db, row.id, { memId: '', scope: 'all', withPartners: 'N' }, page),
        readRates(db, [row.id], now),
      ]);
      // The partner's own level and rates (the console's rate form starts from them).
      const { rates, pendingRates } = own.get(row.id)!;
      // A top partner (no partner above): a change of its rates waits for a second operator.
      const parent = row.recommenderId === null ? null : (await db.select({ isPartner: members.isPartner }).from(members).where(eq(members.id, row.recommenderId)))[0];
      return { memId: row.memId, level: row.partnerType as PartnerLevel, top: !parent?.isPartner, rates, pendingRates, partners, members: lineMembers };
    },

    /** Settles every open accrual up to `day` (a Seoul day before today; R003 otherwise). */
    async close(tx: Tx, day: string, now: Date) {
      if (day >= seoulDay(now)) throw new Failure('R003');
      return { day, lines: await settleThrough(tx, day, now) };
    },

    async reverse(tx: Tx, lineId: number, now: Date) {
      if (!(await reverseLine(tx, lineId, now))) throw new Failure('C501');
      return { lineId, status: 'reversed' as const };
    },

    /** The top partners (the console browses the tree from them), a fragment of the id or nickname, a page at a time. */
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
        id: line.id, memId, day: line.day, product: line.product as PartnerProduct, betCount: line.betCount, stakeTotal: line.stakeTotal, winTotal: line.winTotal,
        rolling: line.rolling, losing: line.losing, carriedIn: line.carriedIn, carriedOut: line.carriedOut, amount: line.amount, status: line.status,
        settledAt: line.settledAt.toISOString(), reversedAt: line.reversedAt?.toISOString() ?? null,
      }));
      return { list, page: query.page, pageSize: SETTLEMENTS_PAGE_SIZE, total: Number(counted?.n ?? 0) };
    },

    /** A partner's rates in force (the audit's before and after of a rate change), in the caller's transaction. */
    async rates(executor: Db | Tx, memId: string, now: Date) {
      const row = await member(executor, memId);
      return row.isPartner ? (await readRates(executor, [row.id], now)).get(row.id)!.rates : null;
    },

    async accrualOfBet(betId: number) {
      const rows = await db.select({ accrual: partnerAccruals, memId: members.memId }).from(partnerAccruals)
        .innerJoin(members, eq(members.id, partnerAccruals.partnerId)).where(eq(partnerAccruals.betId, betId)).orderBy(sql`${partnerAccruals.rollingBp} desc`);
      return { betId, accruals: rows.map(({ accrual, memId }) => ({ ...accrual, partnerMemId: memId, accruedAt: accrual.accruedAt.toISOString() })) };
    },
  };
}

export type OperatorPartners = ReturnType<typeof createOperatorPartners>;
