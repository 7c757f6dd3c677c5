/**
 * The member session (SPEC §4): restoring a stored token, signing in, keeping the token fresh,
 * reacting to real-time events and balance checks, and every way of falling back to guest. While
 * signed in it also owns child actors (e.g. a game window), which stop when it leaves signed-in.
 */
import {
  assign, enqueueActions, setup, type AnyActorLogic, type AnyActorRef, type SnapshotFrom,
} from 'xstate';
import { BALANCE_POLL_MS, TOKEN_REFRESH_BEFORE_MS } from '../contract/constants';
import type { ResultCode } from '../contract/codes';
import type { Balance, LoginAnswer, Member, MemberInfoAnswer, SessionToken } from '../contract/types';
import type { CashStatus } from '../contract/wallet';
import { answeredCode } from './answeredCode';
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
  /**
   * Won at the game vendor (the balance call's gameMoney): shown beside integrated money while above 0.
   * Null until this session's first balance answer: the member's money is not known until then (cash
   * alone reads 0 while everything sits in a game).
   */
  gameMoney: number | null;
  /** The member's real-time sequence read with the member (the member topic starts after it); null while unknown. */
  rtSeq: number | null;
  /** Child actors started with `session.spawnChild`, by id; stopped when the session leaves signed-in. */
  children: Record<string, AnyActorRef>;
}

/**
 * The real-time edge's typed events (src/realtime/events.ts, which the app checks against this list):
 * the session receives them as its own. `now` (ms since epoch) lets tests pin the clock.
 */
export type SessionRealtimeEvent =
  | { type: 'cash.pushed'; cashAmt: number | null; pointAmt: number | null }
  | { type: 'msg.unread'; count: number | null; arrived?: boolean }
  | { type: 'game.down'; now?: number }
  | { type: 'site.inspect' }
  | { type: 'session.replaced' }
  | { type: 'cash.requestChanged'; requestId: number; status: CashStatus }
  | { type: 'realtime.reconnected' };

/** `now` (ms since epoch) is optional on time-dependent events so tests can pin the clock. */
export type SessionEvent =
  | { type: 'session.login'; answer: LoginAnswer }
  | { type: 'session.logout' }
  | { type: 'session.sync'; force?: boolean; now?: number }
  | SessionRealtimeEvent
  /** A money call answered the member's balances (the header follows at once, before any push). */
  | { type: 'balances.answered'; cashAmt: number; pointAmt: number; gameMoney?: number }
  /** Start a child actor owned by the signed-in session (replacing a running child of the same id). */
  | { type: 'session.spawnChild'; id: string; logic: AnyActorLogic; input?: unknown }
  | { type: 'session.stopChild'; id: string }
  | { type: 'notice.dismiss' };

export interface TokenInput {
  token: string;
}

/** The member topic of `token`, from the events after `since` (the rtSeq read with the member). */
export interface RealtimeInput extends TokenInput {
  since: number | null;
}

export const NOTICE_DUPLICATE_LOGIN = 'api.TK999';
export const NOTICE_SESSION_EXPIRED = 'front.error.afterSignin';
/** How often a stored session is asked about again while the server gives no answer (the browser may not tell). */
export const RESTORE_RETRY_MS = 30_000;

/** True when the token must be refreshed: forced, unknown expiry, or TOKEN_REFRESH_BEFORE_MS or less left. */
export function needsTokenRefresh(expiresAt: string | null, now: number, force = false): boolean {
  if (force) return true;
  const expiry = expiresAt === null ? Number.NaN : Date.parse(expiresAt);
  if (Number.isNaN(expiry)) return true;
  return expiry - now <= TOKEN_REFRESH_BEFORE_MS;
}

/** Forget the session: the stored token and everything the machine knew about the member. */
const forgetAll = ['clearToken', 'forgetSession'] as const;
/** Forget the session and go to the main page. */
const leaveSession = [...forgetAll, 'navigateHome'] as const;
/** After a sign-out, whose token was forgotten as it began. */
const leaveSignedOut = ['forgetSession', 'navigateHome'] as const;
const expireSession = [...leaveSession, { type: 'setNotice', params: { messageId: NOTICE_SESSION_EXPIRED } }] as const;

