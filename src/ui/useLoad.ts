import { useEffect, useState, type DependencyList } from 'react';

export type Loaded<T> =
  | { status: 'loading'; data: null }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data: null; error: unknown };

/** Runs an async loader when the deps change and exposes its state; a stale answer is dropped. */
export function useLoad<T>(loader: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading', data: null });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading', data: null });
    loader().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) => current && setState({ status: 'failed', data: null, error }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names the deps of its loader
  }, deps);
  return state;
}
