/**
 * The data layer's root: the API it reads through, the page load's site reads (siteReads.ts), and the
 * page load's one QueryClient, made by the first screen that reads member data (QueryLayer.tsx), so
 * TanStack Query is not part of a guest's first visit. Whether or not a screen has made the client yet,
 * this root invalidates it by the typed real-time events and drops the member's data when the
 * signed-in member changes.
 */
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, createContext, lazy, useEffect, useState, type ReactNode } from 'react';
import { selectMember } from '../../machines/session';
import { useSessionSelector } from '../session/context';
import { onRealtimeEvent } from '../realtime/events';
import { ApiContext, realApi, type Api } from './api';
import { invalidate, keys, staleAfter } from './keys';
import { SiteReadsContext, type SiteReads } from './siteReads';

/** Where the page load's QueryClient is kept once made (tests may put their own). */
export interface QueryClientSlot {
  client: QueryClient | null;
}

export const QueryClientSlotContext = createContext<QueryClientSlot>({ client: null });

// Only a signed-in member has an outbox and kept copies: guests never fetch that code (nor Query).
const OutboxFlusher = lazy(async () => {
  const [{ OutboxFlusher: Flusher }, { QueryLayer }] = await Promise.all([import('./support'), import('./QueryLayer')]);
  return { default: () => <QueryLayer><Flusher /></QueryLayer> };
});

function RealtimeInvalidation({ slot }: { slot: QueryClientSlot }) {
  useEffect(() => onRealtimeEvent((event) => {
    if (slot.client) invalidate(slot.client, staleAfter(event));
  }), [slot]);
  const memId = useSessionSelector((snapshot) => selectMember(snapshot)?.memId ?? null);
  useEffect(() => () => slot.client?.removeQueries({ queryKey: keys.member }), [slot, memId]);
  return memId ? <Suspense fallback={null}><OutboxFlusher /></Suspense> : null;
}

export function DataProvider({ api = realApi, queryClient, children }: { api?: Api; queryClient?: QueryClient; children: ReactNode }) {
  const [slot] = useState<QueryClientSlot>(() => ({ client: queryClient ?? null }));
  const [siteReads] = useState<SiteReads>(() => new Map());
  return (
    <ApiContext.Provider value={api}>
      <SiteReadsContext.Provider value={siteReads}>
        <QueryClientSlotContext.Provider value={slot}>
          <RealtimeInvalidation slot={slot} />
          {children}
        </QueryClientSlotContext.Provider>
      </SiteReadsContext.Provider>
    </ApiContext.Provider>
  );
}
