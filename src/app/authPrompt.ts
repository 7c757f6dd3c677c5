/**
 * Any screen may ask for the login or sign-up form; the shell of the current route tree decides how to
 * show it (a modal on desktop, a page on mobile).
 */
export type AuthPrompt = 'login' | 'signup';

const listeners = new Set<(prompt: AuthPrompt) => void>();

export function requestAuth(prompt: AuthPrompt): void {
  listeners.forEach((listener) => listener(prompt));
}

export function onAuthRequest(listener: (prompt: AuthPrompt) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
