/**
 * The partner calls (contract/partner.ts), each within the caller's line (PartnerScope): the summary,
 * the lists, rates read and changed, money given to and taken from the line, the merge of settled
 * commission into cash, and lower partners created one level down.
 *
 * Money: a give or take is one ledger transaction through the money door, keyed by the partner's
 * idempotency key, with its record (transfers, kind partnerGive/partnerTake) in the same transaction;
 * the member sees it in their own give history. A refusal after the target and amount are known (not
 * enough money) is recorded too, after the rollback, as transfers do.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ResultCode } from '../../contract/codes';
import {
  lowerLevelOf, type LowerPartner, PARTNER_PRODUCTS, RATE_BP_MAX, type PartnerBalances, type PartnerLevel, type PartnerMoneyMove, type PartnerSummary, type RateTable,
} from '../../contract/partner';
import type {
  partnerBetListPayload, partnerCalculationPayload, partnerCalculationUserPayload, partnerCashListPayload, partnerCreatePayload, partnerLinePayload,
  partnerMemberListPayload, partnerMergePayload, partnerMoneyMoveListPayload, partnerMoneyPayload, partnerRateChangePayload, partnerRatesPayload,
} from '../../contract/partnerPayloads';
import type { PageInfo } from '../../contract/wallet';
import { type Clock, seoulDay, startOfSeoulDay } from '../clock';
import type { Db, Tx } from '../db/client';
import { members, partnerMerges, partnerProfiles, transfers } from '../db/schema';
import { Failure, isFailure } from '../failure';
import { insertNewMember, newMember } from '../member/service';
import { wholeAmount } from '../money/amounts';
import type { BalancePush } from '../money/balancePush';
import { moneyDoor } from '../money/door';
import { idempotent } from '../money/idempotency';
import { getMemberBalances } from '../money/ledger';
import { lockMember, type MemberRef, type MemberRow } from '../money/memberLock';
import { historyWindow, pageInfo } from '../wallet/history';
import { commissionBalance, settleDue } from './commission';
import {
  accruedSince, findBelow, lineCounts, listLineBets, listLineCash, listLineMembers, listLowerPartners, listMemberCommission, listMoneyMoves,
  listSettlementLines, moneyMoveOf, type Paged,
} from './queries';
import { databaseRefusal, readRateEntries, readRates, writeRates } from './rates';
import type { PartnerScope } from './scope';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The next Seoul midnight after `now`: when a partner's rate change takes effect. */
export function nextSeoulMidnight(now: Date): Date {
  return new Date(startOfSeoulDay(now).getTime() + DAY_MS);
}

const paged = <T>(page: number, { list, total }: Paged<T>): { list: T[]; pageInfo: PageInfo } => ({ list, pageInfo: pageInfo(page, total) });

/** Codes of a give and of a take: permission, target, amount (SPEC §8 C301-C303, C401-C403). */
const MOVE_CODES = {
  give: { permission: 'C301', target: 'C302', amount: 'C303', kind: 'partnerGive' },
  take: { permission: 'C401', target: 'C402', amount: 'C403', kind: 'partnerTake' },
} as const satisfies Record<string, { permission: ResultCode; target: ResultCode; amount: ResultCode; kind: string }>;
type Direction = keyof typeof MOVE_CODES;

/** Refusals worth a record: the target and amount were valid, and the move still failed. */
const RECORDED_REFUSALS: ReadonlySet<ResultCode> = new Set(['C701']);

export interface PartnerDeps {
  db: Db;
  clock: Clock;
  balances: BalancePush;
}

