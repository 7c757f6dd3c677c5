/**
 * Every TanStack Query read of server data, in one place (the site options, banks and game codes are
 * siteReads.ts's, read once per page load without Query). staleTime by kind: the USDT price is read
 * again every 30 s while shown; member data is fresh until an event says otherwise (keys.ts: pushes,
 * reconnects, the member's own money actions invalidate it).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { COIN_PATH } from '../../contract/callPaths';
import type { BetGroup } from '../../contract/betting';
import type { CashRequest, CashType, CoinPrice } from '../../contract/wallet';
import { formatDate } from '../i18n/format';
import { rangePayload, type DayRange } from '../ui/dayRange';
import { usePagedList, type PagedListOptions, type PageQuery } from '../ui/usePagedList';
import { useApi, type Api } from './api';
import { keys } from './keys';
import { loaded } from './loaded';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
/** How often the USDT price is read again while a USDT page is open. */
const PRICE_REFRESH_MS = 30 * SECOND;
/** How far back the money pages look for the member's most recent request. */
const LATEST_LOOKBACK_DAYS = 30;

/** The member's "계좌문의" (read here, asked again by accountInquiry.ts). */
export const ACCOUNT_INQUIRY_KEY = [...keys.requests, 'accountInquiry'] as const;

const queries = {
  coinPrice: (api: Api) =>
    queryOptions({
      queryKey: [...keys.site, 'coinPrice'],
      queryFn: () => api.get<CoinPrice>(COIN_PATH, { symbol: 'USDT' }),
      staleTime: PRICE_REFRESH_MS,
      refetchInterval: PRICE_REFRESH_MS,
    }),
  walletInfo: (api: Api) => queryOptions({ queryKey: [...keys.balances, 'walletInfo'], queryFn: () => api.call('walletInfo', {}), staleTime: MINUTE }),
  accountInquiry: (api: Api) => queryOptions({ queryKey: ACCOUNT_INQUIRY_KEY, queryFn: () => api.call('accInquiry', {}) }),
  /** The member's most recent request of these types (the first page of the list, newest first), or null. */
  latestRequest: (api: Api, types: readonly CashType[]) =>
    queryOptions({
      queryKey: [...keys.requests, 'latest', types],
      queryFn: async (): Promise<CashRequest | null> => {
        const now = new Date();
        const since = new Date(now.getTime() - LATEST_LOOKBACK_DAYS * 24 * 60 * MINUTE);
        const { list } = await api.call('cashList', { page: 1, ...rangePayload({ startDay: formatDate(since), endDay: formatDate(now) }), cashType: '' });
        return list.filter((request) => types.includes(request.cashType)).sort((a, b) => b.requestId - a.requestId)[0] ?? null;
      },
    }),
  // The paged lists (read through ui/usePagedList): a key and a read for one filtered page.
  cashList: (api: Api, { range, cashType }: CashFilter, page: number) => ({
    queryKey: [...keys.requests, 'list', cashType, range, page],
    queryFn: () => api.call('cashList', { page, cashType, ...rangePayload(range) }),
  }),
  pointList: (api: Api, range: DayRange, page: number) => ({
    queryKey: [...keys.history, 'points', range, page],
    queryFn: () => api.call('pointList', { page, ...rangePayload(range) }),
  }),
  giveList: (api: Api, range: DayRange, page: number) => ({
    queryKey: [...keys.history, 'give', range, page],
    queryFn: () => api.call('giveList', { page, ...rangePayload(range) }),
  }),
  /** A vendor's games (its key is the code's route name); the catalogue changes rarely. */
  gameList: (api: Api, vendorKey: string) =>
    queryOptions({
      queryKey: [...keys.site, 'gameList', vendorKey],
      queryFn: async () => (await api.call('gameList', { vendorKey })).games,
      staleTime: 5 * MINUTE,
      retry: false,
    }),
  betList: (api: Api, { range, groupKey }: BetFilter, page: number) => ({
    queryKey: [...keys.bets, 'list', groupKey, range, page],
    queryFn: () => api.call('betList', { page, groupKey, vendorCode: '', oldYn: 'N' as const, ...rangePayload(range) }),
  }),
  betDetail: (api: Api, betId: string) =>
    queryOptions({ queryKey: [...keys.bets, 'detail', betId], queryFn: async () => (await api.call('betDetail', { betId })).bet }),
  winLose: (api: Api, range: DayRange) =>
    queryOptions({ queryKey: [...keys.bets, 'winLose', range], queryFn: async () => (await api.call('winLose', rangePayload(range))).list }),
  /** Every coupon of the member, whatever its issue date (no date range: coupons are few and long-lived). */
  couponList: (api: Api, page: number) => ({
    queryKey: [...keys.history, 'coupons', page],
    queryFn: () => api.call('couponList', { page }),
  }),
};

/** The reads the screens make, as loading / ready / failed. */
export const useWalletInfo = () => loaded(useQuery(queries.walletInfo(useApi())));
export const useCoinPrice = () => loaded(useQuery(queries.coinPrice(useApi())));
export const useAccountInquiry = () => loaded(useQuery(queries.accountInquiry(useApi())));
export const useGameList = (vendorKey: string) => loaded(useQuery(queries.gameList(useApi(), vendorKey)));
export const useBetDetail = (betId: string) => loaded(useQuery(queries.betDetail(useApi(), betId)));
export const useWinLose = (range: DayRange) => loaded(useQuery(queries.winLose(useApi(), range)));
export const useLatestRequest = (types: readonly CashType[]) => loaded(useQuery(queries.latestRequest(useApi(), types)));

/** A paged list of one of the definitions above, page by page (ui/usePagedList). */
function usePaged<F, T>(define: (api: Api, filter: F, page: number) => PageQuery<T>, initial: F, options?: PagedListOptions) {
  const api = useApi();
  return usePagedList((filter: F, page) => define(api, filter, page), initial, options);
}

export interface CashFilter {
  range: DayRange;
  cashType: CashType;
}
export interface BetFilter {
  range: DayRange;
  groupKey: BetGroup | '';
}

/** The paged lists the screens show. */
export const useCashList = (initial: CashFilter, options?: PagedListOptions) => usePaged(queries.cashList, initial, options);
export const usePointList = (initial: DayRange) => usePaged(queries.pointList, initial);
export const useGiveList = (initial: DayRange) => usePaged(queries.giveList, initial);
export const useBetList = (initial: BetFilter, options?: PagedListOptions) => usePaged(queries.betList, initial, options);
export const useCouponList = () => usePaged((api: Api, _filter: null, page: number) => queries.couponList(api, page), null);
