/**
 * Site data read once per page load: the site options, the bank list and the game codes. The shell
 * (menus, footer) and the sign-up form show them on a guest's first paint, so they are read without
 * TanStack Query, which comes only with the screens that read member data (QueryLayer.tsx): a guest's
 * first visit does not load it. Nothing makes site data stale (no real-time event names it), so one
 * read per page load is all there is to it; every part that shows it shares that read, and a failed
 * read is tried again when a part that shows it mounts.
 */
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { useApi, type Api } from './api';
import { loaded, type Loaded } from './loaded';

interface Entry {
  subscribe: (listener: () => void) => () => void;
  snapshot: () => Loaded<unknown>;
  /** Reads again, keeping what is shown until the answer is there. */
  reread: () => void;
}

/** The reads of one page load (DataProvider makes one; each component test gets its own). */
export type SiteReads = Map<string, Entry>;

export const SiteReadsContext = createContext<SiteReads>(new Map());

/** A read not answered yet: how the prerendered main page (src/prerender.tsx) shows every read. */
const PENDING: Loaded<unknown> = loaded({ status: 'pending', data: undefined, error: null });

function entryOf(reads: SiteReads, key: string, read: () => Promise<unknown>): Entry {
  const known = reads.get(key);
  if (known) return known;
  let state: Loaded<unknown> = PENDING;
  let reading = false;
  const listeners = new Set<() => void>();
  const set = (next: Loaded<unknown>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const start = (again = false) => {
    if (reading || (state.status === 'ready' && !again)) return;
    reading = true;
    if (state.status === 'failed') set(PENDING);
    read().then(
      (data) => set(loaded({ status: 'success', data, error: null })),
      (error: unknown) => set(loaded({ status: 'error', data: undefined, error })),
    ).finally(() => {
      reading = false;
    });
  };
  const entry: Entry = {
    subscribe(listener) {
      listeners.add(listener);
      start();
      return () => listeners.delete(listener);
    },
    snapshot: () => state,
    reread: () => start(true),
  };
  reads.set(key, entry);
  return entry;
}

/** A read shared by every part of the page load that shows it; with `everyMs`, read again that often while shown. */
export function useSiteRead<T>(key: string, read: (api: Api) => Promise<T>, everyMs?: number): Loaded<T> {
  const api = useApi();
  const entry = entryOf(useContext(SiteReadsContext), key, () => read(api));
  useEffect(() => {
    if (!everyMs) return undefined;
    const timer = setInterval(entry.reread, everyMs);
    return () => clearInterval(timer);
  }, [entry, everyMs]);
  // On the server, a read shows as the prerendered main page (src/prerender.tsx) shows it: not answered yet.
  return useSyncExternalStore(entry.subscribe, entry.snapshot, () => PENDING) as Loaded<T>;
}

export const useSiteOption = () => useSiteRead('siteOption', (api) => api.call('siteOption', {}));
export const useBanks = () => useSiteRead('banks', (api) => api.call('bank', {}));
/** Every code under a master code, all groups in one call (the menu groups them). */
export const useGameCodes = (masterCode: string) =>
  useSiteRead(`gameCodes:${masterCode}`, async (api) => (await api.call('gameCodes', { masterCode, groupCode: '', code: '' })).codes);
/** The main page's game areas (new, popular, ranking, slot jackpot, the live table), once per page load. */
export const useMainGames = () => useSiteRead('mainGames', (api) => api.call('mainGames', {}));
