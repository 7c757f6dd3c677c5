/**
 * The main page's reads (operator banners and popups, the cash boards, the latest notices) and the cash
 * feed that follows the public topic for signed-in members. Kept apart from community.ts so the
 * guest's first page loads only these.
 */
import { useEffect, useState } from 'react';
import type { CashFeedEntry } from '../../contract/community';
import { useSiteRead } from './siteReads';

// Read once per page load like the rest of the site data (siteReads.ts), so the first paint of / carries
// no TanStack Query; the cash boards are read again every minute while shown.
const MINUTE = 60_000;

export const useBanners = () => useSiteRead('main:banners', (api) => api.call('banner', {}));
export const usePopups = () => useSiteRead('main:popups', (api) => api.call('mainPopupList', {}));
export const useMainNotices = () => useSiteRead('main:notices', (api) => api.call('mainNotices', {}));
export const useMainCashList = () => useSiteRead('main:cashList', (api) => api.call('mainCashList', {}), MINUTE);

const FEED_KEEP = 10;

/**
 * Approved deposits and withdrawals as they happen (the public topic cashFeed), newest first. Followed only
 * while `live` (a signed-in member, whose tab has the connection open anyway): guests read the list.
 */
export function useLiveCashFeed(live: boolean): CashFeedEntry[] {
  const [feed, setFeed] = useState<CashFeedEntry[]>([]);
  useEffect(() => {
    if (!live) return undefined;
    // The connection's code comes with the member's sign-in; a guest's first page does not carry it.
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    void import('../realtime/connection').then(({ subscribeTopic }) => {
      if (stopped) return;
      unsubscribe = subscribeTopic('cashFeed', [], (entry) => setFeed((list) => [entry, ...list].slice(0, FEED_KEEP)));
    });
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  }, [live]);
  return feed;
}

