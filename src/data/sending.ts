/**
 * Every write the member starts goes through the one confirmed-send tail (machines/sendTail.ts): here its
 * call is supplied (the tail's provided `send`), and `useSender` gives a form or a button its sender
 * (machines/sendOnce.ts) with its call, its client-side check and what an accepted answer changes.
 * The screens draw its dialogs with ui/useSendDialogs.ts.
 */
import { useActor } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { sendOnceMachine, type SendOnceEvent, type SendOnceSnapshot } from '../../machines/sendOnce';
import { sendTailMachine, type SendInput } from '../../machines/sendTail';
import { inspectOption } from '../inspector';
import { useApi, type Api } from './api';

/** The tail with its call: `send` gets the request and its idempotency key. */
export function tailWith<TRequest>(send: (input: SendInput<TRequest>) => Promise<unknown>) {
  return sendTailMachine.provide({ actors: { send: fromPromise(({ input }) => send(input as SendInput<TRequest>)) } });
}

export interface SenderOptions<TRequest, TAnswer> {
  /** The first thing wrong with a request, as a message id, or null; read when the member sends. */
  check?: (request: TRequest) => string | null;
  /** Ask "send this?" first (default true). */
  confirm?: boolean;
  /** The request was accepted: what its answer changes (balances for the header, queries to read again). */
  accepted?: (answer: TAnswer, request: TRequest) => void;
}

/** A sender's snapshot and send, typed with what it sends and what it is answered (for ui/useSendDialogs). */
export type Sender<TRequest, TAnswer> = readonly [SendOnceSnapshot, (event: SendOnceEvent) => void, ...unknown[]] & {
  readonly request?: TRequest;
  readonly answer?: TAnswer;
};

/** A sender for one kind of request; `call` is a stable function (module-level, or a hook's useCallback). */
export function useSender<TRequest, TAnswer>(
  call: (api: Api, input: SendInput<TRequest>) => Promise<TAnswer>,
  options: SenderOptions<TRequest, TAnswer> = {},
): Sender<TRequest, TAnswer> {
  const api = useApi();
  // The check and the effects read what the screen knows now (held points, the language), not what it knew at mount.
  const latest = useRef(options);
  latest.current = options;
  const logic = useMemo(() => sendOnceMachine.provide({
    actors: { tail: tailWith<TRequest>((input) => call(api, input)) },
    actions: { accepted: ({ context }, answer) => latest.current.accepted?.(answer as TAnswer, context.request as TRequest) },
  }), [api, call]);
  const input = useMemo(() => ({
    check: (request: unknown) => latest.current.check?.(request as TRequest) ?? null,
    confirm: options.confirm ?? true,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a sender asks first or not for its whole life
  }), []);
  return useActor(logic, { input, ...inspectOption() }) as unknown as Sender<TRequest, TAnswer>;
}
