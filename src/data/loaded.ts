/** A read as the screens show it: loading, ready with its data, or failed. */
export type Loaded<T> =
  | { status: 'loading'; data: null }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data: null; error: unknown };

/** A read's state as TanStack Query names it (and siteReads.ts too). */
export interface ReadState<T> {
  status: 'pending' | 'success' | 'error';
  data: T | undefined;
  error: unknown;
}

export function loaded<T>(result: ReadState<T>): Loaded<T> {
  if (result.status === 'success') return { status: 'ready', data: result.data as T };
  if (result.status === 'error') return { status: 'failed', data: null, error: result.error };
  return { status: 'loading', data: null };
}
