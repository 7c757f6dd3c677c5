import type { AlertLevel } from '../../ui/alerts';
import { useAlertOnce } from '../../ui/useAlertOnce';

/**
 * Alerts the machine's error message id once and reports when the member closed it, so the machine can
 * clear it (and the form can focus the field at fault).
 */
export function useMessageAlert(messageId: string | null, level: AlertLevel, onClosed: () => void): void {
  useAlertOnce(messageId, { messageId: messageId ?? undefined, level }, onClosed);
}
