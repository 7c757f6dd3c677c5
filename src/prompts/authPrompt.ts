/**
 * Any screen may ask for the login or sign-up form; the shell of the current route tree decides how to
 * show it (a modal on desktop, a page on mobile).
 */
export type AuthPrompt = 'login' | 'signup';

const listeners = new Set<(prompt: AuthPrompt) => void>();
/** A request made before any shell listened (a button pressed as the app starts, src/earlyClick.ts). */
let unheard: AuthPrompt | null = null;

export function requestAuth(prompt: AuthPrompt): void {
  if (listeners.size === 0) unheard = prompt;
  listeners.forEach((listener) => listener(prompt));
}

export function onAuthRequest(listener: (prompt: AuthPrompt) => void): () => void {
  listeners.add(listener);
  if (unheard) {
    const prompt = unheard;
    unheard = null;
    listener(prompt);
  }
  return () => listeners.delete(listener);
}
