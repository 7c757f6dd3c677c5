/**
 * The main page's reads (operator banners and popups, the cash boards, the latest notices) and the cash
 * feed that follows the public topic for signed-in members. Kept apart from community.ts so the
 * guest's first page loads only these, and read like the site data (siteReads.ts), without TanStack Query.
 */
import { useEffect, useState } from 'react';
import type { CashFeedEntry } from '../../contract/community';
import { subscribeTopic } from '../realtime/connection';
import { useSiteRead } from './siteReads';

// Read once per page load like the site data (siteReads.ts): the guest's first page loads no TanStack Query.
export const useBanners = () => useSiteRead('main:banners', (api) => api.call('banner', {}));
export const usePopups = () => useSiteRead('main:popups', (api) => api.call('mainPopupList', {}));
export const useMainNotices = () => useSiteRead('main:notices', (api) => api.call('mainNotices', {}));
export const useMainCashList = () => useSiteRead('main:cashList', (api) => api.call('mainCashList', {}));

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

