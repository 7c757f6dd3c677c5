import { describe, expect, it } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { loginErrorId, loginMachine, type LoginField } from '../../machines/login';
import { ANSWER, CAPTCHA, NEXT_CAPTCHA, startLogin } from './login.fixtures';
import { flush } from './support';

async function openForm() {
  const login = startLogin();
  login.loadCaptcha.current().resolve(CAPTCHA);
  await flush();
  return login;
}

function fill(login: Awaited<ReturnType<typeof openForm>>, form: Partial<Record<LoginField, string>>) {
  for (const [field, value] of Object.entries(form)) {
    login.actor.send({ type: 'login.change', field: field as LoginField, value });
  }
}

const VALID = { memId: 'demo01', memPass: 'demo1234', captcha: '1352' };

describe('loginMachine: captcha', () => {
  it('opens with a fresh captcha from the server', async () => {
    const { actor } = await openForm();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ captchaId: 'cap-1', captchaImage: CAPTCHA.image, errorId: null });
  });

  it('shows the network error and no picture when the captcha cannot be loaded', async () => {
    const { actor, loadCaptcha } = startLogin();
    loadCaptcha.current().reject(new TypeError('Failed to fetch'));
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ captchaImage: null, errorId: 'front.error.network' });
  });

  it('reloads the captcha on request and clears the typed code', async () => {
    const login = await openForm();
    fill(login, { captcha: '1234' });
    login.actor.send({ type: 'login.reloadCaptcha' });
    expect(login.actor.getSnapshot().value).toBe('loadingCaptcha');
    expect(login.actor.getSnapshot().context.captcha).toBe('');
    login.loadCaptcha.current().resolve(NEXT_CAPTCHA);
    await flush();
    expect(login.actor.getSnapshot().context).toMatchObject({ captchaId: 'cap-2', captchaImage: NEXT_CAPTCHA.image });
  });
});

describe('loginMachine: form checks (SPEC §5), each reloading the captcha', () => {
  it.each([
    ['an empty id', { ...VALID, memId: '  ' }, 'front.signin.emptyMemId'],
    ['an empty password', { ...VALID, memPass: '' }, 'front.signin.emptyMemPass'],
    ['an empty captcha', { ...VALID, captcha: '' }, 'front.signin.checkCaptcha'],
    ['a captcha with a digit outside 1-5', { ...VALID, captcha: '1236' }, 'front.signin.checkCaptcha'],
    ['a captcha of 3 digits', { ...VALID, captcha: '123' }, 'front.signin.checkCaptcha'],
  ])('%s', async (_, form, errorId) => {
    const login = await openForm();
    fill(login, form);
    login.actor.send({ type: 'login.submit' });
    expect(login.actor.getSnapshot().value).toBe('loadingCaptcha');
    expect(login.actor.getSnapshot().context).toMatchObject({ errorId, captcha: '' });
    expect(login.submitLogin.runs).toHaveLength(0);
    expect(login.loadCaptcha.runs).toHaveLength(2);
  });

  it('checks the id first when everything is empty', async () => {
    const login = await openForm();
    login.actor.send({ type: 'login.submit' });
    expect(login.actor.getSnapshot().context.errorId).toBe('front.signin.emptyMemId');
  });

  it('clears the message when the member types or dismisses it', async () => {
    const login = await openForm();
    login.actor.send({ type: 'login.submit' });
    login.actor.send({ type: 'login.dismissError' });
    expect(login.actor.getSnapshot().context.errorId).toBeNull();
    login.actor.send({ type: 'login.submit' });
    fill(login, { memId: 'd' });
    expect(login.actor.getSnapshot().context.errorId).toBeNull();
  });
});

describe('loginMachine: submitting', () => {
  it('sends id, password, captcha id and code, and finishes with the login answer', async () => {
    const login = await openForm();
    fill(login, { ...VALID, memId: ' demo01 ' });
    login.actor.send({ type: 'login.submit' });
    expect(login.actor.getSnapshot().value).toBe('submitting');
    expect(login.submitLogin.current().input).toEqual({ memId: 'demo01', memPass: 'demo1234', captchaId: 'cap-1', captcha: '1352' });
    login.submitLogin.current().resolve(ANSWER);
    await flush();
    const snapshot = login.actor.getSnapshot();
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual(ANSWER);
    expect(snapshot.context.memPass).toBe('');
  });

  it.each([
    [{ code: 'U001', message: '승인 대기' }, 'err.U001'],
    [{ code: 'LX02', message: '' }, 'err.LX02'],
    [{ code: 'LX03', message: '' }, 'err.LX03'],
    [{ code: 'LX04', message: '' }, 'err.LX04'],
    [{ code: 'U000', message: 'no member' }, 'front.signin.invalidLogin'],
    [{ code: 'R003', message: 'memId' }, 'front.signin.invalidLogin'],
    [{ code: 'RESPONSE_FAILED', message: 'no member' }, 'front.signin.invalidLogin'],
    [{ code: 'NT99', message: '' }, 'front.error.network'],
    [new TypeError('Failed to fetch'), 'front.error.network'],
  ])('a refused login %o shows %s, keeps id and password and reloads the captcha', async (error, errorId) => {
    const login = await openForm();
    fill(login, VALID);
    login.actor.send({ type: 'login.submit' });
    login.submitLogin.current().reject(error);
    await flush();
    const snapshot = login.actor.getSnapshot();
    expect(snapshot.value).toBe('loadingCaptcha');
    expect(snapshot.context).toMatchObject({ errorId, memId: 'demo01', memPass: 'demo1234', captcha: '' });
    login.loadCaptcha.current().resolve(NEXT_CAPTCHA);
    await flush();
    expect(login.actor.getSnapshot().context).toMatchObject({ captchaId: 'cap-2', errorId });
  });

  it('maps errors the same way outside the machine', () => {
    expect(loginErrorId({ code: 'LX03', message: '' })).toBe('err.LX03');
    expect(loginErrorId(null)).toBe('front.error.network');
  });
});

describe('loginMachine: defaults', () => {
  it('fails loudly when loadCaptcha was not provided', async () => {
    const errors: unknown[] = [];
    const inspect = (event: InspectionEvent) => {
      if (event.type === '@xstate.event' && event.event.type === 'xstate.error.actor.loadCaptcha') errors.push(event.event.error);
    };
    createActor(loginMachine, { inspect }).start();
    await flush();
    expect(errors).toEqual([new Error('actor loadCaptcha not provided')]);
  });
});
