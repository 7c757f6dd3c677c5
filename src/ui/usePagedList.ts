import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageInfo } from '../../contract/wallet';
import { loaded, type Loaded } from '../data/loaded';
import { showAlert } from './alerts';

export interface PagedAnswer<T> {
  list: T[];
  pageInfo: PageInfo;
}

export interface PagedList<T, F> {
  state: Loaded<PagedAnswer<T>>;
  filter: F;
  page: number;
  /** A new filter starts again from page 1. */
  search(filter: F): void;
  goTo(page: number): void;
}

export interface PagedListOptions {
  /** Message id alerted when a page fails to load (SPEC §8: the cash list alerts "error"). */
  failureAlertId?: string;
}

/** One page's read, as the data layer defines it (src/data/queries.ts). */
export interface PageQuery<T> {
  queryKey: QueryKey;
  queryFn(): Promise<PagedAnswer<T>>;
}

/**
 * A list read page by page from 1 (SPEC §9), filtered by `filter`, through one of the data layer's
 * query definitions (`read`); the answer's pageInfo drives the pager. The list is read again whenever
 * its query is invalidated (a money action, a push).
 */
export function usePagedList<T, F>(read: (filter: F, page: number) => PageQuery<T>, initialFilter: F, { failureAlertId }: PagedListOptions = {}): PagedList<T, F> {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState({ filter: initialFilter, page: 1 });
  const result = useQuery({ ...read(query.filter, query.page), placeholderData: keepPreviousData });
  const state = loaded(result);

  useEffect(() => {
    if (result.isError && failureAlertId) void showAlert({ messageId: failureAlertId });
  }, [result.isError, result.errorUpdatedAt, failureAlertId]);

  const latestRead = useRef(read);
  latestRead.current = read;
  // Searching again for the same days reads them again.
  const search = useCallback(
    (filter: F) => {
      setQuery({ filter, page: 1 });
      void queryClient.invalidateQueries({ queryKey: latestRead.current(filter, 1).queryKey, exact: true });
    },
    [queryClient],
  );
  const goTo = useCallback((page: number) => setQuery((current) => ({ ...current, page })), []);
  return { state, filter: query.filter, page: query.page, search, goTo };
}
