import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useT } from '../../i18n';
import { screenLink } from '../../routes/screens';
import { AuthSwitch } from './AuthSwitch';
import { SignupPanel } from './SignupPanel';

/** Mobile /join (guests only, a screen of the phone tree): the same sign-up form as the desktop modal, as a page. */
export function JoinPage() {
  const t = useT();
  const navigate = useNavigate();
  const toLogin = useCallback(() => void navigate(screenLink('phone', 'login')), [navigate]);
  return (
    <section className="auth-page">
      <h1 className="auth-page__title">{t('front.member.signupTitle')}</h1>
      <p className="auth-subtitle">{t('front.member.signupSubtitle')}</p>
      <SignupPanel onOpenLogin={toLogin} />
      <AuthSwitch question={t('front.member.haveAccount')} action={t('front.member.toLogin')} onClick={toLogin} />
    </section>
  );
}
