/** Account inquiries ("계좌문의"): a member asks for the account to pay into; the operator answers. */
import { and, desc, eq } from 'drizzle-orm';
import type { AccountInquiry } from '../../contract/wallet';
import type { Executor } from '../db/client';
import { accountInquiries, members } from '../db/schema';
type InquiryRow = typeof accountInquiries.$inferSelect;

/** The member's waiting inquiry, or a new one: a member has at most one waiting (unique index). */
export async function openInquiry(executor: Executor, memberId: number, now: Date): Promise<InquiryRow> {
  await executor.insert(accountInquiries).values({ memberId, createdAt: now }).onConflictDoNothing();
  const [row] = await executor.select().from(accountInquiries)
    .where(and(eq(accountInquiries.memberId, memberId), eq(accountInquiries.status, 'waiting')));
  return row!;
}

export async function latestInquiry(executor: Executor, memberId: number): Promise<InquiryRow | null> {
  const [row] = await executor.select().from(accountInquiries).where(eq(accountInquiries.memberId, memberId))
    .orderBy(desc(accountInquiries.createdAt), desc(accountInquiries.id)).limit(1);
  return row ?? null;
}

export async function inquiriesByStatus(executor: Executor, status: InquiryRow['status']) {
  return executor.select({ inquiry: accountInquiries, memId: members.memId }).from(accountInquiries)
    .innerJoin(members, eq(members.id, accountInquiries.memberId))
    .where(eq(accountInquiries.status, status))
    .orderBy(desc(accountInquiries.createdAt), desc(accountInquiries.id)).limit(500);
}

export async function answerInquiry(executor: Executor, id: number, answer: string, now: Date): Promise<InquiryRow | null> {
  const [row] = await executor.update(accountInquiries).set({ status: 'answered', answer, answeredAt: now })
    .where(eq(accountInquiries.id, id)).returning();
  return row ?? null;
}

export function inquiryView(row: InquiryRow): AccountInquiry {
  return {
    inquiryId: row.id,
    status: row.status,
    answer: row.answer,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}
