import { describe, expect, it } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { TOKEN_REFRESH_BEFORE_MS } from '../../contract/constants';
import {
  needsTokenRefresh, selectIsSignedIn, selectMember, selectNewMsg, selectNotice, sessionMachine,
} from '../../machines/session';
import {
  EXPIRY, LOGIN_ANSWER, MEMBER, MEMBER_INFO, RELOADED_INFO, REFRESHED_TOKEN, STORED_TOKEN, startSession,
} from './session.fixtures';
import { flush } from './support';

/** A member restored from a stored token, with member info loaded. */
async function signedInSession() {
  const session = startSession();
  session.restoreToken.current().resolve(STORED_TOKEN);
  await flush();
  session.loadMember.current().resolve(MEMBER_INFO);
  await flush();
  session.effects.length = 0;
  return session;
}

function socket(session: ReturnType<typeof startSession>, cmd: string, data1: string | null, data2: string | null = null) {
  session.realtime.live().sendBack({ type: 'socket.message', cmd, data1, data2, now: 1_000 });
}

describe('sessionMachine: booting', () => {
  it('becomes a guest when no token is stored', async () => {
    const { actor, restoreToken, loadMember } = startSession();
    expect(actor.getSnapshot().value).toBe('booting');
    restoreToken.current().resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toBe('guest');
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
    expect(loadMember.runs).toHaveLength(0);
  });

  it('becomes a guest when the stored token cannot be read', async () => {
    const { actor, restoreToken } = startSession();
    restoreToken.current().reject(new Error('cookie jar broken'));
    await flush();
    expect(actor.getSnapshot().value).toBe('guest');
  });

  it('loads the member with the stored token, then signs in with real time and balance checks running', async () => {
    const { actor, restoreToken, loadMember, realtime, balancePoll } = startSession();
    restoreToken.current().resolve(STORED_TOKEN);
    await flush();
    expect(actor.getSnapshot().value).toBe('signingIn');
    expect(loadMember.current().input).toEqual({ token: 'tok-stored' });
    loadMember.current().resolve(MEMBER_INFO);
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ signedIn: 'active' });
    expect(selectIsSignedIn(snapshot)).toBe(true);
    expect(selectMember(snapshot)).toEqual(MEMBER);
    expect(selectNewMsg(snapshot)).toBe(2);
    expect(realtime.live().input).toEqual({ token: 'tok-stored' });
    expect(balancePoll.live().input).toEqual({ token: 'tok-stored' });
  });

  it('clears the session and goes to / when the member info fetch fails', async () => {
    const { actor, restoreToken, loadMember, effects } = startSession();
    restoreToken.current().resolve(STORED_TOKEN);
    await flush();
    loadMember.current().reject({ code: 'TK001', message: 'no session' });
    await flush();
    expect(actor.getSnapshot().value).toBe('guest');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, member: null, expiresAt: null });
    expect(effects).toEqual(['clearToken', 'navigateHome']);
  });

  it('starts as a guest when offline but keeps the stored token for the next start', async () => {
    const { actor, restoreToken, loadMember, effects } = startSession();
    restoreToken.current().resolve(STORED_TOKEN);
    await flush();
    loadMember.current().reject(new TypeError('Failed to fetch'));
    await flush();
    expect(actor.getSnapshot().value).toBe('guest');
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(effects).toEqual([]);
  });
});

describe('sessionMachine: login', () => {
  it('signs in straight from the login answer, storing its token, without another fetch', async () => {
    const { actor, restoreToken, loadMember, realtime, effects } = startSession();
    restoreToken.current().resolve(null);
    await flush();
    actor.send({ type: 'session.login', answer: LOGIN_ANSWER });
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ signedIn: 'active' });
    expect(snapshot.context).toMatchObject({ token: 'tok-login', expiresAt: LOGIN_ANSWER.expiresAt, newMsg: 1 });
    expect(selectMember(snapshot)?.cashAmt).toBe(10_000);
    expect(effects).toEqual([`storeToken tok-login ${LOGIN_ANSWER.expiresAt}`]);
    expect(loadMember.runs).toHaveLength(0);
    expect(realtime.live().input).toEqual({ token: 'tok-login' });
  });
});

