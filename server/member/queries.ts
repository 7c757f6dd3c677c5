/** Member rows: lookups (ids without regard to case), inserts and updates. */
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { banks, type MemberStatus, members, sessions } from '../db/schema';


export type MemberRow = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;

export async function findMemberByMemId(executor: Executor, memId: string): Promise<MemberRow | null> {
  const [row] = await executor.select().from(members).where(sql`lower(${members.memId}) = lower(${memId})`);
  return row ?? null;
}

export async function findMemberById(executor: Executor, id: number): Promise<MemberRow | null> {
  const [row] = await executor.select().from(members).where(eq(members.id, id));
  return row ?? null;
}

/** The member's stored cash-out password hash ('' when none is set), or null when there is no such member. */
export async function cashOutPassHashOf(executor: Executor, id: number): Promise<string | null> {
  const [row] = await executor.select({ hash: members.cashOutPassHash }).from(members).where(eq(members.id, id));
  return row?.hash ?? null;
}

export type Duplicate = 'memId' | 'memNick' | 'memPhone' | 'bankacc';

/** The first of id, nickname, phone and account that another member already uses, or null. */
export async function findDuplicate(executor: Executor, candidate: Pick<NewMember, 'memId' | 'memNick' | 'memPhone' | 'bankacc'>): Promise<Duplicate | null> {
  const [row] = await executor.select({
    memId: sql<boolean>`bool_or(lower(${members.memId}) = lower(${candidate.memId}))`,
    memNick: sql<boolean>`bool_or(${members.memNick} = ${candidate.memNick})`,
    memPhone: sql<boolean>`bool_or(${members.memPhone} = ${candidate.memPhone})`,
    bankacc: sql<boolean>`bool_or(${members.bankacc} = ${candidate.bankacc})`,
  }).from(members);
  const order: Duplicate[] = ['memId', 'memNick', 'memPhone', 'bankacc'];
  return order.find((field) => row?.[field] === true) ?? null;
}

const DUPLICATE_BY_CONSTRAINT: Record<string, Duplicate> = {
  members_mem_id_lower_unique: 'memId',
  members_mem_nick_unique: 'memNick',
  members_mem_phone_unique: 'memPhone',
  members_bankacc_unique: 'bankacc',
};

/** Maps a unique violation of the members table (a sign-up race lost) to the field it guards. */
export function duplicateFromError(error: unknown): Duplicate | null {
  for (let e: unknown = error; e !== null && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return DUPLICATE_BY_CONSTRAINT[constraint] ?? null;
  }
  return null;
}

export async function insertMember(executor: Executor, member: NewMember): Promise<MemberRow> {
  const [row] = await executor.insert(members).values(member).returning();
  return row!;
}

export async function updateMember(executor: Executor, id: number, patch: Partial<NewMember>): Promise<void> {
  await executor.update(members).set(patch).where(eq(members.id, id));
}

/** Changes a member's status only from the expected one; answers whether it changed. */
export async function moveMemberStatus(executor: Executor, id: number, from: MemberStatus, to: MemberStatus): Promise<boolean> {
  const changed = await executor.update(members)
    .set({ status: to, ...(to === 'active' ? { approvedAt: sql`now()` } : {}) })
    .where(and(eq(members.id, id), eq(members.status, from)))
    .returning({ id: members.id });
  return changed.length > 0;
}

const recommender = alias(members, 'recommender');

/** What the member sees of themselves, without money (which comes from the ledger). */
export async function memberProfile(executor: Executor, id: number) {
  const [row] = await executor.select({
    memId: members.memId,
    memNick: members.memNick,
    memName: members.memName,
    memLevel: members.memLevel,
    memPhone: members.memPhone,
    bankacc: members.bankacc,
    isPartner: members.isPartner,
    bankName: sql<string>`coalesce(${banks.nameKr}, '')`,
    recommenderId: recommender.memId,
  }).from(members)
    .leftJoin(banks, eq(banks.code, members.bankCode))
    .leftJoin(recommender, eq(recommender.id, members.recommenderId))
    .where(eq(members.id, id));
  return row ?? null;
}

export async function listMembersByStatus(executor: Executor, status: MemberStatus) {
  return executor.select({
    memId: members.memId,
    memNick: members.memNick,
    memPhone: members.memPhone,
    recommenderId: recommender.memId,
    createdAt: members.createdAt,
    status: members.status,
  }).from(members)
    .leftJoin(recommender, eq(recommender.id, members.recommenderId))
    .where(eq(members.status, status))
    .orderBy(asc(members.createdAt), asc(members.id));
}

/** A LIKE pattern matching `fragment` anywhere, its `%`, `_` and backslash taken literally. */
export function containsPattern(fragment: string): string {
  return `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const lastLogin = sql<Date | string | null>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.memberId} = ${members.id})`;

/**
 * The operator's member search: a fragment of the id or nickname (ILIKE, case ignored) or of the phone number
 * (stored as digits: the fragment's digits, when it has any), optionally one status; newest first.
 */
export async function searchMembers(executor: Executor, filter: { q: string; status?: MemberStatus }, limit: number, offset: number) {
  const conditions: (SQL | undefined)[] = [filter.status ? eq(members.status, filter.status) : undefined];
  if (filter.q !== '') {
    const digits = filter.q.replace(/[\s-]/g, '');
    conditions.push(or(
      sql`${members.memId} ilike ${containsPattern(filter.q)}`,
      sql`${members.memNick} ilike ${containsPattern(filter.q)}`,
      /^\d+$/.test(digits) ? sql`${members.memPhone} like ${containsPattern(digits)}` : undefined,
    ));
  }
  const where = and(...conditions);
  const [counted] = await executor.select({ n: count() }).from(members).where(where);
  const rows = await executor.select({
    memId: members.memId, memNick: members.memNick, memPhone: members.memPhone, memLevel: members.memLevel, status: members.status,
    recommenderId: recommender.memId, createdAt: members.createdAt, lastLoginAt: lastLogin,
  }).from(members)
    .leftJoin(recommender, eq(recommender.id, members.recommenderId))
    .where(where).orderBy(desc(members.createdAt), desc(members.id)).limit(limit).offset(offset);
  return { total: Number(counted?.n ?? 0), rows };
}

/** One member as the operator's member page shows them (money comes from the ledger, elsewhere). */
export async function memberOverview(executor: Executor, id: number) {
  const [row] = await executor.select({
    memId: members.memId, memNick: members.memNick, memName: members.memName, memPhone: members.memPhone, memLevel: members.memLevel,
    status: members.status, isPartner: members.isPartner, partnerType: members.partnerType,
    recommenderId: recommender.memId, recommenderIsPartner: recommender.isPartner, recommenderType: recommender.partnerType,
    depositBanned: members.depositBanned, withdrawBanned: members.withdrawBanned,
    createdAt: members.createdAt, approvedAt: members.approvedAt, lastLoginAt: lastLogin,
  }).from(members)
    .leftJoin(recommender, eq(recommender.id, members.recommenderId))
    .where(eq(members.id, id));
  return row ?? null;
}
