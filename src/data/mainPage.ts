/**
 * The main page's reads (operator banners and popups, the cash boards, the latest notices) and the cash
 * feed that follows the public topic for signed-in members. Kept apart from community.ts so the
 * guest's first page loads only these.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AnswerOf } from '../../contract/callPaths';
import type { CashFeedEntry } from '../../contract/community';
import { subscribeTopic } from '../realtime/connection';
import { useApi } from './api';
import { keys } from './keys';
import { loaded } from './loaded';

const MINUTE = 60_000;
const main = [...keys.site, 'main'] as const;

export const useBanners = () => {
  const api = useApi();
  return loaded<AnswerOf<'banner'>>(useQuery(queryOptions({ queryKey: [...main, 'banners'], queryFn: () => api.call('banner', {}), staleTime: 5 * MINUTE })));
};
export const usePopups = () => {
  const api = useApi();
  return loaded<AnswerOf<'mainPopupList'>>(useQuery(queryOptions({ queryKey: [...main, 'popups'], queryFn: () => api.call('mainPopupList', {}), staleTime: 5 * MINUTE })));
};
export const useMainNotices = () => {
  const api = useApi();
  return loaded<AnswerOf<'mainNotices'>>(useQuery(queryOptions({ queryKey: [...main, 'notices'], queryFn: () => api.call('mainNotices', {}), staleTime: 5 * MINUTE })));
};
export const useMainCashList = () => {
  const api = useApi();
  return loaded<AnswerOf<'mainCashList'>>(useQuery(queryOptions({ queryKey: [...main, 'cashList'], queryFn: () => api.call('mainCashList', {}), staleTime: MINUTE, refetchInterval: MINUTE })));
};

const CASH_TOPIC = '/topic/cash';
const FEED_KEEP = 10;

/**
 * Approved deposits and withdrawals as they happen (the public cash topic), newest first. Followed only
 * while `live` (a signed-in member, whose tab has the connection open anyway): guests read the list.
 */
export function useLiveCashFeed(live: boolean): CashFeedEntry[] {
  const [feed, setFeed] = useState<CashFeedEntry[]>([]);
  useEffect(() => {
    if (!live) return undefined;
    return subscribeTopic(CASH_TOPIC, (payload) => {
      const item = payload as Partial<CashFeedEntry> | null;
      if (!item || (item.kind !== 'in' && item.kind !== 'out') || typeof item.memId !== 'string' || typeof item.amount !== 'number') return;
      setFeed((list) => [{ kind: item.kind!, memId: item.memId!, amount: item.amount!, at: String(item.at ?? '') }, ...list].slice(0, FEED_KEEP));
    });
  }, [live]);
  return feed;
}

