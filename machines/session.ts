/**
 * The member session (SPEC §4): restoring a stored token, signing in, keeping the token fresh,
 * reacting to real-time commands and balance checks, and every way of falling back to guest.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { TOKEN_REFRESH_BEFORE_MS } from '../contract/constants';
import type { Balance, LoginAnswer, Member, MemberInfoAnswer, SessionToken } from '../contract/types';
import { resultCodeOf } from './errors';
import { callbackNotProvided, promiseNotProvided } from './notProvided';

export interface SessionContext {
  token: string | null;
  expiresAt: string | null;
  member: Member | null;
  newMsg: number;
  /** Message id to alert (e.g. 'api.TK999'), never translated text. */
  notice: string | null;
  /** When the last game-down command arrived (ms since epoch); screens react to its change. */
  gameDownAt: number | null;
}

/** `now` (ms since epoch) is optional on time-dependent events so tests can pin the clock. */
export type SessionEvent =
  | { type: 'session.login'; answer: LoginAnswer }
  | { type: 'session.logout' }
  | { type: 'session.sync'; force?: boolean; now?: number }
  | { type: 'socket.message'; cmd: string; data1: string | number | null; data2: string | number | null; now?: number }
  | { type: 'socket.reconnected' }
  | { type: 'balance.updated'; balance: Balance }
  /** A money call answered the member's balances (the header follows at once, before any push). */
  | { type: 'balances.answered'; cashAmt: number; pointAmt: number }
  | { type: 'balance.duplicate' }
  | { type: 'session.expired' }
  | { type: 'notice.dismiss' };

export interface TokenInput {
  token: string;
}

export const NOTICE_DUPLICATE_LOGIN = 'api.TK999';
export const NOTICE_SESSION_EXPIRED = 'front.error.afterSignin';

/** True when the token must be refreshed: forced, unknown expiry, or TOKEN_REFRESH_BEFORE_MS or less left. */
export function needsTokenRefresh(expiresAt: string | null, now: number, force = false): boolean {
  if (force) return true;
  const expiry = expiresAt === null ? Number.NaN : Date.parse(expiresAt);
  if (Number.isNaN(expiry)) return true;
  return expiry - now <= TOKEN_REFRESH_BEFORE_MS;
}

/** LOCK_BET_YN announces a game-down event unless it says "not locked" (data1 N, data2 Y). */
export function isGameDownMessage(data1: unknown, data2: unknown): boolean {
  return !(String(data1) === 'N' && String(data2) === 'Y');
}

/** A pushed amount or count as an integer; null for anything unreadable (the old value then stays). */
function toCount(value: string | number | null): number | null {
  if (value === null || value === '') return null;
  const count = Number(value);
  return Number.isFinite(count) ? Math.trunc(count) : null;
}

/** Forget the session: the stored token and everything the machine knew about the member. */
const forgetAll = ['clearToken', 'forgetSession'] as const;
/** Forget the session and go to the main page. */
const leaveSession = [...forgetAll, 'navigateHome'] as const;
const expireSession = [...leaveSession, { type: 'setNotice', params: { messageId: NOTICE_SESSION_EXPIRED } }] as const;

