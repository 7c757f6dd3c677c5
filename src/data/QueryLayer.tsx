/**
 * TanStack Query for the screens that read member data: each such screen's chunk comes with this one
 * (routes/screens.ts, dataScreen), which makes the page load's one QueryClient on first use and keeps it
 * in DataProvider's slot, so every screen shares its cache and a guest's first visit loads no Query.
 */
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ComponentType, type ReactNode } from 'react';
import { pwaStore } from '../pwa/register';
import { QueryClientSlotContext } from './DataProvider';

// Query's own watch starts "online" and only learns of a change from an event it was listening for, so a
// connection lost while no screen listened was never known to come back, and nothing read again. The
// page's one connection state (the offline banner's) tells it instead, starting from the browser's word.
onlineManager.setEventListener((setOnline) => {
  if (typeof window === 'undefined') return undefined; // the prerender
  const sync = () => setOnline(!pwaStore.getSnapshot().offline);
  const stop = pwaStore.subscribe(sync);
  sync();
  return stop;
});

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already repeats what SPEC §8 asks for (NT99/TE99); a failed read shows as failed.
      // Reads run without a connection too (TanStack Query would pause them, and the screen would say
      // "loading" for ever): they fail at once, kept reads answer their copy (offline.ts), and every read
      // runs again when the connection returns (which 'always' would otherwise turn off).
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always', refetchOnReconnect: true },
    },
  });
}

export function QueryLayer({ children }: { children: ReactNode }) {
  const slot = useContext(QueryClientSlotContext);
  slot.client ??= createQueryClient();
  return <QueryClientProvider client={slot.client}>{children}</QueryClientProvider>;
}

/** A component inside the query layer (a screen of the map, or a part of the main page loaded after its first paint). */
export function withQueryLayer<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  return function PartWithQueries(props: P) {
    return (
      <QueryLayer>
        <Part {...props} />
      </QueryLayer>
    );
  };
}
