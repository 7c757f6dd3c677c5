import { useEffect, useRef } from 'react';
import { showAlert, showConfirm, type AlertContent } from './alerts';

/**
 * Shows `content` (an alert, or a confirm when asked) once while `key` is set and reports the answer,
 * so the machine can move on (dismiss the error, retry). A new key shows it again.
 */
export function useAlertOnce(key: string | null, content: AlertContent & { confirm?: boolean }, onAnswer: (ok: boolean) => void): void {
  const showing = useRef<string | null>(null);
  const latest = useRef({ content, onAnswer });
  latest.current = { content, onAnswer };

  useEffect(() => {
    if (!key) {
      showing.current = null;
      return;
    }
    if (showing.current === key) return;
    showing.current = key;
    const { content: shown } = latest.current;
    const answer = shown.confirm ? showConfirm(shown) : showAlert(shown).then(() => true);
    void answer.then((ok) => {
      showing.current = null;
      latest.current.onAnswer(ok);
    });
  }, [key]);
}
