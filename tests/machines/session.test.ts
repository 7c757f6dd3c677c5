import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, sendParent, type InspectionEvent } from 'xstate';
import { BALANCE_POLL_MS, TOKEN_REFRESH_BEFORE_MS } from '../../contract/constants';
import {
  needsTokenRefresh, RESTORE_RETRY_MS, selectIsRestoring, selectIsSignedIn, selectGameMoney, selectMember, selectMoneyKnown, selectNewMsg, selectNotice, sessionMachine,
  type SessionRealtimeEvent,
} from '../../machines/session';
import {
  EXPIRY, LOGIN_ANSWER, MEMBER, MEMBER_INFO, RELOADED_INFO, REFRESHED_TOKEN, STORED_TOKEN, startSession,
} from './session.fixtures';
import { flush } from './support';

/** A member restored from a stored token, with member info loaded and the first balance check answered. */
async function signedInSession() {
  const session = startSession();
  session.restoreToken.current().resolve(STORED_TOKEN);
  await flush();
  session.loadMember.current().resolve(MEMBER_INFO);
  await flush();
  session.checkBalance.current().resolve({ balance: MEMBER.cashAmt, isPlayGame: 'N', gameMoney: 0 });
  await flush();
  session.effects.length = 0;
  return session;
}

/** A typed event from the real-time edge, delivered the way the app does: through the running realtime actor. */
function push(session: ReturnType<typeof startSession>, event: SessionRealtimeEvent) {
  session.realtime.live().sendBack(event);
}