export function createPartnerService({ db, clock, balances }: PartnerDeps) {
  const money = moneyDoor(db, clock);

  async function profileOf(executor: Db | Tx, partnerId: number) {
    const [row] = await executor.select().from(partnerProfiles).where(eq(partnerProfiles.memberId, partnerId));
    return { canCreateLower: row?.canCreateLower ?? true, canMoveMoney: row?.canMoveMoney ?? true };
  }

  async function partnerBalances(partnerId: number): Promise<PartnerBalances> {
    const [{ cashAmt }, commission] = await Promise.all([getMemberBalances(db, partnerId), commissionBalance(db, partnerId)]);
    return { cashAmt, commissionBalance: Math.max(0, commission) };
  }

  /** A direct lower partner of the caller by memId (their rates are the caller's to change), else PT004. */
  async function directLower(executor: Db | Tx, scope: PartnerScope, memId: string): Promise<MemberRow> {
    const row = await findBelow(executor, scope.member.memberId, memId.trim());
    if (!row || !row.isPartner || row.recommenderId !== scope.member.memberId) throw new Failure('PT004');
    return row;
  }

  async function move(direction: Direction, scope: PartnerScope, payload: z.output<typeof partnerMoneyPayload>) {
    const codes = MOVE_CODES[direction];
    const partner = scope.member;
    const tried: { target: MemberRow | null; amount: number } = { target: null, amount: 0 };
    try {
      const { answer, ran } = await money.call({ memberId: partner.memberId, call: `partner${direction}`, payload }, async ({ tx, now, post }) => {
        const self = await lockMember(tx, partner.memberId);
        if (!self || self.status !== 'active' || !self.isPartner) throw new Failure(codes.permission);
        if (!(await profileOf(tx, partner.memberId)).canMoveMoney) throw new Failure('C601');
        const amount = wholeAmount(payload.amount, { missing: codes.amount, bad: codes.amount });
        const target = await findBelow(tx, partner.memberId, payload.memId.trim());
        if (!target || target.status !== 'active') throw new Failure(codes.target);
        tried.target = target;
        tried.amount = amount;
        const [from, to] = direction === 'give' ? [partner.memberId, target.id] : [target.id, partner.memberId];
        const posted = await post({
          key: `partner:${direction}:${partner.memberId}:${payload.idempotencyKey}`,
          kind: `partner.${direction}`,
          insufficientCode: 'C701',
          entries: [{ account: { memberId: from, currency: 'KRW' }, amount: -amount }, { account: { memberId: to, currency: 'KRW' }, amount }],
        });
        const [row] = await tx.insert(transfers).values({
          kind: codes.kind, fromMemberId: from, toMemberId: to,
          fromMemId: direction === 'give' ? partner.memId : target.memId, toMemId: direction === 'give' ? target.memId : partner.memId,
          amount, cashAfter: posted.balances[from]!.cashAmt, toCashAfter: posted.balances[to]!.cashAmt, success: true,
          note: payload.note.trim(), transactionId: posted.transactionId, at: now,
        }).returning();
        return { record: moneyMoveOf(row!), balances: { cashAmt: posted.balances[partner.memberId]!.cashAmt, commissionBalance: 0 } };
      });
      await balances.announce(partner, ran ? { cashAmt: answer.balances.cashAmt, pointAmt: (await getMemberBalances(db, partner.memberId)).pointAmt } : undefined);
      if (tried.target) await balances.announce({ memberId: tried.target.id, memId: tried.target.memId });
      return { record: answer.record, balances: await partnerBalances(partner.memberId) };
    } catch (error) {
      if (tried.target && isFailure(error) && RECORDED_REFUSALS.has(error.code)) await recordRefusal(direction, partner, tried.target, tried.amount, error.code, payload.note);
      throw error;
    }
  }

  async function recordRefusal(direction: Direction, partner: MemberRef, target: MemberRow, amount: number, code: ResultCode, note: string): Promise<void> {
    const partnerCash = (await getMemberBalances(db, partner.memberId)).cashAmt;
    const targetCash = (await getMemberBalances(db, target.id)).cashAmt;
    const give = direction === 'give';
    await db.insert(transfers).values({
      kind: MOVE_CODES[direction].kind, fromMemberId: give ? partner.memberId : target.id, toMemberId: give ? target.id : partner.memberId,
      fromMemId: give ? partner.memId : target.memId, toMemId: give ? target.memId : partner.memId, amount,
      cashAfter: give ? partnerCash : targetCash, toCashAfter: give ? targetCash : partnerCash, success: false,
      note: note.trim() ? `${code} ${note.trim()}` : code, at: clock.now(),
    });
  }

  return {
    async summary(scope: PartnerScope): Promise<{ summary: PartnerSummary }> {
      const now = clock.now();
      await settleDue(db, now);
      const id = scope.member.memberId;
      const [self] = await db.select().from(members).where(eq(members.id, id));
      const [parent] = self!.recommenderId ? await db.select({ memId: members.memId, isPartner: members.isPartner }).from(members).where(eq(members.id, self!.recommenderId)) : [];
      const today = seoulDay(now);
      const [rates, todayTotals, monthTotals, counts, balance, profile] = await Promise.all([
        readRates(db, [id], now), accruedSince(db, id, today), accruedSince(db, id, `${today.slice(0, 7)}-01`), lineCounts(db, id),
        partnerBalances(id), profileOf(db, id),
      ]);
      const level = (self!.partnerType ?? 'PTN_5') as PartnerLevel;
      const rate = rates.get(id)!;
      return {
        summary: {
          memId: self!.memId, memNick: self!.memNick, level, parentMemId: parent?.isPartner ? parent.memId : null,
          rates: rate.rates, pendingRates: rate.pendingRates, pendingFrom: rate.pendingFrom?.toISOString() ?? null,
          cashAmt: balance.cashAmt, today: todayTotals, month: monthTotals, commissionBalance: balance.commissionBalance,
          lowerPartnerCount: counts.partners, memberCount: counts.members,
          canCreateLower: profile.canCreateLower && lowerLevelOf(level) !== null,
        },
      };
    },

    async partnerList(scope: PartnerScope, payload: z.output<typeof partnerLinePayload>) {
      const now = clock.now();
      const window = historyWindow(payload.startDate, payload.endDate, now);
      return paged(payload.page, await listLowerPartners(db, scope.member.memberId, { memId: payload.memId.trim(), window }, payload.page, now));
    },

    async memberList(scope: PartnerScope, payload: z.output<typeof partnerMemberListPayload>) {
      const window = historyWindow(payload.startDate, payload.endDate, clock.now());
      return paged(payload.page, await listLineMembers(db, scope.member.memberId, { ...payload, memId: payload.memId.trim(), window }, payload.page));
    },

    async cashList(scope: PartnerScope, payload: z.output<typeof partnerCashListPayload>) {
      const window = historyWindow(payload.startDate, payload.endDate, clock.now());
      return paged(payload.page, await listLineCash(db, scope.member.memberId, { memId: payload.memId.trim(), cashType: payload.cashType, window }, payload.page));
    },

    async bettingList(scope: PartnerScope, payload: z.output<typeof partnerBetListPayload>) {
      const window = historyWindow(payload.startDate, payload.endDate, clock.now());
      return paged(payload.page, await listLineBets(db, scope.member.memberId, { ...payload, memId: payload.memId.trim(), window }, payload.page));
    },

    async calculationList(scope: PartnerScope, payload: z.output<typeof partnerCalculationPayload>) {
      const now = clock.now();
      await settleDue(db, now);
      const window = historyWindow(payload.startDate, payload.endDate, now);
      return paged(payload.page, await listSettlementLines(db, scope.member.memberId, { product: payload.product, window }, payload.page));
    },

    async calculationUserList(scope: PartnerScope, payload: z.output<typeof partnerCalculationUserPayload>) {
      const window = historyWindow(payload.startDate, payload.endDate, clock.now());
      return paged(payload.page, await listMemberCommission(db, scope.member.memberId, { memId: payload.memId.trim(), window }, payload.page));
    },

    async moneyMoveList(scope: PartnerScope, payload: z.output<typeof partnerMoneyMoveListPayload>) {
      const window = historyWindow(payload.startDate, payload.endDate, clock.now());
      return paged(payload.page, await listMoneyMoves(db, scope.member.memberId, { memId: payload.memId.trim(), direction: payload.direction, window }, payload.page));
    },

    /** The caller's own rates (capped by their parent's) or a direct lower partner's (capped by the caller's). */
    async rates(scope: PartnerScope, payload: z.output<typeof partnerRatesPayload>) {
      const now = clock.now();
      const self = scope.member;
      const target = payload.memId.trim() === '' || payload.memId.trim().toLowerCase() === self.memId.toLowerCase()
        ? null : await directLower(db, scope, payload.memId);
      const [row] = await db.select({ recommenderId: members.recommenderId }).from(members).where(eq(members.id, self.memberId));
      const [parent] = row?.recommenderId ? await db.select({ id: members.id, isPartner: members.isPartner }).from(members).where(eq(members.id, row.recommenderId)) : [];
      const capId = target ? self.memberId : parent?.isPartner ? parent.id : null;
      const ids = [target?.id ?? self.memberId, ...(capId ? [capId] : [])];
      const read = await readRates(db, ids, now);
      const mine = read.get(ids[0]!)!;
      const cap: RateTable = capId ? read.get(capId)!.rates : fullTable();
      return {
        memId: target?.memId ?? self.memId, rates: mine.rates, pendingRates: mine.pendingRates, pendingFrom: mine.pendingFrom?.toISOString() ?? null,
        cap, changedToday: mine.changedToday,
      };
    },

    /** A direct lower partner's rates from the next Seoul midnight; once a Seoul day (PT003), never above the caller's (PT002). */
    async rateChange(scope: PartnerScope, payload: z.output<typeof partnerRateChangePayload>) {
      const entries = readRateEntries(payload.rates);
      const self = scope.member;
      return idempotent(db, { memberId: self.memberId, key: payload.idempotencyKey, call: 'partnerRateChange', payload: { memId: payload.memId, rates: entries } }, async (tx) => {
        const now = clock.now();
        const target = await directLower(tx, scope, payload.memId);
        await lockMember(tx, target.id);
        const validFrom = nextSeoulMidnight(now);
        if ((await readRates(tx, [target.id], now)).get(target.id)!.changedToday) throw new Failure('PT003');
        try {
          await writeRates(tx, { partnerId: target.id, entries, validFrom, source: 'own', changedBy: self.memId, now });
        } catch (error) {
          throw databaseRefusal(error) ?? error;
        }
        const after = (await readRates(tx, [target.id], now)).get(target.id)!;
        return { memId: target.memId, pendingRates: after.pendingRates!, pendingFrom: validFrom.toISOString() };
      });
    },

    give: (scope: PartnerScope, payload: z.output<typeof partnerMoneyPayload>): Promise<{ record: PartnerMoneyMove; balances: PartnerBalances }> => move('give', scope, payload),
    take: (scope: PartnerScope, payload: z.output<typeof partnerMoneyPayload>): Promise<{ record: PartnerMoneyMove; balances: PartnerBalances }> => move('take', scope, payload),

    /** The partner money merge: the whole settled commission balance into cash, one ledger transaction (PT006 when none). */
    async merge(scope: PartnerScope, payload: z.output<typeof partnerMergePayload>): Promise<{ merged: number; balances: PartnerBalances }> {
      const partner = scope.member;
      await settleDue(db, clock.now());
      const { answer, ran } = await money.call({ memberId: partner.memberId, call: 'partnerMerge', payload }, async ({ tx, now, post }) => {
        const self = await lockMember(tx, partner.memberId);
        if (!self || self.status !== 'active') throw new Failure('U0011');
        const amount = await commissionBalance(tx, partner.memberId);
        if (amount <= 0) throw new Failure('PT006');
        const posted = await post({
          key: `partner:merge:${partner.memberId}:${payload.idempotencyKey}`, kind: 'partner.merge',
          entries: [{ account: { house: 'partner_commission', currency: 'KRW' }, amount: -amount }, { account: { memberId: partner.memberId, currency: 'KRW' }, amount }],
        });
        await tx.insert(partnerMerges).values({ partnerId: partner.memberId, amount, transactionId: posted.transactionId, at: now });
        return { merged: amount, balances: { cashAmt: posted.balances[partner.memberId]!.cashAmt, commissionBalance: 0 } };
      });
      await balances.announce(partner, ran ? { cashAmt: answer.balances.cashAmt, pointAmt: (await getMemberBalances(db, partner.memberId)).pointAmt } : undefined);
      return { merged: answer.merged, balances: await partnerBalances(partner.memberId) };
    },

    /** /striNew: a partner one level below the caller, active at once, with starting rates within the caller's. */
    async create(scope: PartnerScope, payload: z.output<typeof partnerCreatePayload>): Promise<{ partner: LowerPartner }> {
      const self = scope.member;
      const entries = readRateEntries(payload.rates);
      const { idempotencyKey, memPass: _p, memPassCheck: _c, cashOutPass: _o, ...same } = payload;
      const created = await idempotent(db, { memberId: self.memberId, key: idempotencyKey, call: 'partnerCreate', payload: same }, async (tx) => {
        const now = clock.now();
        const parent = await lockMember(tx, self.memberId);
        const level = (parent?.partnerType ?? '') as PartnerLevel;
        const lower = parent?.isPartner && parent.status === 'active' ? lowerLevelOf(level) : null;
        if (!lower || !(await profileOf(tx, self.memberId)).canCreateLower) throw new Failure('PT005');
        const row = await newMember(tx, { ...payload, recommenderId: self.memId }, true, async () => self.memberId);
        const member = await insertNewMember(tx, { ...row, status: 'active', approvedAt: now, isPartner: true, partnerType: lower });
        if (entries.length > 0) {
          try {
            await writeRates(tx, { partnerId: member.id, entries, validFrom: now, source: 'create', changedBy: self.memId, now });
          } catch (error) {
            throw databaseRefusal(error) ?? error;
          }
        }
        return { memId: member.memId };
      });
      const list = await listLowerPartners(db, self.memberId, { memId: created.memId }, 1, clock.now());
      const partner = list.list.find((p) => p.memId === created.memId);
      if (!partner) throw new Failure('PT004');
      return { partner };
    },
  };
}

function fullTable(): RateTable {
  return Object.fromEntries(PARTNER_PRODUCTS.map((product) => [product, { rolling: RATE_BP_MAX, losing: RATE_BP_MAX }])) as RateTable;
}

export type PartnerService = ReturnType<typeof createPartnerService>;
