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
 * Today both questions are recursive queries over members.recommender_id, in the database, never a
 * walk in JavaScript. Issue 21's closure table (ancestor, member, depth; indexed both ways) replaces the
 * two bodies below with one indexed lookup each, and nothing that uses them changes.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { members } from '../db/schema';
import { Failure } from '../failure';
import { findMemberByMemId, type MemberRow } from '../member/queries';

/** The ids of every member below `partnerId` (UNION also ends a cycle, should one ever be written). */
export function membersBelow(partnerId: number): SQL {
  return sql`(with recursive below(id) as (
    select ${members.id} from ${members} where ${members.recommenderId} = ${partnerId}
    union
    select m.id from ${members} m join below b on m.recommender_id = b.id
  ) select id from below)`;
}

/**
 * Whether `memberId` is in `headId`'s line: the head itself, or below it. It walks up from the member,
 * so it reads as many rows as the member is deep (a handful), however large the line.
 */
export async function isInLineOf(executor: Executor, headId: number, memberId: number): Promise<boolean> {
  const result = await executor.execute(sql`with recursive above(id, recommender_id) as (
      select ${members.id}, ${members.recommenderId} from ${members} where ${members.id} = ${memberId}
      union
      select m.id, m.recommender_id from ${members} m join above a on m.id = a.recommender_id
    ) select exists (select 1 from above where id = ${headId}) as inside`);
  return (result as unknown as { rows: { inside: boolean }[] }).rows[0]?.inside === true;
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
