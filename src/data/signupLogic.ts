import { fromPromise } from 'xstate';
import { signupMachine } from '../../machines/signup';
import { callApi } from '../api/client';

/** The sign-up machine with its real actor: the sign-up call. */
export const signupLogic = signupMachine.provide({
  actors: {
    submitSignup: fromPromise(({ input }) => callApi('signup', input)),
  },
});

export type SignupLogic = typeof signupLogic;
