import { useCallback, useEffect, useState } from 'react';
import type { PageInfo } from '../../../contract/wallet';
import { showAlert } from '../../ui/alerts';
import { useLoad, type Loaded } from '../../ui/useLoad';

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
  /** Loads the current page again (after a change to the records). */
  reload(): void;
}

export interface PagedListOptions {
  /** Message id alerted when a page fails to load (SPEC §8: the cash list alerts "error"). */
  failureAlertId?: string;
}

/** A list read page by page from 1 (SPEC §9), filtered by `filter`; the answer's pageInfo drives the pager. */
export function usePagedList<T, F>(
  load: (filter: F, page: number) => Promise<PagedAnswer<T>>,
  initialFilter: F,
  { failureAlertId }: PagedListOptions = {},
): PagedList<T, F> {
  const [query, setQuery] = useState({ filter: initialFilter, page: 1, version: 0 });
  const state = useLoad(() => load(query.filter, query.page), [query]);

  useEffect(() => {
    if (state.status === 'failed' && failureAlertId) void showAlert({ messageId: failureAlertId });
  }, [state, failureAlertId]);

  const search = useCallback((filter: F) => setQuery((current) => ({ filter, page: 1, version: current.version + 1 })), []);
  const goTo = useCallback((page: number) => setQuery((current) => ({ ...current, page })), []);
  const reload = useCallback(() => setQuery((current) => ({ ...current, version: current.version + 1 })), []);
  return { state, filter: query.filter, page: query.page, search, goTo, reload };
}
