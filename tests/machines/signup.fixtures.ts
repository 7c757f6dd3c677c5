/** A sign-up actor wired to a controllable fake, plus a form that passes every rule. */
import { createActor, type InspectionEvent } from 'xstate';
import type { SignupFields } from '../../contract/rules';
import { signupMachine, type SignupInput, type SignupPayload } from '../../machines/signup';
import { fakePromise } from './support';

export const VALID_FORM: SignupFields = {
  memId: 'newbie01',
  memPass: 'pass1234!',
  memPassCheck: 'pass1234!',
  cashOutPass: '1234',
  memNick: '새회원',
  memPhone: '010-1234-5678',
  recommenderId: 'partner01',
  bank: '004',
  memName: '홍길동',
  bankacc: '123456789012',
};

export function startSignup(input: SignupInput = { recommenderFixed: false }, inspect?: (event: InspectionEvent) => void) {
  const submitSignup = fakePromise<unknown, SignupPayload>('submitSignup');
  const machine = signupMachine.provide({ actors: { submitSignup: submitSignup.logic } });
  const actor = createActor(machine, { input, inspect });
  actor.start();
  const fill = (form: Partial<SignupFields>) => {
    for (const [field, value] of Object.entries(form)) {
      actor.send({ type: 'signup.change', field: field as keyof SignupFields, value });
    }
  };
  return { actor, submitSignup, fill };
}
