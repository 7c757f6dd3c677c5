import { useEffect } from 'react';
import type { MoneyActionEvent, MoneyActionSnapshot } from '../../machines/moneyAction';
import type { AlertContent } from './alerts';
import { useAlertOnce } from './useAlertOnce';

export interface MoneyDialogs<TDraft, TAnswer> {
  /** The yes/no question asked before anything is sent: what exactly will be requested. */
  confirm(draft: TDraft): AlertContent;
  /** The alert after success, if any. */
  done?(answer: TAnswer, draft: TDraft): AlertContent | null;
  /** After success (e.g. empty the form). */
  onDone?(): void;
  /** Values for the action's own message ids (e.g. the point minimum). */
  errorValues?: Record<string, unknown>;
}

/**
 * The dialogs of a confirmed money action (machines/moneyAction.ts), the same for every action: the
 * confirm, the refusal's message (a check's or the server's code), the question whether to send the
 * same request again when no answer came (same key), and the success.
 */
export function useMoneyDialogs<TDraft, TAnswer>(
  snapshot: MoneyActionSnapshot,
  send: (event: MoneyActionEvent) => void,
  dialogs: MoneyDialogs<TDraft, TAnswer>,
): void {
  const { draft, answer, errorId } = snapshot.context;
  const confirming = snapshot.matches('confirming');
  useAlertOnce(
    confirming ? `confirm:${JSON.stringify(draft)}` : null,
    confirming ? { ...dialogs.confirm(draft as TDraft), confirm: true } : {},
    (ok) => send({ type: ok ? 'money.confirm' : 'money.cancel' }),
  );
  useAlertOnce(snapshot.matches('refused') ? `refused:${errorId}` : null, { messageId: errorId ?? '', values: dialogs.errorValues }, () =>
    send({ type: 'money.dismiss' }),
  );
  useAlertOnce(snapshot.matches('unanswered') ? 'unanswered' : null, { messageId: 'front.cash.retryQuestion', confirm: true }, (ok) =>
    send({ type: ok ? 'money.retry' : 'money.dismiss' }),
  );

  const done = snapshot.matches('done');
  const told = done ? (dialogs.done?.(answer as TAnswer, draft as TDraft) ?? null) : null;
  useAlertOnce(done && told ? 'done' : null, { level: 'agreeart', ...told }, () => send({ type: 'money.again' }));
  useEffect(() => {
    if (!done) return;
    dialogs.onDone?.();
    if (!told) send({ type: 'money.again' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per success
  }, [done]);
}
