/**
 * The cash status machine's `followRequest` actor (machines/cashStatus.ts): while the shown request
 * is open it follows that request's real-time CASHREQ pushes ('cash.requestChanged'), so an operator's
 * move shows at once; the data layer reads the request's details again on the same event (keys.ts).
 * A push lost to a dropped connection is covered by `realtime.reconnected`, and, as a last resort, by
 * reading the member's requests again every OPEN_REQUEST_POLL_MS while one is open.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fromCallback, type EventObject } from 'xstate';
import { cashStatusMachine, type CashStatusEvent } from '../../machines/cashStatus';
import { onRealtimeEvent } from '../realtime/events';
import { invalidate, keys } from './keys';

/**
 * A last resort only: CASHREQ pushes move the status at once and a reconnect re-reads everything, so
 * this read matters only if a push is lost on a live connection. Longer than any browser test, so the
 * tests that watch a status move prove the push.
 */
export const OPEN_REQUEST_POLL_MS = 90_000;

function followRequest(queryClient: QueryClient) {
  return fromCallback<EventObject, { requestId: number }>(({ input, sendBack }) => {
    const stop = onRealtimeEvent((event) => {
      if (event.type === 'cash.requestChanged' && event.requestId === input.requestId) {
        sendBack({ type: 'cash.statusPushed', requestId: event.requestId, status: event.status } satisfies CashStatusEvent);
      }
    });
    const poll = setInterval(() => invalidate(queryClient, [keys.requests]), OPEN_REQUEST_POLL_MS);
    return () => {
      stop();
      clearInterval(poll);
    };
  });
}

/** The cash status machine with its real `followRequest` actor. */
export function useCashStatusLogic() {
  const queryClient = useQueryClient();
  return useMemo(() => cashStatusMachine.provide({ actors: { followRequest: followRequest(queryClient) } }), [queryClient]);
}
