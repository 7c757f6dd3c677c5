/** SQL of the member's messages and their retention. */
import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { MESSAGE_RETENTION_DEFAULT, type Message, type MessageItem, type MessageRetention } from '../../contract/support';
import type { Executor } from '../db/client';
import { members, messages, messageSettings } from '../db/schema';
import { historyPage } from '../wallet/history';

type MessageRow = typeof messages.$inferSelect;

export function messageItem(row: MessageRow): MessageItem {
  return {
    msgIdx: row.id,
    title: row.title,
    readYn: row.readAt ? 'Y' : 'N',
    regDate: row.createdAt.toISOString(),
    readDate: row.readAt?.toISOString() ?? null,
  };
}

export function messageView(row: MessageRow): Message {
  return { ...messageItem(row), content: row.content };
}

export async function unreadCount(executor: Executor, memberId: number): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(messages).where(and(eq(messages.memberId, memberId), isNull(messages.readAt)));
  return Number(row?.n ?? 0);
}

export async function messagePage(executor: Executor, memberId: number, page: number) {
  return historyPage(executor, messages, messages.createdAt, eq(messages.memberId, memberId), page);
}

export async function memberMessages(executor: Executor, memberId: number, ids: readonly number[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return executor.select().from(messages).where(and(eq(messages.memberId, memberId), inArray(messages.id, [...ids])));
}

export async function markRead(executor: Executor, memberId: number, id: number, now: Date): Promise<MessageRow | null> {
  await executor.update(messages).set({ readAt: now }).where(and(eq(messages.id, id), eq(messages.memberId, memberId), isNull(messages.readAt)));
  const [row] = await memberMessages(executor, memberId, [id]);
  return row ?? null;
}

export async function deleteMessages(executor: Executor, memberId: number, ids: readonly number[]): Promise<number> {
  const deleted = await executor.delete(messages).where(and(eq(messages.memberId, memberId), inArray(messages.id, [...ids])))
    .returning({ id: messages.id });
  return deleted.length;
}

/** Who an operator message goes to: one member, every member of a level, or everyone (signed-up members not rejected). */
export type Recipients = { kind: 'member'; memberId: number } | { kind: 'level'; level: string } | { kind: 'all' };

function recipientsWhere(recipients: Recipients, now: Date): SQL | undefined {
  // Bulk (marketing) messages never reach a member in a time-out or self-exclusion (member protection).
  const reachable = and(inArray(members.status, ['active', 'suspended']), sql`not exists (select 1 from protection_breaks b
    where b.member_id = ${members.id} and b.starts_at <= ${now.toISOString()}::timestamptz and b.ends_at > ${now.toISOString()}::timestamptz)`);
  if (recipients.kind === 'member') return eq(members.id, recipients.memberId);
  if (recipients.kind === 'level') return and(reachable, eq(members.memLevel, recipients.level));
  return reachable;
}

/** Writes one message per recipient; answers who got one. */
export async function insertMessages(
  executor: Executor, recipients: Recipients, message: { title: string; content: string }, now: Date,
): Promise<{ memberId: number; memId: string }[]> {
  const targets = await executor.select({ memberId: members.id, memId: members.memId }).from(members).where(recipientsWhere(recipients, now));
  if (targets.length === 0) return [];
  await executor.insert(messages).values(targets.map(({ memberId }) => ({ memberId, ...message, createdAt: now })));
  return targets;
}

export async function readRetention(executor: Executor): Promise<MessageRetention> {
  const [row] = await executor.select().from(messageSettings).where(eq(messageSettings.id, 1));
  return row ? { maxDays: row.maxDays, maxItems: row.maxItems } : MESSAGE_RETENTION_DEFAULT;
}

export async function writeRetention(executor: Executor, retention: MessageRetention): Promise<void> {
  await executor.insert(messageSettings).values({ id: 1, ...retention })
    .onConflictDoUpdate({ target: messageSettings.id, set: retention });
}

/**
 * Retention (SPEC §9): messages older than maxDays go, and beyond the newest maxItems of a member the
 * oldest go first. `memberIds` limits it to those members (undefined: everyone).
 */
export async function pruneMessages(executor: Executor, retention: MessageRetention, now: Date, memberIds?: readonly number[]): Promise<void> {
  const scope = memberIds ? inArray(messages.memberId, [...memberIds]) : sql`true`;
  const oldest = new Date(now.getTime() - retention.maxDays * 86_400_000);
  await executor.delete(messages).where(and(scope, sql`${messages.createdAt} < ${oldest.toISOString()}`));
  await executor.execute(sql`
    delete from ${messages} where ${messages.id} in (
      select id from (
        select ${messages.id} as id, row_number() over (partition by ${messages.memberId} order by ${messages.createdAt} desc, ${messages.id} desc) as n
        from ${messages} where ${scope}
      ) ranked where ranked.n > ${retention.maxItems}
    )`);
}
