/**
 * The login form (SPEC §5): a server captcha, the form checks, the login call. On any failure the
 * captcha reloads. The password lives only in this machine's context while the form is open.
 */
import { assign, setup } from 'xstate';
import { LOGIN_ERR_CODES } from '../contract/codes';
import { checkLogin, type LoginFields } from '../contract/rules';
import type { PayloadOf } from '../contract/calls';
import type { Captcha, LoginAnswer } from '../contract/types';
import { NETWORK_ERROR_ID, resultCodeOf, resultMessageOf } from './errors';
import { promiseNotProvided } from './notProvided';

export interface LoginContext extends LoginFields {
  captchaId: string;
  /** The captcha picture (data URL); null when it could not be loaded. */
  captchaImage: string | null;
  /** Message id to show, never translated text. */
  errorId: string | null;
  /** The server's answer once the login succeeded; it becomes the machine's output. */
  answer: LoginAnswer | null;
}

export type LoginField = keyof LoginFields;
export type LoginPayload = PayloadOf<'login'>;

export type LoginEvent =
  | { type: 'login.change'; field: LoginField; value: string }
  | { type: 'login.submit' }
  | { type: 'login.reloadCaptcha' }
  | { type: 'login.dismissError' };

/**
 * The message for a failed login call: the codes members must act on get their own text, any other
 * answer from the server reads "wrong id or password", and no answer at all is a network problem.
 */
export function loginErrorId(error: unknown): string {
  const code = resultCodeOf(error);
  if (code !== null && LOGIN_ERR_CODES.includes(code)) return `err.${code}`;
  if (code !== null || resultMessageOf(error) === 'no member') return 'front.signin.invalidLogin';
  return NETWORK_ERROR_ID;
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as LoginAnswer,
  },
  actors: {
    loadCaptcha: promiseNotProvided<Captcha>('loadCaptcha'),
    submitLogin: promiseNotProvided<LoginAnswer, LoginPayload>('submitLogin'),
  },
  actions: {
    changeField: assign(({ context }, params: { field: LoginField; value: string }) => ({
      ...context,
      [params.field]: params.value,
      errorId: null,
    })),
    showError: assign((_, params: { errorId: string }) => ({ errorId: params.errorId })),
    dismissError: assign({ errorId: null }),
    clearCaptchaText: assign({ captcha: '' }),
    showCaptcha: assign((_, captcha: Captcha) => ({ captchaId: captcha.captchaId, captchaImage: captcha.image })),
    dropCaptcha: assign({ captchaId: '', captchaImage: null }),
    forgetSecrets: assign({ memPass: '', captcha: '' }),
    keepAnswer: assign((_, answer: LoginAnswer) => ({ answer })),
  },
  guards: {
    hasFormError: ({ context }) => checkLogin(context) !== null,
  },
}).createMachine({
  id: 'login',
  context: { memId: '', memPass: '', captcha: '', captchaId: '', captchaImage: null, errorId: null, answer: null },
  initial: 'loadingCaptcha',
  output: ({ context }) => context.answer!,
  on: {
    // Typing goes on while a new captcha loads.
    'login.change': {
      actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
    },
    'login.dismissError': { actions: 'dismissError' },
  },
  states: {
    loadingCaptcha: {
      entry: 'clearCaptchaText',
      invoke: {
        id: 'loadCaptcha',
        src: 'loadCaptcha',
        onDone: { target: 'editing', actions: { type: 'showCaptcha', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: ['dropCaptcha', { type: 'showError', params: { errorId: NETWORK_ERROR_ID } }],
        },
      },
    },
    editing: {
      on: {
        'login.submit': [
          {
            guard: 'hasFormError',
            target: 'loadingCaptcha',
            actions: { type: 'showError', params: ({ context }) => ({ errorId: checkLogin(context)! }) },
          },
          { target: 'submitting', actions: 'dismissError' },
        ],
        'login.reloadCaptcha': { target: 'loadingCaptcha' },
      },
    },
    submitting: {
      invoke: {
        id: 'submitLogin',
        src: 'submitLogin',
        input: ({ context }) => ({
          memId: context.memId.trim(),
          memPass: context.memPass,
          captchaId: context.captchaId,
          captcha: context.captcha,
        }),
        onDone: { target: 'done', actions: { type: 'keepAnswer', params: ({ event }) => event.output } },
        onError: {
          target: 'loadingCaptcha',
          actions: { type: 'showError', params: ({ event }) => ({ errorId: loginErrorId(event.error) }) },
        },
      },
    },
    done: {
      type: 'final',
      entry: 'forgetSecrets',
    },
  },
});
