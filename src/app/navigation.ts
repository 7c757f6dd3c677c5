/**
 * The root actors are created before the router; they reach it through this late-bound navigator,
 * which main.tsx points at the router once it exists.
 */
export type NavigateTo = (path: '/' | '/warning') => void;

let navigator: NavigateTo = (path) => {
  if (typeof location !== 'undefined' && location.pathname !== path) location.assign(path);
};

export function setNavigator(next: NavigateTo): void {
  navigator = next;
}

export function navigateTo(path: '/' | '/warning'): void {
  navigator(path);
}