/** Guard for an invoke's onError: did the server refuse, or did no answer come? */
const refusedByServer = {
  type: 'isRefusedByServer',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

const signedOut = {
  token: null,
  expiresAt: null,
  member: null,
  newMsg: 0,
  gameDownAt: null,
} satisfies Omit<SessionContext, 'notice'>;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    restoreToken: promiseNotProvided<SessionToken | null>('restoreToken'),
    loadMember: promiseNotProvided<MemberInfoAnswer, TokenInput>('loadMember'),
    refreshToken: promiseNotProvided<SessionToken, TokenInput>('refreshToken'),
    logout: promiseNotProvided<void, TokenInput>('logout'),
    realtime: callbackNotProvided<TokenInput>('realtime'),
    balancePoll: callbackNotProvided<TokenInput>('balancePoll'),
  },
  actions: {
    storeToken: (_, _params: SessionToken) => {},
    clearToken: () => {},
    navigateHome: () => {},
    navigateWarning: () => {},
    announceGameDown: () => {},
    forgetSession: assign(signedOut),
    setNotice: assign((_, params: { messageId: string }) => ({ notice: params.messageId })),
    dismissNotice: assign({ notice: null }),
    applyMemberInfo: assign((_, info: MemberInfoAnswer) => ({ member: info.member, newMsg: info.msgInfo.newMsg })),
    applyToken: assign((_, token: SessionToken) => ({ token: token.token, expiresAt: token.expiresAt })),
    applyCash: assign(({ context }, params: { cash: number | null; points?: number | null }) => ({
      member: context.member && {
        ...context.member,
        cashAmt: params.cash ?? context.member.cashAmt,
        pointAmt: params.points ?? context.member.pointAmt,
      },
    })),
    applyUnread: assign(({ context }, params: { newMsg: number | null }) => ({ newMsg: params.newMsg ?? context.newMsg })),
    markGameDown: assign((_, params: { at: number }) => ({ gameDownAt: params.at })),
  },
  guards: {
    hasRestoredToken: (_, token: SessionToken | null) => token !== null && token.token !== '',
    /** The server answered and refused the session (as opposed to no answer: offline, timeout). */
    isRefusedByServer: (_, params: { error: unknown }) => resultCodeOf(params.error) !== null,
    isTokenRefreshDue: ({ context, event }) =>
      event.type === 'session.sync' && needsTokenRefresh(context.expiresAt, event.now ?? Date.now(), event.force),
    isCashCommand: ({ event }) => event.type === 'socket.message' && event.cmd === 'CASH',
    isUnreadCommand: ({ event }) => event.type === 'socket.message' && event.cmd === 'MSG',
    isGameDownCommand: ({ event }) =>
      event.type === 'socket.message' && event.cmd === 'LOCK_BET_YN' && isGameDownMessage(event.data1, event.data2),
    isInspectCommand: ({ event }) => event.type === 'socket.message' && event.cmd === 'INSPECT' && event.data1 === 'Y',
    isLogoutCommand: ({ event }) => event.type === 'socket.message' && event.cmd === 'LOGOUT',
  },
}).createMachine({
  id: 'session',
  context: { ...signedOut, notice: null },
  initial: 'booting',
  on: {
    'notice.dismiss': { actions: 'dismissNotice' },
  },
  states: {
    booting: {
      invoke: {
        id: 'restoreToken',
        src: 'restoreToken',
        onDone: [
          {
            guard: { type: 'hasRestoredToken', params: ({ event }) => event.output },
            target: 'signingIn',
            actions: { type: 'applyToken', params: ({ event }) => event.output! },
          },
          { target: 'guest' },
        ],
        onError: { target: 'guest' },
      },
    },
    guest: {
      on: {
        'session.login': {
          target: 'signedIn',
          actions: [
            { type: 'storeToken', params: ({ event }) => ({ token: event.answer.token, expiresAt: event.answer.expiresAt }) },
            { type: 'applyToken', params: ({ event }) => event.answer },
            { type: 'applyMemberInfo', params: ({ event }) => event.answer },
            'dismissNotice',
          ],
        },
      },
    },
    signingIn: {
      invoke: {
        id: 'loadMember',
        src: 'loadMember',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'applyMemberInfo', params: ({ event }) => event.output },
        },
        onError: [
          { guard: refusedByServer, target: 'guest', actions: [...leaveSession] },
          // Offline start: a guest for now, but the stored token stays for the next start.
          { target: 'guest', actions: 'forgetSession' },
        ],
      },
    },
    signedIn: {
      invoke: [
        { id: 'realtime', src: 'realtime', input: ({ context }) => ({ token: context.token ?? '' }) },
        { id: 'balancePoll', src: 'balancePoll', input: ({ context }) => ({ token: context.token ?? '' }) },
      ],
      initial: 'active',
      on: {
        'socket.message': [
          {
            guard: 'isCashCommand',
            actions: {
              type: 'applyCash',
              params: ({ event }) => ({ cash: toCount(event.data1), points: toCount(event.data2) }),
            },
          },
          {
            guard: 'isUnreadCommand',
            actions: { type: 'applyUnread', params: ({ event }) => ({ newMsg: toCount(event.data1) }) },
          },
          {
            guard: 'isGameDownCommand',
            actions: ['announceGameDown', { type: 'markGameDown', params: ({ event }) => ({ at: event.now ?? Date.now() }) }],
          },
          { guard: 'isInspectCommand', target: 'inspect' },
          { guard: 'isLogoutCommand', target: 'duplicateLogin' },
        ],
        'balance.updated': {
          actions: { type: 'applyCash', params: ({ event }) => ({ cash: event.balance.balance }) },
        },
        'balances.answered': {
          actions: { type: 'applyCash', params: ({ event }) => ({ cash: event.cashAmt, points: event.pointAmt }) },
        },
        'balance.duplicate': { target: 'duplicateLogin' },
        'session.expired': {
          target: 'guest',
          actions: [...expireSession],
        },
        'session.logout': { target: 'signingOut' },
      },
      states: {
        active: {
          on: {
            'session.sync': { guard: 'isTokenRefreshDue', target: 'refreshingToken' },
            // The socket was down for a while: re-read what may have changed meanwhile.
            'socket.reconnected': { target: 'reloadingMember' },
          },
        },
        refreshingToken: {
          invoke: {
            id: 'refreshToken',
            src: 'refreshToken',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: {
              target: 'active',
              actions: [
                { type: 'storeToken', params: ({ event }) => event.output },
                { type: 'applyToken', params: ({ event }) => event.output },
              ],
            },
            onError: [
              // A token the server will not extend is as good as expired.
              { guard: refusedByServer, target: '#session.guest', actions: [...expireSession] },
              // No answer: keep the session and try again at the next route change.
              { target: 'active' },
            ],
          },
        },
        reloadingMember: {
          invoke: {
            id: 'loadMember',
            src: 'loadMember',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: {
              target: 'active',
              actions: { type: 'applyMemberInfo', params: ({ event }) => event.output },
            },
            onError: [
              { guard: refusedByServer, target: '#session.guest', actions: [...leaveSession] },
              // No answer: keep what we know; the next reconnect reads again.
              { target: 'active' },
            ],
          },
        },
      },
    },
    /** Another login replaced this session (TK999 from the balance check, or a LOGOUT push). */
    duplicateLogin: {
      entry: [...leaveSession, { type: 'setNotice', params: { messageId: NOTICE_DUPLICATE_LOGIN } }],
      always: { target: 'guest' },
    },
    /** INSPECT Y: the site went into maintenance. */
    inspect: {
      entry: [...forgetAll, 'navigateWarning'],
      always: { target: 'guest' },
    },
    signingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.token ?? '' }),
        // The member asked to leave: a failed logout call must not keep them signed in.
        onDone: { target: 'guest', actions: [...leaveSession] },
        onError: { target: 'guest', actions: [...leaveSession] },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectMember = (snapshot: SessionSnapshot): Member | null => snapshot.context.member;
export const selectIsSignedIn = (snapshot: SessionSnapshot): boolean => snapshot.matches('signedIn');
export const selectNewMsg = (snapshot: SessionSnapshot): number => snapshot.context.newMsg;
export const selectNotice = (snapshot: SessionSnapshot): string | null => snapshot.context.notice;
