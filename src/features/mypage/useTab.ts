import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * The open tab of a tabbed page, kept in the address as ?tab=<id> so a tab can be linked and survives a
 * reload; an unknown or missing tab opens the first one.
 */
export function useTab<T extends string>(tabs: readonly T[]): [T, (tab: T) => void] {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const current = tabs.find((tab) => tab === search.tab) ?? tabs[0];
  const open = useCallback((tab: T) => void navigate({ to: '.', search: { tab }, replace: true }), [navigate]);
  return [current, open];
}
