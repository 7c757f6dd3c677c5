import type { UseQueryResult } from '@tanstack/react-query';

/** A read as the screens show it: loading, ready with its data, or failed. */
export type Loaded<T> =
  | { status: 'loading'; data: null }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data: null; error: unknown };

export function loaded<T>(result: Pick<UseQueryResult<T>, 'status' | 'data' | 'error'>): Loaded<T> {
  if (result.status === 'success') return { status: 'ready', data: result.data as T };
  if (result.status === 'error') return { status: 'failed', data: null, error: result.error };
  return { status: 'loading', data: null };
}
