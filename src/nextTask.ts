/**
 * Resolves in a later task: work after it runs once the browser has had the main thread back (to paint, to
 * answer a tap), so a phone's slow CPU is never held for one long task (Lighthouse's total blocking time).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
