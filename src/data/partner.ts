/**
 * The partner area's data (contract/partner.ts): the partner's summary and rates (TanStack Query, member-scoped
 * under keys.partner, so a sign-out or a reconnect reaches them), the area's paged lists filtered by days
 * (SPEC §9: today by default) and the writes, each a sender through the one confirmed-send tail (sending.ts):
 * giving and taking money, a rate change, a new lower partner. The partner money merge is the merge modal's
 * partner variant (games.ts). Every accepted write reads the area again; money moves also reach the header.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BetGroup } from '../../contract/betting';
import type { PartnerBalances, PartnerProduct } from '../../contract/partner';
import { normalizePhone } from '../../contract/rules';
import type { CashType } from '../../contract/wallet';
import type { MoveDraft, NewPartnerDraft, RateChange, RateDraft } from '../../machines/partnerDrafts';
import type { SendInput } from '../../machines/sendTail';
import { useSession } from '../session/context';
import { rangePayload, type DayRange } from '../ui/dayRange';
import { usePagedList, type PagedListOptions, type PageQuery } from '../ui/usePagedList';
import { useApi, type Api } from './api';
import { invalidate, keys } from './keys';
import { loaded } from './loaded';
import { useSender } from './sending';

/** What every list of the area is filtered by: the days and, where it makes sense, one member of the line ('' for all). */
export interface LineFilter {
  range: DayRange;
  memId: string;
}
export interface LineCashFilter extends LineFilter {
  cashType: CashType | '';
}
export interface LineBetFilter extends LineFilter {
  groupKey: BetGroup | '';
}
export interface CalculationFilter {
  range: DayRange;
  product: PartnerProduct | '';
}
export interface MoneyMoveFilter extends LineFilter {
  direction: MoveDraft['direction'] | '';
}
/** The line's members, by the days they joined. */
export interface MemberFilter extends LineFilter {
  scope: 'all' | 'direct';
  withPartners: 'Y' | 'N';
}

const partnerQueries = {
  summary: (api: Api) => queryOptions({ queryKey: [...keys.partner, 'summary'], queryFn: async () => (await api.call('partnerSummary', {})).summary }),
  /** The rates of the caller ('') or of a lower partner, with their cap. */
  rates: (api: Api, memId: string) => queryOptions({ queryKey: [...keys.partner, 'rates', memId], queryFn: () => api.call('partnerRates', { memId }) }),
  /** The lower partners, by the days they joined. */
  partnerList: (api: Api, { range, memId }: LineFilter, page: number) => ({
    queryKey: [...keys.partner, 'partnerList', range, memId, page],
    queryFn: () => api.call('partnerList', { page, memId, ...rangePayload(range) }),
  }),
  memberList: (api: Api, { range, ...filter }: MemberFilter, page: number) => ({
    queryKey: [...keys.partner, 'memberList', range, filter, page],
    queryFn: () => api.call('partnerMemberList', { page, ...filter, ...rangePayload(range) }),
  }),
  cashList: (api: Api, { range, ...filter }: LineCashFilter, page: number) => ({
    queryKey: [...keys.partner, 'cashList', range, filter, page],
    queryFn: () => api.call('partnerCashList', { page, ...filter, ...rangePayload(range) }),
  }),
  bettingList: (api: Api, { range, ...filter }: LineBetFilter, page: number) => ({
    queryKey: [...keys.partner, 'bettingList', range, filter, page],
    queryFn: () => api.call('partnerBettingList', { page, ...filter, ...rangePayload(range) }),
  }),
  calculationList: (api: Api, { range, product }: CalculationFilter, page: number) => ({
    queryKey: [...keys.partner, 'calculationList', range, product, page],
    queryFn: () => api.call('partnerCalculationList', { page, product, ...rangePayload(range) }),
  }),
  calculationUserList: (api: Api, { range, memId }: LineFilter, page: number) => ({
    queryKey: [...keys.partner, 'calculationUserList', range, memId, page],
    queryFn: () => api.call('partnerCalculationUserList', { page, memId, ...rangePayload(range) }),
  }),
  moneyMoveList: (api: Api, { range, ...filter }: MoneyMoveFilter, page: number) => ({
    queryKey: [...keys.partner, 'moneyMoveList', range, filter, page],
    queryFn: () => api.call('partnerMoneyMoveList', { page, ...filter, ...rangePayload(range) }),
  }),
};

