import { useActor } from '@xstate/react';
import type { CashType } from '../../../contract/wallet';
import { inspectOption } from '../../app/inspector';
import { useAlertOnce } from '../../ui/useAlertOnce';
import { useCashRequestLogic } from './walletLogic';

/**
 * One money form: the cash request machine plus its alerts. A refusal or a failed check is alerted and
 * then dismissed; when no answer came the member is asked whether to send the same request again (it
 * goes out with the same idempotency key); an accepted request is announced and the form starts over.
 */
export function useCashForm(cashType: CashType, onAccepted: () => void) {
  const logic = useCashRequestLogic(onAccepted);
  const [snapshot, send] = useActor(logic, { input: { cashType }, ...inspectOption() });
  const { errorId } = snapshot.context;
  const canRetry = snapshot.matches('failed') && snapshot.can({ type: 'cash.retry' });

  useAlertOnce(
    errorId && (canRetry ? `retry:${errorId}` : errorId),
    canRetry ? { messageId: 'front.cash.retryQuestion', confirm: true } : { messageId: errorId ?? '' },
    (ok) => send({ type: ok && canRetry ? 'cash.retry' : 'cash.dismiss' }),
  );
  useAlertOnce(snapshot.matches('done') ? 'done' : null, { messageId: 'front.cash.accepted', level: 'agreeart' }, () =>
    send({ type: 'cash.again' }),
  );

  return { snapshot, send };
}

export type CashFormState = ReturnType<typeof useCashForm>;
