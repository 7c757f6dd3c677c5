/**
 * Placeholder actors for `setup({ actors })`. The app supplies the real ones with `.provide()`; until it
 * does, an invoked placeholder fails loudly instead of silently doing nothing.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';

function missing(name: string): Error {
  return new Error(`actor ${name} not provided`);
}

export function promiseNotProvided<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(missing(name)));
}

export function callbackNotProvided<TInput>(name: string) {
  return fromCallback<EventObject, TInput>(() => {
    throw missing(name);
  });
}
