/**
 * Service worker registration (workbox-window) and the small store the update prompt and the offline
 * banner read through useSyncExternalStore. workbox-window is fetched only when the worker is
 * registered, after the page has loaded: the first paint does not wait for it (issue 7).
 */
import type { Workbox } from 'workbox-window';

export interface PwaState {
  /** A new version is installed and waits for the member's go-ahead. */
  updateWaiting: boolean;
  offline: boolean;
}

let state: PwaState = { updateWaiting: false, offline: false };
const listeners = new Set<() => void>();
let workbox: Workbox | null = null;

function setState(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

const syncOnline = () => setState({ offline: !navigator.onLine });

export const pwaStore = {
  /** Watches the connection while anyone listens. */
  subscribe(listener: () => void): () => void {
    if (listeners.size === 0) {
      window.addEventListener('online', syncOnline);
      window.addEventListener('offline', syncOnline);
    }
    listeners.add(listener);
    if (state.offline !== !navigator.onLine) syncOnline(); // the connection may have changed unwatched
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        window.removeEventListener('online', syncOnline);
        window.removeEventListener('offline', syncOnline);
      }
    };
  },
  getSnapshot: (): PwaState => state,
};

/**
 * Registers /sw.js. In development the worker is skipped (it would cache what HMR serves) unless the
 * URL carries ?sw; vite-plugin-pwa then serves it as a module at /dev-sw.js?dev-sw.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const dev = import.meta.env.DEV;
  if (dev && !new URLSearchParams(location.search).has('sw')) return;
  const { Workbox } = await import('workbox-window');
  workbox = dev ? new Workbox('/dev-sw.js?dev-sw', { type: 'module' }) : new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => setState({ updateWaiting: true }));
  workbox.register().catch((error: unknown) => console.warn('service worker registration failed', error));
}

/** Lets the waiting worker take over, then reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => location.reload());
  workbox.messageSkipWaiting();
}

export function dismissUpdate(): void {
  setState({ updateWaiting: false });
}
