/**
 * Model-based test of the session machine.
 *
 * createTestModel refuses machines with invocations, and invoked actors would not run during the
 * walk anyway, so the model is the same machine with each invoke's onDone/onError turned into a
 * transition on the event the actor would raise (invocationsAsEvents): `xstate.done.actor.<id>`
 * with an output and `xstate.error.actor.<id>` with an error, one variant per outcome worth telling
 * apart. Each generated path is then replayed on the real machine in a live actor whose actors are
 * controllable fakes: a done or error step settles the pending fake promise, real-time events go
 * through the running realtime actor's sendBack (so they fail when that actor is not running), the
 * balance check's delay moves the actor's simulated clock, and after every step the live actor must be in the model's state with the same
 * guard-relevant context. The inspection API records the state nodes and transitions the live actor
 * really took; the test fails when any of the machine's own are missing.
 */
import { describe, expect, it } from 'vitest';
import { fromCallback, type AnyEventObject } from 'xstate';
import { TOKEN_REFRESH_BEFORE_MS } from '../../contract/constants';
import { sessionMachine, type SessionRealtimeEvent, type SessionSnapshot } from '../../machines/session';
import {
  EXPIRY, LOGIN_ANSWER, MEMBER_INFO, REFRESHED_TOKEN, RELOADED_INFO, STORED_TOKEN, startSession,
} from './session.fixtures';
import { replayModel } from './support';

const failure = { code: 'TK001', message: 'no session' };
const offline = new TypeError('Failed to fetch');
const child = fromCallback(() => undefined);

const modelEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.restoreToken', output: STORED_TOKEN },
  { type: 'xstate.done.actor.restoreToken', output: null },
  { type: 'xstate.error.actor.restoreToken', error: failure },
  { type: 'xstate.done.actor.loadMember', output: MEMBER_INFO },
  { type: 'xstate.done.actor.loadMember', output: RELOADED_INFO },
  { type: 'xstate.error.actor.loadMember', error: failure },
  { type: 'xstate.error.actor.loadMember', error: offline },
  { type: 'xstate.done.actor.refreshToken', output: REFRESHED_TOKEN },
  { type: 'xstate.error.actor.refreshToken', error: failure },
  { type: 'xstate.error.actor.refreshToken', error: offline },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: failure },
  { type: 'session.login', answer: LOGIN_ANSWER },
  { type: 'session.sync', now: EXPIRY - 60 * 60_000 },
  { type: 'session.sync', now: EXPIRY - TOKEN_REFRESH_BEFORE_MS },
  { type: 'session.sync', force: true, now: EXPIRY - 60 * 60_000 },
  { type: 'cash.pushed', cashAmt: 1_000, pointAmt: 20 },
  { type: 'msg.unread', count: 4 },
  { type: 'game.down', now: 1_000 },
  { type: 'site.inspect' },
  { type: 'session.replaced' },
  { type: 'cash.requestChanged', requestId: 1, status: 1 },
  { type: 'realtime.reconnected' },
  { type: 'balances.answered', cashAmt: 2_000, pointAmt: 30 },
  { type: 'xstate.after.balancePoll.session.signedIn.balance.waiting' },
  { type: 'xstate.done.actor.checkBalance', output: { balance: 5_000, isPlayGame: 'N', gameMoney: 0 } },
  { type: 'xstate.error.actor.checkBalance', error: { code: 'TK999', message: 'replaced' } },
  { type: 'xstate.error.actor.checkBalance', error: failure },
  { type: 'xstate.error.actor.checkBalance', error: offline },
  { type: 'xstate.done.actor.connectionBack', output: undefined },
  { type: 'xstate.after.restoreRetry.session.unreachable' },
  { type: 'session.spawnChild', id: 'child', logic: child },
  { type: 'session.stopChild', id: 'child' },
];

const fromRealtime = new Set<string>([
  'cash.pushed', 'msg.unread', 'game.down', 'site.inspect', 'session.replaced', 'cash.requestChanged', 'realtime.reconnected',
] satisfies SessionRealtimeEvent['type'][]);

/** Only the token expiry feeds a guard (isTokenRefreshDue). */
const guardedContext = (snapshot: SessionSnapshot) => snapshot.context.expiresAt;

describe('sessionMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    const paths = await replayModel(sessionMachine, {
      events: modelEvents,
      guardedContext,
      harness: (coverage) => {
        const session = startSession(coverage.inspect);
        return {
          actor: session.actor,
          promises: {
            restoreToken: session.restoreToken,
            loadMember: session.loadMember,
            refreshToken: session.refreshToken,
            logout: session.logout,
            checkBalance: session.checkBalance,
            connectionBack: session.connectionBack,
          },
          callbackFor: (event) => (fromRealtime.has(event.type) ? session.realtime : undefined),
          clock: session.clock,
        };
      },
    });
    expect(paths.length).toBeGreaterThan(10);
  }, 20_000); // a long walk: on a shared 2-core machine it can pass the default 5 s
});