/** The state value while signed in: the member region and the balance-check region. */
function signedIn(member: 'active' | 'refreshingToken' | 'reloadingMember' = 'active', balance: 'waiting' | 'checking' = 'waiting') {
  return { signedIn: { member, balance } };
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
    const { actor, clock, restoreToken, loadMember, realtime, checkBalance } = startSession();
    restoreToken.current().resolve(STORED_TOKEN);
    await flush();
    expect(actor.getSnapshot().value).toBe('signingIn');
    expect(loadMember.current().input).toEqual({ token: 'tok-stored' });
    loadMember.current().resolve(MEMBER_INFO);
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(signedIn('active', 'checking'));
    expect(selectIsSignedIn(snapshot)).toBe(true);
    expect(selectMember(snapshot)).toEqual(MEMBER);
    expect(selectNewMsg(snapshot)).toBe(2);
    // The member topic starts after the sequence read with the member: nothing pushed meanwhile is lost.
    expect(realtime.live().input).toEqual({ token: 'tok-stored', since: 4 });
    // The balance is checked at once, not after the first BALANCE_POLL_MS.
    expect(checkBalance.current().input).toEqual({ token: 'tok-stored' });
    checkBalance.current().resolve({ balance: 0, isPlayGame: 'Y', gameMoney: 150_000 });
    await flush();
    expect(actor.getSnapshot().value).toEqual(signedIn());
    clock.increment(BALANCE_POLL_MS);
    expect(checkBalance.runs).toHaveLength(2);
  });

  it('does not know the member\'s money until the first balance check answers, whatever the member read said', async () => {
    const { actor, restoreToken, loadMember, checkBalance, logout } = startSession();
    restoreToken.current().resolve(STORED_TOKEN);
    await flush();
    loadMember.current().resolve({ ...MEMBER_INFO, member: { ...MEMBER, cashAmt: 0 } });
    await flush();
    expect(selectMoneyKnown(actor.getSnapshot())).toBe(false);
    checkBalance.current().resolve({ balance: 0, isPlayGame: 'Y', gameMoney: 150_000 });
    await flush();
    expect(selectMoneyKnown(actor.getSnapshot())).toBe(true);
    expect(selectGameMoney(actor.getSnapshot())).toBe(150_000);
    // Signing out forgets it again.
    actor.send({ type: 'session.logout' });
    logout.current().resolve();
    await flush();
    expect(selectMoneyKnown(actor.getSnapshot())).toBe(false);
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

  it('keeps the stored session while offline and signs in once the connection returns', async () => {
    const { actor, restoreToken, loadMember, connectionBack, effects } = startSession();
    restoreToken.current().resolve(STORED_TOKEN);
    await flush();
    loadMember.current().reject(new TypeError('Failed to fetch'));
    await flush();
    expect(actor.getSnapshot().value).toBe('unreachable');
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
    expect(selectIsRestoring(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.token).toBe('tok-stored');
    expect(effects).toEqual([]);
    connectionBack.current().resolve();
    await flush();
    expect(actor.getSnapshot().value).toBe('signingIn');
    expect(loadMember.current().input).toEqual({ token: 'tok-stored' });
    loadMember.current().resolve(MEMBER_INFO);
    await flush();
    expect(actor.getSnapshot().value).toEqual(signedIn('active', 'checking'));
    expect(selectMember(actor.getSnapshot())).toEqual(MEMBER);
  });

  it('asks again every RESTORE_RETRY_MS while no answer comes, and signs out on a real refusal', async () => {
    const { actor, clock, restoreToken, loadMember, effects } = startSession();
    restoreToken.current().resolve(STORED_TOKEN);
    await flush();
    loadMember.current().reject(new TypeError('Failed to fetch'));
    await flush();
    clock.increment(RESTORE_RETRY_MS);
    await flush();
    expect(actor.getSnapshot().value).toBe('signingIn');
    loadMember.current().reject({ code: 'TK001', message: 'no session' });
    await flush();
    expect(actor.getSnapshot().value).toBe('guest');
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(effects).toEqual(['clearToken', 'navigateHome']);
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
    expect(snapshot.value).toEqual(signedIn('active', 'checking'));
    expect(snapshot.context).toMatchObject({ token: 'tok-login', expiresAt: LOGIN_ANSWER.expiresAt, newMsg: 1 });
    expect(selectMember(snapshot)?.cashAmt).toBe(10_000);
    expect(effects).toEqual([`storeToken tok-login ${LOGIN_ANSWER.expiresAt}`]);
    expect(loadMember.runs).toHaveLength(0);
    expect(realtime.live().input).toEqual({ token: 'tok-login', since: 12 });
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
    expect(actor.getSnapshot().value).toEqual(signedIn());
    expect(refreshToken.runs).toHaveLength(0);
  });

  it('refreshes when 5 minutes remain and stores the new expiry', async () => {
    const { actor, refreshToken, effects } = await signedInSession();
    actor.send({ type: 'session.sync', now: EXPIRY - TOKEN_REFRESH_BEFORE_MS });
    await flush();
    expect(actor.getSnapshot().value).toEqual(signedIn('refreshingToken'));
    expect(refreshToken.current().input).toEqual({ token: 'tok-stored' });
    refreshToken.current().resolve(REFRESHED_TOKEN);
    await flush();
    expect(actor.getSnapshot().value).toEqual(signedIn());
    expect(actor.getSnapshot().context.expiresAt).toBe(REFRESHED_TOKEN.expiresAt);
    expect(effects).toEqual([`storeToken tok-stored ${REFRESHED_TOKEN.expiresAt}`]);
  });

  it('refreshes when forced, however much time remains', async () => {
    const { actor } = await signedInSession();
    actor.send({ type: 'session.sync', force: true, now: EXPIRY - 60 * 60_000 });
    expect(actor.getSnapshot().value).toEqual(signedIn('refreshingToken'));
  });

  it('keeps the session when the refresh gets no answer, and tries again at the next route change', async () => {
    const { actor, refreshToken, effects } = await signedInSession();
    actor.send({ type: 'session.sync', force: true });
    refreshToken.current().reject(new TypeError('Failed to fetch'));
    await flush();
    expect(actor.getSnapshot().value).toEqual(signedIn());
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

describe('sessionMachine: real-time events', () => {
  it('cash.pushed updates cash and points', async () => {
    const session = await signedInSession();
    push(session, { type: 'cash.pushed', cashAmt: 250_000, pointAmt: 4_500 });
    expect(selectMember(session.actor.getSnapshot())).toMatchObject({ cashAmt: 250_000, pointAmt: 4_500 });
  });

  it('cash.pushed without a readable amount keeps what was shown', async () => {
    const session = await signedInSession();
    push(session, { type: 'cash.pushed', cashAmt: null, pointAmt: null });
    expect(selectMember(session.actor.getSnapshot())).toMatchObject({ cashAmt: MEMBER.cashAmt, pointAmt: MEMBER.pointAmt });
    push(session, { type: 'cash.pushed', cashAmt: 1_000, pointAmt: null });
    expect(selectMember(session.actor.getSnapshot())).toMatchObject({ cashAmt: 1_000, pointAmt: MEMBER.pointAmt });
  });

  it('a money call answering the balances updates cash and points at once', async () => {
    const session = await signedInSession();
    session.actor.send({ type: 'balances.answered', cashAmt: 70_000, pointAmt: 900 });
    expect(selectMember(session.actor.getSnapshot())).toMatchObject({ cashAmt: 70_000, pointAmt: 900 });
  });

  it('msg.unread updates the unread count, and keeps it when unreadable', async () => {
    const session = await signedInSession();
    push(session, { type: 'msg.unread', count: 5 });
    expect(selectNewMsg(session.actor.getSnapshot())).toBe(5);
    push(session, { type: 'msg.unread', count: null });
    expect(selectNewMsg(session.actor.getSnapshot())).toBe(5);
  });

  it('game.down announces the game-down event and records when', async () => {
    const session = await signedInSession();
    push(session, { type: 'game.down', now: 1_000 });
    expect(session.effects).toEqual(['announceGameDown']);
    expect(session.actor.getSnapshot().context.gameDownAt).toBe(1_000);
    push(session, { type: 'game.down', now: 2_000 });
    expect(session.effects).toEqual(['announceGameDown', 'announceGameDown']);
    expect(session.actor.getSnapshot().context.gameDownAt).toBe(2_000);
  });

  it('site.inspect signs out and goes to /warning', async () => {
    const session = await signedInSession();
    push(session, { type: 'site.inspect' });
    expect(session.actor.getSnapshot().value).toBe('guest');
    expect(session.actor.getSnapshot().context.member).toBeNull();
    expect(session.effects).toEqual(['clearToken', 'navigateWarning']);
    expect(session.realtime.runs[0]!.stopped).toBe(true);
  });

  it('session.replaced signs out with the duplicate-login notice and stops listening', async () => {
    const session = await signedInSession();
    session.clock.increment(BALANCE_POLL_MS);
    push(session, { type: 'session.replaced' });
    expect(session.actor.getSnapshot().value).toBe('guest');
    expect(selectNotice(session.actor.getSnapshot())).toBe('api.TK999');
    expect(session.effects).toEqual(['clearToken', 'navigateHome']);
    expect(session.realtime.runs[0]!.stopped).toBe(true);
    // The balance check in flight is abandoned and no other starts.
    session.clock.increment(10 * BALANCE_POLL_MS);
    expect(session.checkBalance.runs).toHaveLength(2);
  });

  it('leaves a cash request status change to the money screens', async () => {
    const session = await signedInSession();
    const before = session.actor.getSnapshot();
    push(session, { type: 'cash.requestChanged', requestId: 7, status: 1 });
    expect(session.actor.getSnapshot().value).toEqual(before.value);
    expect(session.actor.getSnapshot().context).toEqual(before.context);
    expect(session.effects).toEqual([]);
  });

  it('ignores real-time events while a guest', async () => {
    const session = startSession();
    session.restoreToken.current().resolve(null);
    await flush();
    session.actor.send({ type: 'session.replaced' });
    session.actor.send({ type: 'cash.pushed', cashAmt: 1, pointAmt: 1 });
    expect(session.actor.getSnapshot().value).toBe('guest');
    expect(session.realtime.runs).toHaveLength(0);
    expect(session.effects).toEqual([]);
  });

  it('re-reads member info after a reconnect and stays signed in with the same socket', async () => {
    const session = await signedInSession();
    push(session, { type: 'realtime.reconnected' });
    expect(session.actor.getSnapshot().value).toEqual(signedIn('reloadingMember'));
    expect(session.loadMember.current().input).toEqual({ token: 'tok-stored' });
    session.loadMember.current().resolve(RELOADED_INFO);
    await flush();
    const snapshot = session.actor.getSnapshot();
    expect(snapshot.value).toEqual(signedIn());
    expect(selectMember(snapshot)?.cashAmt).toBe(99_000);
    expect(selectNewMsg(snapshot)).toBe(7);
    expect(session.realtime.runs).toHaveLength(1);
    expect(session.realtime.live()).toBe(session.realtime.runs[0]);
  });

  it('signs out and goes to / when the re-read after a reconnect fails', async () => {
    const session = await signedInSession();
    push(session, { type: 'realtime.reconnected' });
    session.loadMember.current().reject({ code: 'TK001', message: '' });
    await flush();
    expect(session.actor.getSnapshot().value).toBe('guest');
    expect(session.effects).toEqual(['clearToken', 'navigateHome']);
  });

  it('stays signed in with what it knew when the re-read after a reconnect gets no answer', async () => {
    const session = await signedInSession();
    push(session, { type: 'realtime.reconnected' });
    session.loadMember.current().reject(new TypeError('Failed to fetch'));
    await flush();
    expect(session.actor.getSnapshot().value).toEqual(signedIn());
    expect(selectMember(session.actor.getSnapshot())).toEqual(MEMBER);
    expect(session.effects).toEqual([]);
  });
});

describe('sessionMachine: balance checks', () => {
  it('checks every BALANCE_POLL_MS and shows the cash of each answer', async () => {
    const session = await signedInSession();
    session.clock.increment(BALANCE_POLL_MS - 1);
    expect(session.checkBalance.runs).toHaveLength(1);
    session.clock.increment(1);
    expect(session.actor.getSnapshot().value).toEqual(signedIn('active', 'checking'));
    session.checkBalance.current().resolve({ balance: 77_000, isPlayGame: 'N', gameMoney: 0 });
    await flush();
    expect(session.actor.getSnapshot().value).toEqual(signedIn());
    expect(selectMember(session.actor.getSnapshot())).toMatchObject({ cashAmt: 77_000, pointAmt: MEMBER.pointAmt });
    session.clock.increment(BALANCE_POLL_MS);
    expect(session.checkBalance.runs).toHaveLength(3);
  });

  it('shows the game money each check answers, and what a merge answered', async () => {
    const session = await signedInSession();
    session.clock.increment(BALANCE_POLL_MS);
    session.checkBalance.current().resolve({ balance: 0, isPlayGame: 'Y', gameMoney: 150_000 });
    await flush();
    expect(selectGameMoney(session.actor.getSnapshot())).toBe(150_000);
    session.actor.send({ type: 'balances.answered', cashAmt: 150_000, pointAmt: 0, gameMoney: 0 });
    expect(selectGameMoney(session.actor.getSnapshot())).toBe(0);
    expect(selectMember(session.actor.getSnapshot())!.cashAmt).toBe(150_000);
  });

  it('keeps checking while the token is refreshed or the member re-read', async () => {
    const session = await signedInSession();
    session.actor.send({ type: 'session.sync', force: true });
    session.clock.increment(BALANCE_POLL_MS);
    expect(session.actor.getSnapshot().value).toEqual(signedIn('refreshingToken', 'checking'));
  });

  it('a duplicate login (TK999) signs out, tells the member and goes to /', async () => {
    const session = await signedInSession();
    session.clock.increment(BALANCE_POLL_MS);
    session.checkBalance.current().reject({ code: 'TK999', message: '' });
    await flush();
    const snapshot = session.actor.getSnapshot();
    expect(snapshot.value).toBe('guest');
    expect(snapshot.context).toMatchObject({ token: null, member: null, notice: 'api.TK999' });
    expect(session.effects).toEqual(['clearToken', 'navigateHome']);
  });

  it('an expired session (TK001) signs out with the sign-in-again notice, which can be dismissed', async () => {
    const session = await signedInSession();
    session.clock.increment(BALANCE_POLL_MS);
    session.checkBalance.current().reject({ code: 'TK001', message: '' });
    await flush();
    expect(session.actor.getSnapshot().value).toBe('guest');
    expect(selectNotice(session.actor.getSnapshot())).toBe('front.error.afterSignin');
    expect(session.effects).toEqual(['clearToken', 'navigateHome']);
    session.actor.send({ type: 'notice.dismiss' });
    expect(selectNotice(session.actor.getSnapshot())).toBeNull();
  });

  it('any other failure keeps the session and checks again at the next tick', async () => {
    const session = await signedInSession();
    for (const error of [new TypeError('Failed to fetch'), { code: 'U000', message: '' }]) {
      session.clock.increment(BALANCE_POLL_MS);
      session.checkBalance.current().reject(error);
      await flush();
      expect(session.actor.getSnapshot().value).toEqual(signedIn());
    }
    expect(session.effects).toEqual([]);
    session.clock.increment(BALANCE_POLL_MS);
    expect(session.checkBalance.runs).toHaveLength(4);
  });

  it('does not check while a guest', async () => {
    const session = startSession();
    session.restoreToken.current().resolve(null);
    await flush();
    session.clock.increment(10 * BALANCE_POLL_MS);
    expect(session.checkBalance.runs).toHaveLength(0);
  });
});

describe('sessionMachine: child actors', () => {
  /** A stand-in for a child such as the game window: records its input, the events it gets, and when it stops. */
  function probe() {
    const runs: Array<{ input: unknown; received: string[]; stopped: boolean }> = [];
    const logic = fromCallback<{ type: string }, unknown>(({ input, receive }) => {
      const run = { input, received: [] as string[], stopped: false };
      runs.push(run);
      receive((event) => run.received.push(event.type));
      return () => { run.stopped = true; };
    });
    return { logic, runs };
  }

  it('runs a child while signed in and reaches it by id', async () => {
    const session = await signedInSession();
    const child = probe();
    session.actor.send({ type: 'session.spawnChild', id: 'window', logic: child.logic, input: { gameId: 7 } });
    expect(child.runs).toEqual([{ input: { gameId: 7 }, received: [], stopped: false }]);
    session.actor.getSnapshot().context.children.window!.send({ type: 'window.focus' });
    expect(child.runs[0]!.received).toEqual(['window.focus']);
  });

  it('stops its children when the session leaves signed-in, whichever way', async () => {
    for (const leave of [
      (s: Awaited<ReturnType<typeof signedInSession>>) => push(s, { type: 'session.replaced' }),
      (s: Awaited<ReturnType<typeof signedInSession>>) => push(s, { type: 'site.inspect' }),
      (s: Awaited<ReturnType<typeof signedInSession>>) => s.actor.send({ type: 'session.logout' }),
    ]) {
      const session = await signedInSession();
      const one = probe();
      const two = probe();
      session.actor.send({ type: 'session.spawnChild', id: 'one', logic: one.logic });
      session.actor.send({ type: 'session.spawnChild', id: 'two', logic: two.logic });
      leave(session);
      expect([one.runs[0]!.stopped, two.runs[0]!.stopped]).toEqual([true, true]);
      expect(session.actor.getSnapshot().context.children).toEqual({});
    }
  });

  it('tells its children that the session ends before stopping them, and passes game-down on', async () => {
    for (const leave of [
      (s: Awaited<ReturnType<typeof signedInSession>>) => push(s, { type: 'session.replaced' }),
      (s: Awaited<ReturnType<typeof signedInSession>>) => push(s, { type: 'site.inspect' }),
      (s: Awaited<ReturnType<typeof signedInSession>>) => s.actor.send({ type: 'session.logout' }),
    ]) {
      const session = await signedInSession();
      const child = probe();
      session.actor.send({ type: 'session.spawnChild', id: 'gameWindow', logic: child.logic });
      push(session, { type: 'game.down' });
      leave(session);
      expect(child.runs[0]).toMatchObject({ received: ['game.down', 'session.ended'], stopped: true });
    }
  });

  it('replaces a running child of the same id, and stops one on request', async () => {
    const session = await signedInSession();
    const child = probe();
    session.actor.send({ type: 'session.spawnChild', id: 'window', logic: child.logic, input: 1 });
    session.actor.send({ type: 'session.spawnChild', id: 'window', logic: child.logic, input: 2 });
    expect(child.runs.map((run) => [run.input, run.stopped])).toEqual([[1, true], [2, false]]);
    session.actor.send({ type: 'session.stopChild', id: 'window' });
    expect(child.runs[1]!.stopped).toBe(true);
    expect(session.actor.getSnapshot().context.children).toEqual({});
    session.actor.send({ type: 'session.stopChild', id: 'window' });
    expect(session.actor.getSnapshot().value).toEqual(signedIn());
  });

  it('starts no child for a guest', async () => {
    const session = startSession();
    session.restoreToken.current().resolve(null);
    await flush();
    const child = probe();
    session.actor.send({ type: 'session.spawnChild', id: 'window', logic: child.logic });
    expect(child.runs).toHaveLength(0);
    expect(session.actor.getSnapshot().context.children).toEqual({});
  });

  it('a child machine can talk to the session that owns it', async () => {
    const session = await signedInSession();
    const child = createMachine({ entry: sendParent({ type: 'session.logout' }) });
    session.actor.send({ type: 'session.spawnChild', id: 'window', logic: child });
    expect(session.actor.getSnapshot().value).toBe('signingOut');
  });
});

describe('sessionMachine: logout', () => {
  it('calls logout with the token, then forgets the session', async () => {
    const session = await signedInSession();
    session.actor.send({ type: 'session.logout' });
    expect(session.actor.getSnapshot().value).toBe('signingOut');
    expect(session.logout.current().input).toEqual({ token: 'tok-stored' });
    // Forgotten before the call answers: a reload meanwhile finds no token.
    expect(session.effects).toEqual(['clearToken']);
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
