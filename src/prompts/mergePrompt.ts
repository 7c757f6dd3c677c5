/**
 * Any screen may ask for the money-merge modal (SPEC §2: header, cash and partner variants); the games
 * host of the current shell shows it. The host is loaded lazily: a request made before it listens waits
 * for it.
 */
import type { MergeInput } from '../../machines/merge';

const listeners = new Set<(request: MergeInput) => void>();
let waiting: MergeInput | null = null;

export function requestMerge(request: MergeInput): void {
  if (listeners.size === 0) waiting = request;
  listeners.forEach((listener) => listener(request));
}

export function onMergeRequest(listener: (request: MergeInput) => void): () => void {
  listeners.add(listener);
  if (waiting) {
    listener(waiting);
    waiting = null;
  }
  return () => listeners.delete(listener);
}
