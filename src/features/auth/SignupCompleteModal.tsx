import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

/** After sign-up: the account waits for the operator's approval; the button leads to the login form. */
export function SignupCompleteModal({ onAck }: { onAck(): void }) {
  const t = useT();
  return (
    <Modal
      title={t('front.member.pendingTitle')}
      testId="signup-complete"
      className="modal--narrow"
      footer={
        <Button autoFocus block onClick={onAck}>
          {t('front.member.goLogin')}
        </Button>
      }
    >
      <div className="pending">
        <span className="pending__icon" aria-hidden="true">
          ✓
        </span>
        <p>{t('front.member.pendingBody')}</p>
      </div>
    </Modal>
  );
}
