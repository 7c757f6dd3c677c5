/**
 * The partner line, defined once: who is below whom. Every rule that asks about a member's line asks
 * here (the README's "The partner line" says it in words):
 * - a member is below the partner who recommended them, and below every member that partner is below:
 *   the recommender chain, at any depth (head office > main office > sub office > distributor > store >
 *   member; only partners recommend, U113);
 * - a partner's line is the partner and every member below them;
 * - a member belongs to the line of their partner (their recommender); one with no recommender heads
 *   their own.
 * Used by the partner scope (partner/scope.ts: a partner reaches only members below them), by
 * transfers (wallet/transfersService.ts: a member gives only within their partner's line) and by
 * sign-up and the site's default recommender (who may head members: `requireRecommender`).
 *
 * Both questions are one indexed read of the closure table `partner_tree` (ancestor, descendant, depth;
 * kept by a trigger on members.recommender_id, migration 0019): "everyone below X" by its primary key,
 * "the chain above Y" by its descendant index.
 */
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { partnerTree } from '../db/schema';
import { Failure } from '../failure';
import { findMemberByMemId, type MemberRow } from '../member/queries';

/** The ids of every member below `partnerId`. */
export function membersBelow(partnerId: number): SQL {
  return sql`(select ${partnerTree.descendantId} from ${partnerTree} where ${partnerTree.ancestorId} = ${partnerId} and ${partnerTree.depth} > 0)`;
}

/** Whether `memberId` is in `headId`'s line: the head itself, or below it. */
export async function isInLineOf(executor: Executor, headId: number, memberId: number): Promise<boolean> {
  const rows = await executor.select({ depth: partnerTree.depth }).from(partnerTree)
    .where(and(eq(partnerTree.ancestorId, headId), eq(partnerTree.descendantId, memberId)));
  return rows.length > 0;
}

/** The partners above `memberId`, nearest first, with their distance (1: the member's recommender). */
export async function chainAbove(executor: Executor, memberId: number): Promise<{ memberId: number; depth: number }[]> {
  return executor.select({ memberId: partnerTree.ancestorId, depth: partnerTree.depth }).from(partnerTree)
    .where(and(eq(partnerTree.descendantId, memberId), gt(partnerTree.depth, 0))).orderBy(partnerTree.depth);
}

/** The head of the line a member belongs to: their partner, or themselves when no one recommended them. */
export function lineHeadOf(member: { id: number; recommenderId: number | null }): number {
  return member.recommenderId ?? member.id;
}

/** Who may head members (a recommender, the site's default one): an active partner; else U112, U113, U114. */
export async function requireRecommender(executor: Executor, memId: string): Promise<MemberRow> {
  const recommender = await findMemberByMemId(executor, memId);
  if (!recommender) throw new Failure('U112');
  if (!recommender.isPartner) throw new Failure('U113');
  if (recommender.status !== 'active') throw new Failure('U114');
  return recommender;
}
