/**
 * The operator's member reads and the kick (contract/membersAdmin.ts), through the members', wallet's and
 * protection's operator faces and the session module: the search, a member's detail with their balances
 * (the ledger's accounts, never a second balance), their ledger, their sessions; and signing every live
 * session of a member out at once (audited with its reason; LOGOUT pushed to each once committed, as a
 * second login or a break pushes it).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MemberStatus } from '../../contract/admin';
import {
  MEMBER_LEDGER_PAGE_SIZE, MEMBER_SEARCH_PAGE_SIZE, MEMBER_SESSIONS_SHOWN, type MemberDetail, type MemberLedger, type MemberSearch,
  type MemberSessionRow, type SessionsRevoked, type SessionState,
} from '../../contract/membersAdmin';
import { MEMBER_FRAMES } from '../../contract/topics';
import { parseSeoulDateTime } from '../clock';
import type { Db } from '../db/client';
import { Failure } from '../failure';
import { createOperatorMembers } from '../member/operatorMembers';
import type { Push } from '../push';
import type { ProtectionService } from '../protection/service';
import { memberSessionList, revokeMemberSessions } from '../session/service';
import type { OperatorWallet } from '../wallet/operatorWallet';
import type { Audit, OperatorContext } from './audit';

export interface MembersAdminDeps {
  db: Db;
  audit: Audit;
  push: Push;
  wallet: OperatorWallet;
  protection: ProtectionService;
  /** The member's other restrictions, read through the games' and mini games' operator services. */
  bans: { gameLocked: (memberId: number) => Promise<boolean>; miniBetBanned: (memberId: number) => Promise<boolean> };
  log: FastifyBaseLogger;
}

const offsetOf = (page: number, size: number) => (page - 1) * size;

export function createMembersAdminService({ db, audit, push, wallet, protection, bans, log }: MembersAdminDeps) {
  const members = createOperatorMembers({ db });

  return {
    async search(filter: { q: string; status?: MemberStatus; page: number }): Promise<MemberSearch> {
      const { total, rows } = await members.search(filter, MEMBER_SEARCH_PAGE_SIZE, offsetOf(filter.page, MEMBER_SEARCH_PAGE_SIZE));
      return { list: rows, page: filter.page, pageSize: MEMBER_SEARCH_PAGE_SIZE, total };
    },

    async detail(memId: string): Promise<MemberDetail> {
      const member = await members.overview(memId);
      const [balances, info, sessions, gameLocked, miniBetBanned] = await Promise.all([
        wallet.balances(member.memberId), protection.operatorInfo(member.memberId), memberSessionList(db, member.memberId, MEMBER_SESSIONS_SHOWN),
        bans.gameLocked(member.memberId), bans.miniBetBanned(member.memberId),
      ]);
      const partnerLevel = (isPartner: boolean | null, type: string | null) => (isPartner ? type : null);
      return {
        memId: member.memId, memNick: member.memNick, memName: member.memName, memPhone: member.memPhone, memLevel: member.memLevel,
        status: member.status, partnerLevel: partnerLevel(member.isPartner, member.partnerType),
        recommender: member.recommenderId ? { memId: member.recommenderId, partnerLevel: partnerLevel(member.recommenderIsPartner, member.recommenderType) } : null,
        createdAt: member.createdAt, approvedAt: member.approvedAt, lastLoginAt: member.lastLoginAt,
        liveSessions: sessions.filter((s) => s.live).length,
        balances,
        restrictions: {
          depositBanned: member.depositBanned, withdrawBanned: member.withdrawBanned, suspended: member.status === 'suspended',
          gameLocked, miniBetBanned,
        },
        protection: { limitsInForce: info.limits.filter((l) => l.amount !== null).length, breakEndsAt: info.activeBreak?.endsAt ?? null },
      };
    },

    /** Seoul dates, both ends inclusive (R003 for a date that does not exist or a reversed range). */
    async ledger(memId: string, query: { from?: string; to?: string; page: number }): Promise<MemberLedger> {
      const from = query.from === undefined ? null : parseSeoulDateTime(query.from);
      const to = query.to === undefined ? null : parseSeoulDateTime(query.to, true);
      if ((query.from !== undefined && !from) || (query.to !== undefined && !to) || (from && to && from > to)) {
        throw new Failure('R003', 'from and to: existing dates, from not after to');
      }
      const member = await members.member(memId);
      const { total, rows } = await wallet.ledger(member.memberId, { from, to }, MEMBER_LEDGER_PAGE_SIZE, offsetOf(query.page, MEMBER_LEDGER_PAGE_SIZE));
      return {
        list: rows.map((row) => ({ ...row, at: row.at.toISOString() })), page: query.page, pageSize: MEMBER_LEDGER_PAGE_SIZE, total,
      };
    },

    async sessions(memId: string): Promise<{ list: MemberSessionRow[] }> {
      const member = await members.member(memId);
      const rows = await memberSessionList(db, member.memberId, MEMBER_SESSIONS_SHOWN);
      const iso = (value: Date | string) => new Date(value).toISOString();
      return {
        list: rows.map((row) => ({
          sessionId: row.sessionId, createdAt: iso(row.createdAt), lastSeenAt: iso(row.lastSeenAt), ip: row.ip, userAgent: row.userAgent,
          state: (row.live ? 'live' : (row.revokedReason ?? 'expired')) as SessionState, revokedAt: row.revokedAt ? iso(row.revokedAt) : null,
        })),
      };
    },

    /** The kick: every live session of the member revoked in one statement, audited with the reason; LOGOUT to each once committed. */
    async revokeSessions(ctx: OperatorContext, memId: string, reason: string): Promise<SessionsRevoked> {
      const member = await members.member(memId);
      const revoked = await db.transaction(async (tx) => {
        const ids = await revokeMemberSessions(tx, member.memberId, 'operator');
        await audit.write(tx, ctx, { action: 'member.sessions.revoke', target: member.memId, reason, detail: { sessions: ids.length } });
        return ids;
      });
      // A lost push is not fatal: the revoked session's next call answers TK001 anyway.
      await Promise.all(revoked.map((sessionId) => push.publishToSession(sessionId, MEMBER_FRAMES.logout())
        .catch((error: unknown) => log.warn({ err: error, sessionId }, 'LOGOUT push failed'))));
      return { revoked: revoked.length };
    },
  };
}

export type MembersAdminService = ReturnType<typeof createMembersAdminService>;