describe('sessionMachine: token refresh on route change', () => {
  it('decides from the time left: refresh at 5 minutes or less, or when forced', () => {
    expect(needsTokenRefresh(STORED_TOKEN.expiresAt, EXPIRY - TOKEN_REFRESH_BEFORE_MS - 1)).toBe(false);
    expect(needsTokenRefresh(STORED_TOKEN.expiresAt, EXPIRY - TOKEN_REFRESH_BEFORE_MS)).toBe(true);
    expect(needsTokenRefresh(STORED_TOKEN.expiresAt, EXPIRY + 1)).toBe(true);
    expect(needsTokenRefresh(STORED_TOKEN.expiresAt, 0, true)).toBe(true);
    expect(needsTokenRefresh(null, 0)).toBe(true);
    expect(needsTokenRefresh('not a date', 0)).toBe(true);
  });

  it('does nothing while more than 5 minutes remain', async () => {
    const { actor, refreshToken } = await signedInSession();
    actor.send({ type: 'session.sync', now: EXPIRY - TOKEN_REFRESH_BEFORE_MS - 1 });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    expect(refreshToken.runs).toHaveLength(0);
  });

  it('refreshes when 5 minutes remain and stores the new expiry', async () => {
    const { actor, refreshToken, effects } = await signedInSession();
    actor.send({ type: 'session.sync', now: EXPIRY - TOKEN_REFRESH_BEFORE_MS });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'refreshingToken' });
    expect(refreshToken.current().input).toEqual({ token: 'tok-stored' });
    refreshToken.current().resolve(REFRESHED_TOKEN);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    expect(actor.getSnapshot().context.expiresAt).toBe(REFRESHED_TOKEN.expiresAt);
    expect(effects).toEqual([`storeToken tok-stored ${REFRESHED_TOKEN.expiresAt}`]);
  });

  it('refreshes when forced, however much time remains', async () => {
    const { actor } = await signedInSession();
    actor.send({ type: 'session.sync', force: true, now: EXPIRY - 60 * 60_000 });
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'refreshingToken' });
  });

  it('keeps the session when the refresh gets no answer, and tries again at the next route change', async () => {
    const { actor, refreshToken, effects } = await signedInSession();
    actor.send({ type: 'session.sync', force: true });
    refreshToken.current().reject(new TypeError('Failed to fetch'));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    expect(effects).toEqual([]);
    actor.send({ type: 'session.sync', now: EXPIRY - 60_000 });
    expect(refreshToken.runs).toHaveLength(2);
  });

  it('treats a refused refresh as an expired session', async () => {
    const { actor, refreshToken, realtime, effects } = await signedInSession();
    actor.send({ type: 'session.sync', force: true });
    refreshToken.current().reject({ code: 'TK001', message: 'expired' });
    await flush();
    expect(actor.getSnapshot().value).toBe('guest');
    expect(selectNotice(actor.getSnapshot())).toBe('front.error.afterSignin');
    expect(effects).toEqual(['clearToken', 'navigateHome']);
    expect(realtime.runs[0]!.stopped).toBe(true);
  });
});

