/**
 * Model-based test of the sign-up machine: the same approach as session.model.test.ts (invokes
 * modelled as done/error events, paths replayed on a live actor with a controllable fake, state and
 * transition coverage checked against the machine's own lists).
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { checkSignup, type SignupFields } from '../../contract/rules';
import { signupMachine, type SignupSnapshot } from '../../machines/signup';
import { VALID_FORM, startSignup } from './signup.fixtures';
import { replayModel } from './support';

const input = { recommenderFixed: false };

const modelEvents: AnyEventObject[] = [
  ...Object.entries(VALID_FORM).map(([field, value]) => ({ type: 'signup.change', field, value })),
  { type: 'signup.change', field: 'memId' satisfies keyof SignupFields, value: 'ab' },
  { type: 'xstate.done.actor.submitSignup', output: { memId: VALID_FORM.memId, status: 'pending' } },
  { type: 'xstate.error.actor.submitSignup', error: { code: 'U116', message: '' } },
];

/** The submit guard reads the form through checkSignup. */
const guardedContext = (snapshot: SignupSnapshot) => checkSignup(snapshot.context.fields, snapshot.context.recommenderFixed);

describe('signupMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    const paths = await replayModel(signupMachine, {
      input,
      events: modelEvents,
      guardedContext,
      harness: (coverage) => {
        const signup = startSignup(input, coverage.inspect);
        return { actor: signup.actor, promises: { submitSignup: signup.submitSignup } };
      },
    });
    expect(paths.some((path) => path.state.value === 'openLogin')).toBe(true);
  });
});
