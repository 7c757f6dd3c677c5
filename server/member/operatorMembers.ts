/**
 * What the operator may do with members, and the only member module the operator API calls: find a
 * member by id (U000 when there is none), list and decide sign-ups, restrict a member's money, and
 * check a default recommender. Writes take the operator's transaction, so the audit row commits with them.
 */
import type { MemberStatus, Restrictions } from '../../contract/admin';
import type { Db, Executor, Tx } from '../db/client';
import { Failure } from '../failure';
import type { MemberRef } from '../money/memberLock';
import { requireRecommender } from '../partner/line';
import { findMemberByMemId, listMembersByStatus, memberOverview, type MemberRow, moveMemberStatus, searchMembers, updateMember } from './queries';

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function createOperatorMembers({ db }: { db: Db }) {
  async function requireMember(executor: Executor, memId: string): Promise<MemberRow> {
    const member = await findMemberByMemId(executor, memId);
    if (!member) throw new Failure('U000');
    return member;
  }

  return {
    /** The member a call names (U000 when none); pass the operator's transaction to read inside it. */
    async member(memId: string, executor: Executor = db): Promise<MemberRef> {
      const member = await requireMember(executor, memId);
      return { memberId: member.id, memId: member.memId };
    },

    /** The member search (a fragment of id, nickname or phone; newest first), one page. */
    async search(filter: { q: string; status?: MemberStatus }, limit: number, offset: number) {
      const { total, rows } = await searchMembers(db, filter, limit, offset);
      return { total, rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), lastLoginAt: isoOrNull(row.lastLoginAt) })) };
    },

    /** A member's facts for the operator's member page (U000 when none), with their row id for the money readers. */
    async overview(memId: string) {
      const member = await requireMember(db, memId);
      const row = (await memberOverview(db, member.id))!;
      return { memberId: member.id, ...row, createdAt: row.createdAt.toISOString(), approvedAt: row.approvedAt?.toISOString() ?? null, lastLoginAt: isoOrNull(row.lastLoginAt) };
    },

    async signups(status: MemberStatus) {
      const rows = await listMembersByStatus(db, status);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    /** A pending sign-up approved or rejected; anything not pending answers C503. */
    async decideSignup(tx: Tx, memId: string, to: MemberStatus): Promise<void> {
      const member = await requireMember(tx, memId);
      if (!(await moveMemberStatus(tx, member.id, 'pending', to))) throw new Failure('C503');
    },

    /** Deposit and withdrawal bans, and suspension: only an active member is suspended, only a suspended one let back. */
    /** A member's restrictions as they stand (the audit's before and after of a change). */
    async restrictions(executor: Executor, memId: string): Promise<Required<Restrictions>> {
      const member = await requireMember(executor, memId);
      return { depositBanned: member.depositBanned, withdrawBanned: member.withdrawBanned, suspended: member.status === 'suspended' };
    },

    async restrict(tx: Tx, memId: string, change: Restrictions): Promise<void> {
      const member = await requireMember(tx, memId);
      const patch: Parameters<typeof updateMember>[2] = {};
      if (change.depositBanned !== undefined) patch.depositBanned = change.depositBanned;
      if (change.withdrawBanned !== undefined) patch.withdrawBanned = change.withdrawBanned;
      if (change.suspended === true && member.status === 'active') patch.status = 'suspended';
      if (change.suspended === false && member.status === 'suspended') patch.status = 'active';
      if (Object.keys(patch).length > 0) await updateMember(tx, member.id, patch);
    },

    /** The site's default recommender, checked as any recommender is (U112, U113, U114): their id as stored. */
    async recommender(tx: Tx, memId: string): Promise<string> {
      return (await requireRecommender(tx, memId)).memId;
    },
  };
}

export type OperatorMembers = ReturnType<typeof createOperatorMembers>;
