/** A session actor wired to controllable fakes, plus the data the session tests share. */
import { createActor, SimulatedClock, type InspectionEvent } from 'xstate';
import type { Balance, LoginAnswer, Member, MemberInfoAnswer, SessionToken } from '../../contract/types';
import { type RealtimeInput, sessionMachine, type TokenInput } from '../../machines/session';
import { fakeCallback, fakePromise } from './support';

export const MEMBER: Member = {
  memId: 'demo01',
  memNick: '한빛',
  memName: '홍길동',
  cashAmt: 150_000,
  pointAmt: 3_000,
  isPartnerMember: 'N',
  memLevel: '1',
  memPhone: '01012345678',
  bankName: '국민은행',
  bankacc: '123456789',
  recommenderId: 'partner01',
};

export const STORED_TOKEN: SessionToken = { token: 'tok-stored', expiresAt: '2030-01-01T02:00:00.000Z' };
export const EXPIRY = Date.parse(STORED_TOKEN.expiresAt);
export const REFRESHED_TOKEN: SessionToken = { token: 'tok-stored', expiresAt: '2030-01-01T04:00:00.000Z' };
export const MEMBER_INFO: MemberInfoAnswer = { member: MEMBER, msgInfo: { newMsg: 2 }, rtSeq: 4 };
export const RELOADED_INFO: MemberInfoAnswer = { member: { ...MEMBER, cashAmt: 99_000 }, msgInfo: { newMsg: 7 }, rtSeq: 9 };
export const LOGIN_ANSWER: LoginAnswer = {
  token: 'tok-login',
  expiresAt: '2030-01-01T02:00:00.000Z',
  member: { ...MEMBER, cashAmt: 10_000 },
  msgInfo: { newMsg: 1 },
  rtSeq: 12,
};

export function startSession(inspect?: (event: InspectionEvent) => void) {
  const restoreToken = fakePromise<SessionToken | null>('restoreToken');
  const loadMember = fakePromise<MemberInfoAnswer, TokenInput>('loadMember');
  const refreshToken = fakePromise<SessionToken, TokenInput>('refreshToken');
  const logout = fakePromise<void, TokenInput>('logout');
  const realtime = fakeCallback<RealtimeInput>('realtime');
  const checkBalance = fakePromise<Balance, TokenInput>('checkBalance');
  const connectionBack = fakePromise<void>('connectionBack');
  /** Time stands still until a test moves it (the balance check waits BALANCE_POLL_MS). */
  const clock = new SimulatedClock();
  /** The side effects the app would perform, in order. */
  const effects: string[] = [];
  const machine = sessionMachine.provide({
    actors: {
      restoreToken: restoreToken.logic,
      loadMember: loadMember.logic,
      refreshToken: refreshToken.logic,
      logout: logout.logic,
      realtime: realtime.logic,
      checkBalance: checkBalance.logic,
      connectionBack: connectionBack.logic,
    },
    actions: {
      storeToken: (_, token) => { effects.push(`storeToken ${token.token} ${token.expiresAt}`); },
      clearToken: () => { effects.push('clearToken'); },
      navigateHome: () => { effects.push('navigateHome'); },
      navigateWarning: () => { effects.push('navigateWarning'); },
      announceGameDown: () => { effects.push('announceGameDown'); },
    },
  });
  const actor = createActor(machine, { inspect, clock });
  actor.start();
  return { actor, clock, restoreToken, loadMember, refreshToken, logout, realtime, checkBalance, connectionBack, effects };
}
