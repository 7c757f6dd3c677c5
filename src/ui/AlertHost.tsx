import { hasMessage, useT } from '../i18n';
import { Button } from './Button';
import { Modal } from './Modal';
import { useCurrentAlert, type AlertRequest } from './alerts';
import { Helpline } from './Helpline';

/** A refusal by member protection (a limit or a break, api.PL00x) shows the helpline under its text. */
const PROTECTION_REFUSAL = /^api\.PL\d{3}$/;

function useAlertText(): (request: AlertRequest) => string {
  const t = useT();
  return ({ messageId, values, text }) => {
    if (messageId && (hasMessage(messageId) || !text)) return t(messageId, values);
    return text ?? '';
  };
}

/** Renders the current alert or confirm as a modal dialog; mounted once by the app providers. */
export function AlertHost() {
  const t = useT();
  const textOf = useAlertText();
  const request = useCurrentAlert();
  if (!request) return null;

  const isConfirm = request.kind === 'confirm';
  const title = t(request.level === 'agreeart' ? 'front.alert.titleAgree' : 'front.alert.titleWarning');
  return (
    // key: a new request remounts the dialog so it opens fresh on top.
    <Modal
      key={request.key}
      title={title}
      testId={isConfirm ? 'confirm' : 'alert'}
      className={`alert alert--${request.level}`}
      onClose={() => request.answer(false)}
      closeButton={false}
      footer={
        isConfirm ? (
          <>
            <Button variant="ghost" data-testid="confirm-no" onClick={() => request.answer(false)}>
              {t('front.alert.no')}
            </Button>
            <Button autoFocus data-testid="confirm-yes" onClick={() => request.answer(true)}>
              {t('front.alert.yes')}
            </Button>
          </>
        ) : (
          <Button autoFocus data-testid="alert-ok" onClick={() => request.answer(true)}>
            {t('front.alert.ok')}
          </Button>
        )
      }
    >
      <p className="alert__text" role="alert">
        {textOf(request)}
      </p>
      {request.messageId && PROTECTION_REFUSAL.test(request.messageId) && <Helpline />}
    </Modal>
  );
}
