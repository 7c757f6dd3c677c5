/**
 * Member calls: sign-up (every §5 rule re-checked), login (captcha, failure limit, one live session
 * per member), member info, token refresh, logout, password changes (limited checks). The balance call is server/games' (it answers game money too).
 */
import type { z } from 'zod';
import type { loginPayload, memberUpdatePayload, signupPayload } from '../../contract/calls';
import { isResultCode, type ResultCode } from '../../contract/codes';
import { CASH_OUT_PASS_PATTERN, checkSignup, NEW_PASS_PATTERN, normalizePhone, type SignupField } from '../../contract/rules';
import { MEMBER_FRAMES } from '../../contract/topics';
import type { LoginAnswer, Member, MemberInfoAnswer, SessionToken } from '../../contract/types';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { findBank, readSiteSettings } from '../etc/queries';
import { unreadCount } from '../messages/queries';
import { Failure } from '../failure';
import { getMemberBalances } from '../money/ledger';
import type { Push } from '../push';
import type { CaptchaService } from '../captcha/service';
import type { GuestContext } from '../http/api';
import { extendSession, type LiveSession, replaceMemberSessions, revokeSession } from '../session/service';
import { type AttemptKey, createAttemptLimiter } from './attempts';
import { createPasswordChecks } from './passwordChecks';
import { hashSecret, verifyDecoy, verifySecret } from './passwords';
import { requireRecommender } from '../partner/line';
import {
  type Duplicate, duplicateFromError, findDuplicate, findMemberById, findMemberByMemId, insertMember, memberProfile, updateMember,
} from './queries';

/** The code a failed §5 rule answers with, by the field it concerns. */
const SIGNUP_CODE_BY_FIELD: Record<SignupField, ResultCode> = {
  memId: 'U101',
  memPass: 'U102',
  memPassCheck: 'U102',
  cashOutPass: 'U103',
  memNick: 'U105',
  memPhone: 'U104',
  recommenderId: 'U112',
  bank: 'U106',
  memName: 'U106',
  bankacc: 'U106',
};

const DUPLICATE_CODE: Record<Duplicate, ResultCode> = { memId: 'U116', memNick: 'U117', memPhone: 'U118', bankacc: 'U119' };

/** The account number as the member's pages show it: the first three and last three digits ('100****456'). */
export function maskAccount(bankacc: string): string {
  if (bankacc.length <= 6) return `${bankacc.slice(0, 1)}${'*'.repeat(Math.max(bankacc.length - 1, 0))}`;
  return `${bankacc.slice(0, 3)}${'*'.repeat(bankacc.length - 6)}${bankacc.slice(-3)}`;
}

export interface MemberDeps {
  db: Db;
  clock: Clock;
  push: Push;
  captcha: CaptchaService;
}

/** Login failures count per member id (without regard to case) and per address, in this order. */
function loginKeys(memId: string, ip: string): [AttemptKey, AttemptKey] {
  return [{ kind: 'loginId', key: memId.trim().toLowerCase() }, { kind: 'loginIp', key: ip }];
}