export const usePartnerSummary = () => loaded(useQuery(partnerQueries.summary(useApi())));
export const usePartnerRates = (memId: string) => loaded(useQuery(partnerQueries.rates(useApi(), memId)));

function usePaged<F, T>(define: (api: Api, filter: F, page: number) => PageQuery<T>, initial: F, options?: PagedListOptions) {
  const api = useApi();
  return usePagedList((filter: F, page) => define(api, filter, page), initial, options);
}

const LIST_FAILED = { failureAlertId: 'front.mypage.listError' };

export const useLowerPartnerList = (initial: LineFilter) => usePaged(partnerQueries.partnerList, initial, LIST_FAILED);
export const useLineMemberList = (initial: MemberFilter) => usePaged(partnerQueries.memberList, initial, LIST_FAILED);
export const useLineCashList = (initial: LineCashFilter) => usePaged(partnerQueries.cashList, initial, LIST_FAILED);
export const useLineBettingList = (initial: LineBetFilter) => usePaged(partnerQueries.bettingList, initial, LIST_FAILED);
export const useCalculationList = (initial: CalculationFilter) => usePaged(partnerQueries.calculationList, initial, LIST_FAILED);
export const useCalculationUserList = (initial: LineFilter) => usePaged(partnerQueries.calculationUserList, initial, LIST_FAILED);
export const useMoneyMoveList = (initial: MoneyMoveFilter) => usePaged(partnerQueries.moneyMoveList, initial, LIST_FAILED);

/** The rates a change or a new partner sends: each cell's new basis points (the check refused an unreadable one). */
const ratesOf = (changes: readonly RateChange[]) => changes.map(({ product, kind, to }) => ({ product, kind, rateBp: to as number }));

const sendMove = (api: Api, { request, idempotencyKey }: SendInput<MoveDraft>) =>
  api.call(request.direction === 'give' ? 'partnerGive' : 'partnerTake', {
    idempotencyKey, memId: request.memId, amount: request.amount ?? undefined, note: request.note,
  });
const sendRates = (api: Api, { request, idempotencyKey }: SendInput<RateDraft>) =>
  api.call('partnerRateChange', { idempotencyKey, memId: request.memId, rates: ratesOf(request.changes) });
const sendNewPartner = (api: Api, { request: { fields, rates }, idempotencyKey }: SendInput<NewPartnerDraft>) =>
  api.call('partnerCreate', {
    idempotencyKey, ...fields, memPhone: normalizePhone(fields.memPhone), memName: fields.memName.trim(), memNick: fields.memNick.trim(), rates: ratesOf(rates),
  });

/** What an accepted partner write changes: the area's data, and the partner's own money when it moved. */
function usePartnerAccepted() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useCallback((balances?: PartnerBalances) => {
    const member = session.getSnapshot().context.member;
    if (balances && member) session.send({ type: 'balances.answered', cashAmt: balances.cashAmt, pointAmt: member.pointAmt });
    invalidate(queryClient, balances ? [keys.partner, keys.balances, keys.history] : [keys.partner]);
  }, [session, queryClient]);
}

/** Give to or take from a member of the line (the draft says which). */
export function useMoveSender(check: (draft: MoveDraft) => string | null) {
  const accepted = usePartnerAccepted();
  return useSender(sendMove, { check, accepted: (answer) => accepted(answer.balances) });
}

export function useRateSender(check: (draft: RateDraft) => string | null) {
  const accepted = usePartnerAccepted();
  return useSender(sendRates, { check, accepted: () => accepted() });
}

export function useNewPartnerSender(check: (draft: NewPartnerDraft) => string | null) {
  const accepted = usePartnerAccepted();
  return useSender(sendNewPartner, { check, accepted: () => accepted() });
}