/** Guard for an invoke's onError: did the server refuse, or did no answer come? */
const refusedByServer = {
  type: 'isRefusedByServer',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

/** Guard for the balance check's onError: did the server answer this result code? */
const answered = (code: ResultCode) => ({
  type: 'isAnswered',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, code }),
} as const);

const signedOut = {
  token: null,
  expiresAt: null,
  member: null,
  newMsg: 0,
  gameDownAt: null,
  gameMoney: null,
  rtSeq: null,
} satisfies Omit<SessionContext, 'notice' | 'children'>;

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
    /** Delivers the real-time edge's typed events for the member of the token while it runs. */
    realtime: callbackNotProvided<RealtimeInput>('realtime'),
    checkBalance: promiseNotProvided<Balance, TokenInput>('checkBalance'),
    /** Settles when the browser says the connection is back. */
    connectionBack: promiseNotProvided<void>('connectionBack'),
  },
  delays: {
    /** SPEC §9: the balance is checked this often while signed in. */
    balancePoll: BALANCE_POLL_MS,
    /** A kept session the server could not be asked about is asked again this often. */
    restoreRetry: RESTORE_RETRY_MS,
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
    applyMemberInfo: assign((_, info: MemberInfoAnswer) => ({ member: info.member, newMsg: info.msgInfo.newMsg, rtSeq: info.rtSeq })),
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
    applyGameMoney: assign(({ context }, params: { gameMoney: number | undefined }) => ({ gameMoney: params.gameMoney ?? context.gameMoney })),

  },
  guards: {
    hasRestoredToken: (_, token: SessionToken | null) => token !== null && token.token !== '',
    /** The server answered and refused the session (as opposed to no answer: offline, timeout). */
    isRefusedByServer: (_, params: { error: unknown }) => answeredCode(params.error) !== null,
    isTokenRefreshDue: ({ context, event }) =>
      event.type === 'session.sync' && needsTokenRefresh(context.expiresAt, event.now ?? Date.now(), event.force),
    isAnswered: (_, params: { error: unknown; code: ResultCode }) => answeredCode(params.error) === params.code,
  },
}).createMachine({
  id: 'session',
  context: { ...signedOut, notice: null, children: {} },
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
          // No answer (offline start): still the member's session, asked again when the connection returns.
          { target: 'unreachable' },
        ],
      },
    },
    /**
     * A stored session the server could not be asked about (no connection): neither a member's nor a
     * guest's yet. The token stays; the member is loaded again when the connection returns.
     */
    unreachable: {
      invoke: { id: 'connectionBack', src: 'connectionBack', onDone: { target: 'signingIn' } },
      after: { restoreRetry: { target: 'signingIn' } },
      on: { 'session.logout': { target: 'signingOut' } },
    },
    signedIn: {
      type: 'parallel',
      invoke: { id: 'realtime', src: 'realtime', input: ({ context }) => ({ token: context.token ?? '', since: context.rtSeq }) },
      exit: enqueueActions(({ context, enqueue }) => {
        for (const child of Object.values(context.children)) {
          // Told first, so a game window closes itself before it stops.
          enqueue.sendTo(child, { type: 'session.ended' });
          enqueue.stopChild(child);
        }
        enqueue.assign({ children: {} });
      }),
      on: {
        'cash.pushed': {
          actions: { type: 'applyCash', params: ({ event }) => ({ cash: event.cashAmt, points: event.pointAmt }) },
        },
        'msg.unread': {
          actions: { type: 'applyUnread', params: ({ event }) => ({ newMsg: event.count }) },
        },
        'game.down': {
          actions: [
            'announceGameDown',
            { type: 'markGameDown', params: ({ event }) => ({ at: event.now ?? Date.now() }) },
            // The game window closes its game with a message.
            enqueueActions(({ context, enqueue }) => {
              for (const child of Object.values(context.children)) enqueue.sendTo(child, { type: 'game.down' });
            }),
          ],
        },
        'site.inspect': { target: 'inspect' },
        'session.replaced': { target: 'duplicateLogin' },
        'balances.answered': {
          actions: [
            { type: 'applyCash', params: ({ event }) => ({ cash: event.cashAmt, points: event.pointAmt }) },
            { type: 'applyGameMoney', params: ({ event }) => ({ gameMoney: event.gameMoney }) },
          ],
        },
        'session.spawnChild': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const running = context.children[event.id];
            if (running) enqueue.stopChild(running);
            enqueue.assign({
              children: ({ spawn }) => ({ ...context.children, [event.id]: spawn(event.logic, { input: event.input }) }),
            });
          }),
        },
        'session.stopChild': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const { [event.id]: running, ...others } = context.children;
            if (!running) return;
            enqueue.stopChild(running);
            enqueue.assign({ children: others });
          }),
        },
        'session.logout': { target: 'signingOut' },
      },
      states: {
        /** The token and what the session knows of the member. */
        member: {
          initial: 'active',
          states: {
            active: {
              on: {
                'session.sync': { guard: 'isTokenRefreshDue', target: 'refreshingToken' },
                // The socket was down for a while: re-read what may have changed meanwhile.
                'realtime.reconnected': { target: 'reloadingMember' },
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
        /**
         * The balance check, at once on signing in (the header waits for it) and then every BALANCE_POLL_MS:
         * it also tells when another login replaced this one.
         */
        balance: {
          initial: 'checking',
          states: {
            waiting: {
              after: { balancePoll: { target: 'checking' } },
            },
            checking: {
              invoke: {
                id: 'checkBalance',
                src: 'checkBalance',
                input: ({ context }) => ({ token: context.token ?? '' }),
                onDone: {
                  target: 'waiting',
                  actions: [
                    { type: 'applyCash', params: ({ event }) => ({ cash: event.output.balance }) },
                    { type: 'applyGameMoney', params: ({ event }) => ({ gameMoney: event.output.gameMoney }) },
                  ],
                },
                onError: [
                  { guard: answered('TK999'), target: '#session.duplicateLogin' },
                  { guard: answered('TK001'), target: '#session.guest', actions: [...expireSession] },
                  // Any other failure waits for the next check.
                  { target: 'waiting' },
                ],
              },
            },
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
      // The browser forgets the token at once: a reload (or a page left) while the call is under way must
      // not find it and sign the member back in.
      entry: 'clearToken',
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.token ?? '' }),
        // The member asked to leave: a failed logout call must not keep them signed in.
        onDone: { target: 'guest', actions: [...leaveSignedOut] },
        onError: { target: 'guest', actions: [...leaveSignedOut] },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectMember = (snapshot: SessionSnapshot): Member | null => snapshot.context.member;
export const selectIsSignedIn = (snapshot: SessionSnapshot): boolean => snapshot.matches('signedIn');
/** A kept session being restored: not yet known to be a member's, nor a guest's. */
export const selectIsRestoring = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches('booting') || snapshot.matches('signingIn') || snapshot.matches('unreachable');
/** A partner member (SPEC §6): the partner link, partner screens. */
export const selectIsPartner = (snapshot: SessionSnapshot): boolean => snapshot.context.member?.isPartnerMember === 'Y';
/** Won at the game vendor; the header shows it while above 0. */
export const selectGameMoney = (snapshot: SessionSnapshot): number => snapshot.context.gameMoney ?? 0;
/** Whether the member's money is known: a balance answer (with its game money) came since signing in. */
export const selectMoneyKnown = (snapshot: SessionSnapshot): boolean => snapshot.context.gameMoney !== null;
export const selectNewMsg = (snapshot: SessionSnapshot): number => snapshot.context.newMsg;
export const selectNotice = (snapshot: SessionSnapshot): string | null => snapshot.context.notice;
