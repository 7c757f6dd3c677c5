import { useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { AuthSwitch } from './AuthSwitch';
import { SignupPanel } from './SignupPanel';

/** Desktop: the sign-up form in a modal; at the end it hands over to the login modal. */
export function SignupDialog({ onClose, onLogin }: { onClose(): void; onLogin(): void }) {
  const t = useT();
  return (
    <Modal title={t('front.member.signupTitle')} onClose={onClose} closeLabel={t('front.modal.close')} testId="signup-modal" className="modal--auth modal--wide">
      <p className="auth-subtitle">{t('front.member.signupSubtitle')}</p>
      <SignupPanel onOpenLogin={onLogin} />
      <AuthSwitch question={t('front.member.haveAccount')} action={t('front.member.toLogin')} onClick={onLogin} />
    </Modal>
  );
}
