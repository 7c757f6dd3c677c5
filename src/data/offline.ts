/**
 * Reads kept for offline use (the offline-capable PWA): notices, FAQ, the guides' data, the member's
 * messages and own questions. Each successful read is written to IndexedDB; when a read gets no answer
 * (no connection), the last kept copy is answered instead, marked with when it was last fresh. Copies
 * are kept OFFLINE_KEEP_MS and are keyed by member, so one member never sees another's; a member's
 * copies are dropped when they sign out. Only the read-only calls above go through here: nothing that
 * moves money is ever kept or answered from a copy.
 */
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { resultCodeOf } from '../../machines/errors';
import { NETWORK_ERROR } from '../api/ApiError';

export const OFFLINE_KEEP_MS = 14 * 24 * 60 * 60_000;

/** When the data was last read from the server, and whether this answer is a kept copy. */
export interface Freshness {
  freshAt: number;
  offline: boolean;
}

export type Kept<T> = T & { kept: Freshness };

interface Stored {
  data: unknown;
  freshAt: number;
}

let store: UseStore | null = null;
function offlineStore(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  store ??= createStore('hanbit-offline', 'reads');
  return store;
}

const idOf = (memId: string, key: readonly unknown[]) => JSON.stringify([memId, ...key]);

/**
 * Reads through `fetch` and keeps the answer under (memId, key); when no answer comes, answers the kept
 * copy (if younger than OFFLINE_KEEP_MS). A refusal from the server is never answered from a copy.
 */
export async function readKept<T extends object>(memId: string, key: readonly unknown[], fetch: () => Promise<T>, now = Date.now): Promise<Kept<T>> {
  const db = offlineStore();
  const id = idOf(memId, key);
  try {
    const data = await fetch();
    const freshAt = now();
    if (db) await set(id, { data, freshAt } satisfies Stored, db).catch(() => undefined);
    return { ...data, kept: { freshAt, offline: false } };
  } catch (error) {
    if (resultCodeOf(error) !== null || !db) throw error;
    const stored = (await get<Stored>(id, db).catch(() => undefined));
    if (!stored || now() - stored.freshAt > OFFLINE_KEEP_MS) throw error;
    return { ...(stored.data as T), kept: { freshAt: stored.freshAt, offline: true } };
  }
}

/** Drops kept copies that are too old, and every copy of `memId` when given (sign-out). */
export async function pruneKept(memId?: string, now = Date.now()): Promise<void> {
  const db = offlineStore();
  if (!db) return;
  const all = await entries<string, Stored>(db).catch(() => []);
  await Promise.all(all
    .filter(([id, stored]) => now - stored.freshAt > OFFLINE_KEEP_MS || (memId !== undefined && (JSON.parse(id) as unknown[])[0] === memId))
    .map(([id]) => del(id, db).catch(() => undefined)));
}

/**
 * A read or call that got no answer because there is no connection (or the server could not be
 * reached): the screen says "no connection" (ui/OfflineNotice) rather than "not found" or "failed", and
 * the read runs again by itself once the browser is back online (TanStack Query's refetchOnReconnect).
 */
export function isOfflineError(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  return typeof error === 'object' && error !== null && 'code' in error && error.code === NETWORK_ERROR;
}
