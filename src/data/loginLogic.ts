import { fromPromise } from 'xstate';
import { loginMachine } from '../../machines/login';
import { callApi } from '../api/client';

/** The login machine with its real actors: a fresh captcha from the server, the login call. */
export const loginLogic = loginMachine.provide({
  actors: {
    loadCaptcha: fromPromise(() => callApi('captcha', {})),
    submitLogin: fromPromise(({ input }) => callApi('login', input)),
  },
});

export type LoginLogic = typeof loginLogic;
