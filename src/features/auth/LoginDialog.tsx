import { useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { AuthSwitch } from './AuthSwitch';
import { LoginForm } from './LoginForm';
import { useSignIn } from './useSignIn';

/** Desktop: the login form in a modal; closes once the member is signed in. */
export function LoginDialog({ onClose, onSignup }: { onClose(): void; onSignup(): void }) {
  const t = useT();
  const signIn = useSignIn(onClose);
  return (
    <Modal title={t('front.signin.title')} onClose={onClose} closeLabel={t('front.modal.close')} testId="login-modal" className="modal--auth">
      <p className="auth-subtitle">{t('front.signin.subtitle')}</p>
      <LoginForm onDone={signIn} />
      <AuthSwitch question={t('front.signin.noAccount')} action={t('front.signin.toSignup')} onClick={onSignup} />
    </Modal>
  );
}
