import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useT } from '../../i18n';
import { screenLink } from '../../routes/screens';
import { AuthSwitch } from './AuthSwitch';
import { LoginForm } from './LoginForm';
import { useSignIn } from './useSignIn';

/** Mobile /login (guests only, a screen of the phone tree): the same form as the desktop modal, as a page. */
export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const home = useCallback(() => void navigate({ ...screenLink('phone', 'main'), replace: true }), [navigate]);
  const signIn = useSignIn(home);
  return (
    <section className="auth-page">
      <h1 className="auth-page__title">{t('front.signin.title')}</h1>
      <p className="auth-subtitle">{t('front.signin.subtitle')}</p>
      <LoginForm onDone={signIn} />
      <AuthSwitch question={t('front.signin.noAccount')} action={t('front.signin.toSignup')} onClick={() => void navigate(screenLink('phone', 'join'))} />
    </section>
  );
}
