/**
 * Any screen may ask for the money-merge modal (SPEC §2: header, cash and partner variants); the games
 * host of the current shell shows it.
 */
import type { MergeInput } from '../../machines/merge';

const listeners = new Set<(request: MergeInput) => void>();

export function requestMerge(request: MergeInput): void {
  listeners.forEach((listener) => listener(request));
}

export function onMergeRequest(listener: (request: MergeInput) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
