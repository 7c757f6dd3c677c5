import { useCallback, useRef, useState } from 'react';
import { showAlert, showConfirm, type AlertContent } from '../../ui/alerts';
import { apiErrorAlert, isUnanswered } from './apiErrorAlert';
import { createRetryKeys } from './retryKeys';

export interface MoneyActionSteps<P, R> {
  /** The member's mistake found before asking (a message to alert), or null. */
  check?(payload: P): AlertContent | null;
  /** The yes/no question asked before anything is sent. */
  confirm(payload: P): AlertContent;
  send(payload: P, idempotencyKey: string): Promise<R>;
  /** The alert after success, if any. */
  done?(answer: R, payload: P): AlertContent | null;
  onDone?(answer: R, payload: P): void;
}

export interface MoneyAction<P> {
  submitting: boolean;
  /** Check, confirm, send once and tell the outcome; resolves true when the call succeeded. */
  submit(payload: P): Promise<boolean>;
}

/**
 * A confirmed action that sends one request however often it is clicked: while one runs, further submits
 * are ignored (checked synchronously, before React re-renders the disabled button), and the idempotency
 * key is reused only for a retry of a request that got no answer.
 */
export function useMoneyAction<P, R>(steps: MoneyActionSteps<P, R>): MoneyAction<P> {
  const [submitting, setSubmitting] = useState(false);
  const running = useRef(false);
  const keys = useRef(createRetryKeys());
  const latest = useRef(steps);
  latest.current = steps;

  const submit = useCallback(async (payload: P) => {
    if (running.current) return false;
    running.current = true;
    setSubmitting(true);
    try {
      return await runSteps(latest.current, payload, keys.current);
    } finally {
      running.current = false;
      setSubmitting(false);
    }
  }, []);

  return { submitting, submit };
}

async function runSteps<P, R>(steps: MoneyActionSteps<P, R>, payload: P, keys: ReturnType<typeof createRetryKeys>): Promise<boolean> {
  const mistake = steps.check?.(payload);
  if (mistake) {
    await showAlert(mistake);
    return false;
  }
  if (!(await showConfirm(steps.confirm(payload)))) return false;
  let answer: R;
  try {
    answer = await steps.send(payload, keys.keyFor(payload));
  } catch (error) {
    if (!isUnanswered(error)) keys.settle();
    await showAlert(apiErrorAlert(error));
    return false;
  }
  keys.settle();
  steps.onDone?.(answer, payload);
  const told = steps.done?.(answer, payload);
  if (told) await showAlert({ level: 'agreeart', ...told });
  return true;
}
