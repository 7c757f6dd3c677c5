import { useActor } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { LoginAnswer } from '../../../contract/types';
import { CAPTCHA_LENGTH } from '../../../contract/constants';
import { inspectOption } from '../../inspector';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { SubmitForm } from '../../ui/SubmitForm';
import { loginLogic, type LoginLogic } from '../../data/loginLogic';
import { useMessageAlert } from './useMessageAlert';

type LoginField = 'memId' | 'memPass' | 'captcha';

export interface LoginFormProps {
  onDone(answer: LoginAnswer): void;
  /** The machine with its actors; tests pass fakes. */
  logic?: LoginLogic;
}

/** Member id, password and the server's captcha; Enter submits. Used by the desktop modal and /login. */
export function LoginForm({ onDone, logic = loginLogic }: LoginFormProps) {
  const t = useT();
  const [snapshot, send] = useActor(logic, inspectOption());
  const { memId, memPass, captcha, captchaImage, errorId } = snapshot.context;
  const answer = snapshot.status === 'done' ? snapshot.output : undefined;

  useMessageAlert(errorId, 'warningart', () => send({ type: 'login.dismissError' }));
  const reported = useRef(false);
  useEffect(() => {
    if (!answer || reported.current) return;
    reported.current = true;
    onDone(answer);
  }, [answer, onDone]);

  const change = (field: LoginField) => (event: React.ChangeEvent<HTMLInputElement>) =>
    send({ type: 'login.change', field, value: event.target.value });

  return (
    <SubmitForm className="auth-form" testId="login-form" onSubmit={() => send({ type: 'login.submit' })}>
      <Field htmlFor="login-memId" label={t('front.signin.memId')}>
        <input id="login-memId" name="memId" autoComplete="username" value={memId} onChange={change('memId')} autoFocus />
      </Field>
      <Field htmlFor="login-memPass" label={t('front.signin.memPass')}>
        <input id="login-memPass" name="memPass" type="password" autoComplete="current-password" value={memPass} onChange={change('memPass')} />
      </Field>
      <Field htmlFor="login-captcha" label={t('front.signin.captcha')} hint={t('front.signin.captchaHint')}>
        <div className="captcha">
          <div className="captcha__image">{captchaImage && <img src={captchaImage} alt={t('front.signin.captchaAlt')} />}</div>
          <Button variant="ghost" size="sm" onClick={() => send({ type: 'login.reloadCaptcha' })} aria-label={t('front.signin.reloadCaptcha')}>
            ↻ {t('front.signin.reloadCaptcha')}
          </Button>
        </div>
        <input
          id="login-captcha"
          name="captcha"
          inputMode="numeric"
          autoComplete="off"
          maxLength={CAPTCHA_LENGTH}
          value={captcha}
          onChange={change('captcha')}
        />
      </Field>
      <Button type="submit" size="lg" block disabled={snapshot.matches('submitting')}>
        {t('front.signin.submit')}
      </Button>
      {snapshot.matches('submitting') && <LoadingOverlay />}
    </SubmitForm>
  );
}
