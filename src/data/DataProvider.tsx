/**
 * The data layer's root: one QueryClient per page load, the API it reads through, invalidation by the
 * typed real-time events, and the member's data dropped when the signed-in member changes.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { selectMember } from '../../machines/session';
import { useSessionSelector } from '../app/appContext';
import { onRealtimeEvent } from '../realtime/events';
import { ApiContext, realApi, type Api } from './api';
import { invalidate, keys, staleAfter } from './keys';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already repeats what SPEC §8 asks for (NT99/TE99); a failed read shows as failed.
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });
}

// Only a signed-in member has an outbox and kept copies: guests never fetch that code.
const OutboxFlusher = lazy(() => import('./support').then((module) => ({ default: module.OutboxFlusher })));

function RealtimeInvalidation({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => onRealtimeEvent((event) => invalidate(queryClient, staleAfter(event))), [queryClient]);
  const memId = useSessionSelector((snapshot) => selectMember(snapshot)?.memId ?? null);
  useEffect(() => () => queryClient.removeQueries({ queryKey: keys.member }), [queryClient, memId]);
  return memId ? <Suspense fallback={null}><OutboxFlusher /></Suspense> : null;
}

export function DataProvider({ api = realApi, queryClient, children }: { api?: Api; queryClient?: QueryClient; children: ReactNode }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ApiContext.Provider value={api}>
        <RealtimeInvalidation queryClient={client} />
        {children}
      </ApiContext.Provider>
    </QueryClientProvider>
  );
}
