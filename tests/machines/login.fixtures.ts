/** A login actor wired to controllable fakes, plus the data the login tests share. */
import { createActor, type InspectionEvent } from 'xstate';
import type { Captcha, LoginAnswer } from '../../contract/types';
import { loginMachine, type LoginPayload } from '../../machines/login';
import { MEMBER } from './session.fixtures';
import { fakePromise } from './support';

export const CAPTCHA: Captcha = { captchaId: 'cap-1', image: 'data:image/svg+xml;base64,PHN2Zy8+' };
export const NEXT_CAPTCHA: Captcha = { captchaId: 'cap-2', image: 'data:image/svg+xml;base64,PHN2ZyAvPg==' };
export const ANSWER: LoginAnswer = {
  token: 'tok-login',
  expiresAt: '2030-01-01T02:00:00.000Z',
  member: MEMBER,
  msgInfo: { newMsg: 3 },
  rtSeq: 0,
};

export function startLogin(inspect?: (event: InspectionEvent) => void) {
  const loadCaptcha = fakePromise<Captcha>('loadCaptcha');
  const submitLogin = fakePromise<LoginAnswer, LoginPayload>('submitLogin');
  const machine = loginMachine.provide({ actors: { loadCaptcha: loadCaptcha.logic, submitLogin: submitLogin.logic } });
  const actor = createActor(machine, { inspect });
  actor.start();
  return { actor, loadCaptcha, submitLogin };
}
