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
import type { Db, Executor } from '../db/client';
import { findBank, readSiteSettings } from '../etc/queries';
import { unreadCount } from '../messages/queries';
import { memberSeq } from '../realtime/memberLog';
import { Failure } from '../failure';
import { getMemberBalances } from '../money/ledger';
import type { Push } from '../push';
import type { CaptchaService } from '../captcha/service';
import type { GuestContext } from '../http/api';
import { extendSession, type LiveSession, replaceMemberSessions, revokeSession } from '../session/service';
import { type AttemptKey, createAttemptLimiter } from './attempts';
import { createPasswordChecks } from './passwordChecks';
import { hashCashOutPass } from './cashOutPass';
import { hashSecret, verifyDecoy, verifySecret } from './passwords';
import { requireRecommender } from '../partner/line';
import {
  type Duplicate, duplicateFromError, type MemberRow, type NewMember, findDuplicate, findMemberById, findMemberByMemId, insertMember, memberProfile, updateMember,
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

type NewMemberForm = Pick<z.output<typeof signupPayload>, 'memId' | 'memPass' | 'memPassCheck' | 'cashOutPass' | 'memNick' | 'memPhone' | 'bank' | 'memName' | 'bankacc' | 'recommenderId'>;

/**
 * A new member's row from a sign-up form (sign-up, and a partner's /striNew): every §5 rule, the bank,
 * the recommender (`recommender()`, after the rules) and the duplicates checked, the secrets hashed.
 */
export async function newMember(db: Executor, form: NewMemberForm, recommenderFixed: boolean, recommender: () => Promise<number>): Promise<NewMember> {
  const failure = checkSignup(form, recommenderFixed);
  if (failure) {
    // A rule with a code of its own (markup in the nickname: BD005) answers it; the others, their field's.
    const ruleCode = failure.messageId.replace(/^api\./, '');
    throw new Failure(isResultCode(ruleCode) ? ruleCode : SIGNUP_CODE_BY_FIELD[failure.field]);
  }
  if (!(await findBank(db, form.bank))) throw new Failure('U106');
  const recommenderId = await recommender();
  const candidate = { memId: form.memId, memNick: form.memNick.trim(), memPhone: normalizePhone(form.memPhone), bankacc: form.bankacc };
  const duplicate = await findDuplicate(db, candidate);
  if (duplicate) throw new Failure(DUPLICATE_CODE[duplicate]);
  const passHash = await hashSecret(form.memPass);
  const cashOutPassHash = hashCashOutPass(form.cashOutPass);
  return { ...candidate, bankCode: form.bank, memName: form.memName.trim(), passHash, cashOutPassHash, recommenderId };
}

/** Inserts a member made by `newMember`; a duplicate that won a race answers its sign-up code. */
export async function insertNewMember(db: Executor, member: NewMember): Promise<MemberRow> {
  try {
    return await insertMember(db, member);
  } catch (error) {
    const lostRace = duplicateFromError(error);
    if (lostRace) throw new Failure(DUPLICATE_CODE[lostRace]);
    throw error;
  }
}

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

  /** The member, their unread count and the real-time sequence read first (memberLog.ts memberSeq). */
  async function memberState(memberId: number, memId: string): Promise<MemberInfoAnswer> {
    const rtSeq = await memberSeq(db, memId);
    return { member: await memberView(memberId), msgInfo: { newMsg: await unreadCount(db, memberId) }, rtSeq };
  }

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
      const row = await newMember(db, payload, siteDefault !== null, () => recommenderFor(payload.recommenderId, siteDefault));
      await insertNewMember(db, { ...row, status: 'pending' });
      return { memId: payload.memId, status: 'pending' };
    },

    async login(payload: z.output<typeof loginPayload>, { ip, log, userAgent = '' }: GuestContext): Promise<LoginAnswer> {
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

      const { replaced, session } = await db.transaction((tx) => replaceMemberSessions(tx, clock, member.id, ip, userAgent));
      // A lost push is not fatal: the replaced client's next balance call answers TK999 anyway.
      await Promise.all(replaced.map((sessionId) =>
        push.publishToSession(sessionId, MEMBER_FRAMES.logout())
          .catch((error: unknown) => log.warn({ err: error, sessionId }, 'LOGOUT push failed'))));

      return { ...await memberState(member.id, member.memId), token: session.token, expiresAt: session.expiresAt.toISOString() };
    },

    info: (session: LiveSession): Promise<MemberInfoAnswer> => memberState(session.memberId, session.memId),

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
        await updateMember(db, member.id, { cashOutPassHash: hashCashOutPass(change.newCashOutPass) });
      }
      return null;
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
