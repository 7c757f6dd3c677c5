/**
 * Model-based test of the session machine.
 *
 * createTestModel refuses machines with invocations, and invoked actors would not run during the
 * walk anyway, so the model is the same machine with each invoke's onDone/onError turned into a
 * transition on the event the actor would raise (invocationsAsEvents): `xstate.done.actor.<id>`
 * with an output and `xstate.error.actor.<id>` with an error, one variant per outcome worth telling
 * apart. Each generated path is then replayed on the real machine in a live actor whose actors are
 * controllable fakes: a done or error step settles the pending fake promise, socket and balance
 * events go through the running callback actor's sendBack (so they fail when that actor is not
 * running), and after every step the live actor must be in the model's state with the same
 * guard-relevant context. The inspection API records the state nodes and transitions the live actor
 * really took; the test fails when any of the machine's own are missing.
 */
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import type { AnyEventObject } from 'xstate';
import { TOKEN_REFRESH_BEFORE_MS } from '../../contract/constants';
import { sessionMachine, type SessionEvent, type SessionSnapshot } from '../../machines/session';
import {
  EXPIRY, LOGIN_ANSWER, MEMBER_INFO, REFRESHED_TOKEN, RELOADED_INFO, STORED_TOKEN, startSession,
} from './session.fixtures';
import { driveModelPaths, invocationsAsEvents, modelTraversal } from './support';

const failure = { code: 'TK001', message: 'no session' };
const offline = new TypeError('Failed to fetch');
const socket = (cmd: string, data1: string | null, data2: string | null = null): SessionEvent =>
  ({ type: 'socket.message', cmd, data1, data2, now: 1_000 });

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
  socket('CASH', '1000', '20'),
  socket('MSG', '4'),
  socket('LOCK_BET_YN', 'Y', 'N'),
  socket('LOCK_BET_YN', 'N', 'Y'),
  socket('INSPECT', 'Y'),
  socket('INSPECT', 'N'),
  socket('LOGOUT', null),
  socket('UNKNOWN', '1', '1'),
  { type: 'balance.updated', balance: { balance: 5_000, isPlayGame: 'N' } },
];

const fromRealtime = new Set(['socket.message', 'socket.reconnected']);
const fromBalancePoll = new Set(['balance.updated', 'balance.duplicate', 'session.expired']);

/** Only the token expiry feeds a guard (isTokenRefreshDue). */
const guardedContext = (snapshot: SessionSnapshot) => snapshot.context.expiresAt;

describe('sessionMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    const model = createTestModel(invocationsAsEvents(sessionMachine), {
      events: modelEvents as SessionEvent[],
      ...modelTraversal(guardedContext),
    });
    const paths = model.getShortestPaths();

    const coverage = await driveModelPaths(sessionMachine, paths, (coverage) => {
      const session = startSession(coverage.inspect);
      return {
        actor: session.actor,
        promises: {
          restoreToken: session.restoreToken,
          loadMember: session.loadMember,
          refreshToken: session.refreshToken,
          logout: session.logout,
        },
        callbackFor: (event) =>
          fromRealtime.has(event.type) ? session.realtime : fromBalancePoll.has(event.type) ? session.balancePoll : undefined,
      };
    }, guardedContext);

    expect(paths.length).toBeGreaterThan(10);
    coverage.expectComplete(sessionMachine);
  });
});
