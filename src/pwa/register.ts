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
  /** Offer "홈 화면에 추가": through the browser's own prompt, or explained (iOS Safari has no prompt). */
  install: 'none' | 'prompt' | 'ios';
}

let state: PwaState = { updateWaiting: false, offline: false, install: 'none' };
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

/** Chromium's install event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

/** When the member last said "later" to the install offer; it is not made again for INSTALL_QUIET_MS. */
const INSTALL_DISMISSED_KEY = 'hanbit-install-dismissed';
const INSTALL_QUIET_MS = 30 * 24 * 60 * 60_000;
let installEvent: BeforeInstallPromptEvent | null = null;

function installDismissedRecently(): boolean {
  try {
    return Date.now() - Number(localStorage.getItem(INSTALL_DISMISSED_KEY) ?? 0) < INSTALL_QUIET_MS;
  } catch {
    return false;
  }
}

/** iOS Safari and the iOS browsers built on it, not already opened from the home screen. */
function isIosBrowser(): boolean {
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone = (navigator as { standalone?: boolean }).standalone === true || matchMedia('(display-mode: standalone)').matches;
  return ios && !standalone;
}

/** Listens for the browser's offer to install the site (called at start-up: the event may come early). */
export function watchInstall(): void {
  if (installDismissedRecently()) return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // the site offers it in its own words, once
    installEvent = event as BeforeInstallPromptEvent;
    setState({ install: 'prompt' });
  });
  window.addEventListener('appinstalled', () => {
    installEvent = null;
    setState({ install: 'none' });
  });
  if (isIosBrowser()) setState({ install: 'ios' });
}

/** Opens the browser's install dialog (each event may prompt once). */
export function promptInstall(): void {
  const event = installEvent;
  installEvent = null;
  setState({ install: 'none' });
  void event?.prompt().catch(() => undefined);
}

export function dismissInstall(): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
  } catch {
    // storage refused (private mode): the offer simply comes back next time
  }
  installEvent = null;
  setState({ install: 'none' });
}
