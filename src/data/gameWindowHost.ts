/**
 * The one game window of the tab. It is opened on the member's click (a blank placeholder, so the
 * browser does not block it) and pointed at the game once the launch answers; the game-window machine
 * decides when, this module only touches the window.
 */
const WINDOW_NAME = 'hanbit-game';

let handle: Window | null = null;

/** Opens (or reuses) the game window on the current click; false when the browser blocked it. */
export function openGameWindow(features: string): boolean {
  handle = window.open('about:blank', WINDOW_NAME, features);
  if (!handle) return false;
  // The game's page gets no handle back into the site.
  handle.opener = null;
  return true;
}

export function navigateGameWindow(url: string): void {
  if (handle && !handle.closed) handle.location.replace(new URL(url, window.location.href).href);
}

export function closeGameWindow(): void {
  if (handle && !handle.closed) handle.close();
  handle = null;
}

export function isGameWindowClosed(): boolean {
  return handle === null || handle.closed;
}
