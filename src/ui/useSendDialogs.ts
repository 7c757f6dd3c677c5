import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { requestIdentity, SEND_TAIL, type SendTailActor } from '../../machines/sendTail';
import type { Sender } from '../data/sending';
import { showAlert, type AlertContent } from './alerts';
import { useAlertOnce } from './useAlertOnce';

/** "Send the same request again?" after no answer: what every money action and the bet slip ask. */
export const MONEY_RETRY_ID = 'front.cash.retryQuestion';

export interface TailDialogs<TRequest> {
  /** The yes/no question asked before anything is sent: what exactly will be sent (when the owner asks first). */
  confirm?(request: TRequest): AlertContent;
  /** When no answer came: the question whether to send the same request again (same key), e.g. 'front.cash.retryQuestion'; without it, the no-connection alert. */
  retry?: string;
  /** Values for the owner's own message ids (e.g. the point minimum). */
  errorValues?: Record<string, unknown>;
}

/** Where the tail is, for what the screen shows (a spinner while 'sending'); null when it is not running. */
export type TailPhase = 'confirming' | 'sending' | 'refused' | 'unanswered' | null;

/** The tail an owner runs now (every owner invokes it under SEND_TAIL). */
export function tailOf(snapshot: { children: Record<string, unknown> }): SendTailActor | undefined {
  return snapshot.children[SEND_TAIL] as SendTailActor | undefined;
}

/**
 * The dialogs of the confirmed-send tail (machines/sendTail.ts), the same for every owner: the question,
 * the refusal's message (a check's or the server's code), and when no answer came the question whether
 * to send the same request again (or the no-connection alert). Answers where the tail is.
 */
export function useTailDialogs<TRequest>(tail: SendTailActor | undefined, dialogs: TailDialogs<TRequest>): TailPhase {
  const snapshot = useSelector(tail, (current) => current);
  const phase = snapshot?.status === 'active' ? (snapshot.value as TailPhase) : null;
  const { request, errorId } = snapshot?.context ?? { request: null, errorId: null };
  const answer = (event: 'send.confirm' | 'send.cancel' | 'send.retry' | 'send.dismiss') => tail?.send({ type: event });
  useAlertOnce(
    phase === 'confirming' ? `confirm:${requestIdentity(request)}` : null,
    phase === 'confirming' ? { ...dialogs.confirm?.(request as TRequest), confirm: true } : {},
    (ok) => answer(ok ? 'send.confirm' : 'send.cancel'),
  );
  useAlertOnce(phase === 'refused' ? `refused:${errorId}` : null, { messageId: errorId ?? '', values: dialogs.errorValues }, () => answer('send.dismiss'));
  useAlertOnce(
    phase === 'unanswered' ? 'unanswered' : null,
    dialogs.retry ? { messageId: dialogs.retry, confirm: true } : { messageId: errorId ?? '' },
    (ok) => answer(ok && dialogs.retry ? 'send.retry' : 'send.dismiss'),
  );
  return phase;
}

export interface SendDialogs<TRequest, TAnswer> extends TailDialogs<TRequest> {
  /** The alert after success, if any (it may wait: the wheel spins to the prize first). */
  done?(answer: TAnswer, request: TRequest): AlertContent | null | Promise<AlertContent | null>;
  /** At once after success (e.g. empty the form). */
  onDone?(answer: TAnswer, request: TRequest): void;
  /** After the success alert was read (e.g. back to the list). */
  then?(answer: TAnswer, request: TRequest): void;
}

export interface SendState<TRequest> {
  /** Hand a request to the sender (it checks it, asks, sends once). */
  submit(request: TRequest): void;
  /** A request is under way (asked, sent, or its answer shown): the button is disabled. */
  busy: boolean;
  /** The request is out: the page may wait under an overlay. */
  sending: boolean;
}

/**
 * The dialogs of a form's or a button's sender (machines/sendOnce.ts, made by src/data's hooks): the
 * tail's, then the success, after which the sender is ready for the next request.
 */
export function useSendDialogs<TRequest, TAnswer>(
  [snapshot, send]: Sender<TRequest, TAnswer>,
  dialogs: SendDialogs<TRequest, TAnswer>,
): SendState<TRequest> {
  const phase = useTailDialogs(tailOf(snapshot), dialogs);
  const latest = useRef(dialogs);
  latest.current = dialogs;
  const done = snapshot.matches('done');
  const { answer, request } = snapshot.context;
  useEffect(() => {
    if (!done) return;
    void (async () => {
      latest.current.onDone?.(answer as TAnswer, request as TRequest);
      const told = await latest.current.done?.(answer as TAnswer, request as TRequest);
      if (told) await showAlert({ level: 'agreeart', ...told });
      send({ type: 'send.again' });
      latest.current.then?.(answer as TAnswer, request as TRequest);
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per success
  }, [done]);
  return {
    submit: (next) => send({ type: 'send.submit', request: next }),
    busy: !snapshot.matches('idle'),
    sending: phase === 'sending',
  };
}
