/**
 * What a partner call works within: the signed-in partner and their own lower members, the members
 * below them in the partner line (line.ts: recommended by them, or by one of their lower members).
 * Every query a partner route makes about members goes through `covers`, so no partner reaches a
 * member outside their line; one outside it looks exactly like one that does not exist.
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { members } from '../db/schema';
import { Failure } from '../failure';
import type { MemberRef, MemberRow } from '../money/memberLock';
import { membersBelow } from './line';

export interface LowerMember {
  memberId: number;
  memId: string;
  memNick: string;
  status: MemberRow['status'];
  isPartner: boolean;
  /** The member who recommended them: the partner or one of the partner's lower members. */
  recommenderId: number;
  createdAt: Date;
}

export interface PartnerScope {
  /** The signed-in partner. */
  readonly member: MemberRef;
  /** A condition: `memberIdColumn` (a member id) is one of the partner's lower members. */
  covers(memberIdColumn: AnyPgColumn): SQL;
  /** The partner's lower members, newest first. */
  lowerMembers(): Promise<LowerMember[]>;
  /** One lower member by id, or null (also for a member outside the partner's line). */
  findLowerMember(memId: string): Promise<MemberRow | null>;
}

/** The scope of the signed-in member's partner call; PT001 when they are not a partner. */
export async function partnerScope(db: Executor, memberId: number): Promise<PartnerScope> {
  const [partner] = await db.select().from(members).where(eq(members.id, memberId));
  if (!partner?.isPartner) throw new Failure('PT001');
  const covers = (memberIdColumn: AnyPgColumn) => sql`${memberIdColumn} in ${membersBelow(partner.id)}`;
  return {
    member: { memberId: partner.id, memId: partner.memId },
    covers,
    async lowerMembers() {
      const rows = await db.select({
        memberId: members.id, memId: members.memId, memNick: members.memNick, status: members.status,
        isPartner: members.isPartner, recommenderId: members.recommenderId, createdAt: members.createdAt,
      }).from(members).where(covers(members.id)).orderBy(desc(members.createdAt), desc(members.id));
      return rows.map((row) => ({ ...row, recommenderId: row.recommenderId! }));
    },
    async findLowerMember(memId) {
      const [row] = await db.select().from(members).where(and(sql`lower(${members.memId}) = lower(${memId})`, covers(members.id)));
      return row ?? null;
    },
  };
}