describe('sessionMachine: real-time commands', () => {
  it('CASH updates cash (data1) and points (data2)', async () => {
    const session = await signedInSession();
    socket(session, 'CASH', '250000', '4500');
    expect(selectMember(session.actor.getSnapshot())).toMatchObject({ cashAmt: 250_000, pointAmt: 4_500 });
  });

  it('CASH with an unreadable amount keeps what was shown', async () => {
    const session = await signedInSession();
    socket(session, 'CASH', 'abc', null);
    expect(selectMember(session.actor.getSnapshot())).toMatchObject({ cashAmt: MEMBER.cashAmt, pointAmt: MEMBER.pointAmt });
  });

  it('MSG updates the unread count', async () => {
    const session = await signedInSession();
    socket(session, 'MSG', '5');
    expect(selectNewMsg(session.actor.getSnapshot())).toBe(5);
  });

  it('LOCK_BET_YN announces a game-down event unless data1 is N and data2 is Y', async () => {
    const session = await signedInSession();
    socket(session, 'LOCK_BET_YN', 'N', 'Y');
    expect(session.effects).toEqual([]);
    expect(session.actor.getSnapshot().context.gameDownAt).toBeNull();
    socket(session, 'LOCK_BET_YN', 'Y', 'N');
    expect(session.effects).toEqual(['announceGameDown']);
    expect(session.actor.getSnapshot().context.gameDownAt).toBe(1_000);
    socket(session, 'LOCK_BET_YN', 'N', 'N');
    expect(session.effects).toEqual(['announceGameDown', 'announceGameDown']);
  });

  it('INSPECT with data1 Y signs out and goes to /warning; any other INSPECT is ignored', async () => {
    const session = await signedInSession();
    socket(session, 'INSPECT', 'N');
    expect(session.actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    socket(session, 'INSPECT', 'Y');
    expect(session.actor.getSnapshot().value).toBe('guest');
    expect(session.actor.getSnapshot().context.member).toBeNull();
    expect(session.effects).toEqual(['clearToken', 'navigateWarning']);
  });

  it('LOGOUT signs out with the duplicate-login notice', async () => {
    const session = await signedInSession();
    socket(session, 'LOGOUT', null);
    expect(session.actor.getSnapshot().value).toBe('guest');
    expect(selectNotice(session.actor.getSnapshot())).toBe('api.TK999');
    expect(session.effects).toEqual(['clearToken', 'navigateHome']);
    expect(session.realtime.runs[0]!.stopped).toBe(true);
    expect(session.balancePoll.runs[0]!.stopped).toBe(true);
  });

  it('ignores unknown commands', async () => {
    const session = await signedInSession();
    const before = session.actor.getSnapshot();
    socket(session, 'SOMETHING_NEW', '1', '2');
    expect(session.actor.getSnapshot().value).toEqual(before.value);
    expect(session.actor.getSnapshot().context).toEqual(before.context);
    expect(session.effects).toEqual([]);
  });

  it('re-reads member info after a reconnect and stays signed in with the same socket', async () => {
    const session = await signedInSession();
    session.realtime.live().sendBack({ type: 'socket.reconnected' });
    expect(session.actor.getSnapshot().value).toEqual({ signedIn: 'reloadingMember' });
    expect(session.loadMember.current().input).toEqual({ token: 'tok-stored' });
    session.loadMember.current().resolve(RELOADED_INFO);
    await flush();
    const snapshot = session.actor.getSnapshot();
    expect(snapshot.value).toEqual({ signedIn: 'active' });
    expect(selectMember(snapshot)?.cashAmt).toBe(99_000);
    expect(selectNewMsg(snapshot)).toBe(7);
    expect(session.realtime.runs).toHaveLength(1);
    expect(session.realtime.live()).toBe(session.realtime.runs[0]);
  });

  it('signs out and goes to / when the re-read after a reconnect fails', async () => {
    const session = await signedInSession();
    session.realtime.live().sendBack({ type: 'socket.reconnected' });
    session.loadMember.current().reject({ code: 'TK001', message: '' });
    await flush();
    expect(session.actor.getSnapshot().value).toBe('guest');
    expect(session.effects).toEqual(['clearToken', 'navigateHome']);
  });

  it('stays signed in with what it knew when the re-read after a reconnect gets no answer', async () => {
    const session = await signedInSession();
    session.realtime.live().sendBack({ type: 'socket.reconnected' });
    session.loadMember.current().reject(new TypeError('Failed to fetch'));
    await flush();
    expect(session.actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    expect(selectMember(session.actor.getSnapshot())).toEqual(MEMBER);
    expect(session.effects).toEqual([]);
  });
});

describe('sessionMachine: balance checks', () => {
  it('updates the cash shown from each balance answer', async () => {
    const session = await signedInSession();
    session.balancePoll.live().sendBack({ type: 'balance.updated', balance: { balance: 77_000, isPlayGame: 'N' } });
    expect(selectMember(session.actor.getSnapshot())).toMatchObject({ cashAmt: 77_000, pointAmt: MEMBER.pointAmt });
  });

  it('a duplicate login (TK999) signs out, tells the member and goes to /', async () => {
    const session = await signedInSession();
    session.balancePoll.live().sendBack({ type: 'balance.duplicate' });
    const snapshot = session.actor.getSnapshot();
    expect(snapshot.value).toBe('guest');
    expect(snapshot.context).toMatchObject({ token: null, member: null, notice: 'api.TK999' });
    expect(session.effects).toEqual(['clearToken', 'navigateHome']);
  });

  it('an expired session signs out with the sign-in-again notice, which can be dismissed', async () => {
    const session = await signedInSession();
    session.balancePoll.live().sendBack({ type: 'session.expired' });
    expect(session.actor.getSnapshot().value).toBe('guest');
    expect(selectNotice(session.actor.getSnapshot())).toBe('front.error.afterSignin');
    expect(session.effects).toEqual(['clearToken', 'navigateHome']);
    session.actor.send({ type: 'notice.dismiss' });
    expect(selectNotice(session.actor.getSnapshot())).toBeNull();
  });
});

describe('sessionMachine: logout', () => {
  it('calls logout with the token, then forgets the session', async () => {
    const session = await signedInSession();
    session.actor.send({ type: 'session.logout' });
    expect(session.actor.getSnapshot().value).toBe('signingOut');
    expect(session.logout.current().input).toEqual({ token: 'tok-stored' });
    expect(session.effects).toEqual([]);
    session.logout.current().resolve();
    await flush();
    expect(session.actor.getSnapshot().value).toBe('guest');
    expect(session.actor.getSnapshot().context.token).toBeNull();
    expect(session.effects).toEqual(['clearToken', 'navigateHome']);
  });

  it('signs out even when the logout call fails', async () => {
    const session = await signedInSession();
    session.actor.send({ type: 'session.logout' });
    session.logout.current().reject(new Error('offline'));
    await flush();
    expect(session.actor.getSnapshot().value).toBe('guest');
    expect(session.effects).toEqual(['clearToken', 'navigateHome']);
  });
});

describe('sessionMachine: defaults', () => {
  it('fails loudly when an actor was not provided', async () => {
    const errors: unknown[] = [];
    const inspect = (event: InspectionEvent) => {
      if (event.type === '@xstate.event' && event.event.type === 'xstate.error.actor.restoreToken') errors.push(event.event.error);
    };
    const actor = createActor(sessionMachine, { inspect });
    actor.start();
    await flush();
    expect(errors).toEqual([new Error('actor restoreToken not provided')]);
  });
});
