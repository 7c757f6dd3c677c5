/**
 * Model-based test of the login machine: the same approach as session.model.test.ts (invokes
 * modelled as done/error events, paths replayed on a live actor with controllable fakes, state and
 * transition coverage checked against the machine's own lists).
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { checkLogin } from '../../contract/rules';
import { loginMachine } from '../../machines/login';
import { ANSWER, CAPTCHA, startLogin } from './login.fixtures';
import { replayModel } from './support';

const modelEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadCaptcha', output: CAPTCHA },
  { type: 'xstate.error.actor.loadCaptcha', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.submitLogin', output: ANSWER },
  { type: 'xstate.error.actor.submitLogin', error: { code: 'U001', message: '' } },
  { type: 'login.change', field: 'memId', value: 'demo01' },
  { type: 'login.change', field: 'memPass', value: 'demo1234' },
  { type: 'login.change', field: 'captcha', value: '1352' },
  { type: 'login.change', field: 'memId', value: '' },
];

/** The submit guard reads the form through checkLogin; the captcha's presence feeds nothing else. */
const guardedContext = (snapshot: SnapshotFrom<typeof loginMachine>) => checkLogin(snapshot.context);

describe('loginMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    const paths = await replayModel(loginMachine, {
      events: modelEvents,
      guardedContext,
      harness: (coverage) => {
        const login = startLogin(coverage.inspect);
        return { actor: login.actor, promises: { loadCaptcha: login.loadCaptcha, submitLogin: login.submitLogin } };
      },
    });
    expect(paths.some((path) => path.state.status === 'done')).toBe(true);
  });
});