export function createMemberService({ db, clock, push, captcha }: MemberDeps) {
  const limiter = createAttemptLimiter(db, clock);
  const passwords = createPasswordChecks(db, clock);

  async function memberView(memberId: number): Promise<Member> {
    const profile = await memberProfile(db, memberId);
    if (!profile) throw new Failure('TK001');
    const { cashAmt, pointAmt } = await getMemberBalances(db, memberId);
    return {
      memId: profile.memId,
      memNick: profile.memNick,
      memName: profile.memName,
      cashAmt,
      pointAmt,
      isPartnerMember: profile.isPartner ? 'Y' : 'N',
      memLevel: profile.memLevel,
      memPhone: profile.memPhone,
      bankName: profile.bankName,
      bankacc: maskAccount(profile.bankacc),
      recommenderId: profile.recommenderId,
    };
  }

  /** The recommender a sign-up gets: the site's default when configured, else the one typed. */
  async function recommenderFor(typed: string, siteDefault: string | null): Promise<number> {
    return (await requireRecommender(db, siteDefault ?? typed.trim())).id;
  }

  return {
    async signup(payload: z.output<typeof signupPayload>): Promise<{ memId: string; status: 'pending' }> {
      const settings = await readSiteSettings(db);
      if (!settings.signupOpen) throw new Failure('U115');
      const siteDefault = settings.joinRecommanderId;
      const failure = checkSignup(payload, siteDefault !== null);
      if (failure) {
        // A rule with a code of its own (markup in the nickname: BD005) answers it; the others, their field's.
        const ruleCode = failure.messageId.replace(/^api\./, '');
        throw new Failure(isResultCode(ruleCode) ? ruleCode : SIGNUP_CODE_BY_FIELD[failure.field]);
      }
      if (!(await findBank(db, payload.bank))) throw new Failure('U106');
      const recommenderId = await recommenderFor(payload.recommenderId, siteDefault);

      const candidate = {
        memId: payload.memId,
        memNick: payload.memNick.trim(),
        memPhone: normalizePhone(payload.memPhone),
        bankacc: payload.bankacc,
      };
      const duplicate = await findDuplicate(db, candidate);
      if (duplicate) throw new Failure(DUPLICATE_CODE[duplicate]);

      const [passHash, cashOutPassHash] = await Promise.all([hashSecret(payload.memPass), hashSecret(payload.cashOutPass)]);
      try {
        await insertMember(db, {
          ...candidate,
          bankCode: payload.bank,
          memName: payload.memName.trim(),
          passHash,
          cashOutPassHash,
          recommenderId,
          status: 'pending',
        });
      } catch (error) {
        const lostRace = duplicateFromError(error);
        if (lostRace) throw new Failure(DUPLICATE_CODE[lostRace]);
        throw error;
      }
      return { memId: candidate.memId, status: 'pending' };
    },

    async login(payload: z.output<typeof loginPayload>, { ip, log }: GuestContext): Promise<LoginAnswer> {
      await captcha.consume(payload.captchaId, payload.captcha);
      const [idKey, ipKey] = loginKeys(payload.memId, ip);
      const member = await limiter.check([idKey, ipKey], async (tx) => {
        const found = await findMemberByMemId(tx, payload.memId);
        const passwordOk = found ? await verifySecret(found.passHash, payload.memPass) : (await verifyDecoy(payload.memPass), false);
        if (!found || !passwordOk) return null;
        // A right password forgives the id's earlier failures (the address keeps its count).
        await limiter.forgive(tx, idKey);
        return found;
      });
      if (!member) throw new Failure('U000');
      if (member.status === 'pending') throw new Failure('U001');
      // Rejected accounts stay out; suspended ones may sign in, and the wallet refuses their requests (U0011).
      if (member.status === 'rejected') throw new Failure('LX02');

      const { replaced, session } = await db.transaction((tx) => replaceMemberSessions(tx, clock, member.id, ip));
      // A lost push is not fatal: the replaced client's next balance call answers TK999 anyway.
      await Promise.all(replaced.map((sessionId) =>
        push.publishToSession(sessionId, MEMBER_FRAMES.logout())
          .catch((error: unknown) => log.warn({ err: error, sessionId }, 'LOGOUT push failed'))));

      return {
        member: await memberView(member.id),
        msgInfo: { newMsg: await unreadCount(db, member.id) },
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
      };
    },

    async info(session: LiveSession): Promise<MemberInfoAnswer> {
      return { member: await memberView(session.memberId), msgInfo: { newMsg: await unreadCount(db, session.memberId) } };
    },

    async refreshToken(session: LiveSession): Promise<SessionToken> {
      const expiresAt = await extendSession(db, clock, session.sessionId);
      return { token: session.token, expiresAt: expiresAt.toISOString() };
    },

    async logout(session: LiveSession): Promise<null> {
      await revokeSession(db, clock, session.sessionId, 'logout');
      return null;
    },

    async update(session: LiveSession, change: z.output<typeof memberUpdatePayload>): Promise<null> {
      const member = await findMemberById(db, session.memberId);
      if (!member) throw new Failure('TK001');
      if (change.kind === 'password') {
        await passwords.check('memPass', member.id, member.passHash, change.memPass, 'U201');
        if (!NEW_PASS_PATTERN.test(change.newMemPass)) throw new Failure('U102');
        if (change.newMemPass !== change.newMemPassCheck) throw new Failure('U203');
        await updateMember(db, member.id, { passHash: await hashSecret(change.newMemPass) });
      } else {
        await passwords.check('cashOutPass', member.id, member.cashOutPassHash, change.cashOutPass, 'U202');
        if (!CASH_OUT_PASS_PATTERN.test(change.newCashOutPass)) throw new Failure('U103');
        await updateMember(db, member.id, { cashOutPassHash: await hashSecret(change.newCashOutPass) });
      }
      return null;
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
