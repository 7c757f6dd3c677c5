import { useEffect, useRef } from 'react';
import { showAlert, type AlertLevel } from '../../ui/alerts';

/**
 * Alerts the machine's error message id once and reports when the member closed it, so the machine can
 * clear it (and the form can focus the field at fault).
 */
export function useMessageAlert(messageId: string | null, level: AlertLevel, onClosed: () => void): void {
  const showing = useRef<string | null>(null);
  const closed = useRef(onClosed);
  closed.current = onClosed;

  useEffect(() => {
    if (!messageId || showing.current === messageId) return;
    showing.current = messageId;
    void showAlert({ messageId, level }).then(() => {
      showing.current = null;
      closed.current();
    });
  }, [messageId, level]);
}
