/**
 * Member protection (contract/protection.ts): the member's limits, break, reality-check interval, use and
 * history (one read), the writes that change them (each answers the whole new state, put straight into the
 * cache), and the reality check's machine with its real actors.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { BreakKind, BreakLength, HistoryEntry, LimitKind, ProtectionInfo, ProtectionPeriod, RealityInterval } from '../../contract/protection';
import { newIdempotencyKey } from '../../contract/wallet';
import { realityCheckMachine } from '../../machines/realityCheck';
import type { SendInput } from '../../machines/sendTail';
import { useSession } from '../session/context';
import { useApi, type Api } from './api';
import { invalidate, keys } from './keys';
import { type PagedList, usePagedList } from '../ui/usePagedList';
import { loaded } from './loaded';
import { useSender } from './sending';

export const PROTECTION_KEY = [...keys.member, 'protection'] as const;

const protectionQuery = (api: Api) => queryOptions({ queryKey: PROTECTION_KEY, queryFn: () => api.call('protectionInfo', {}) });

/** The member's protection as loading / ready / failed. */
export const useProtectionInfo = () => loaded(useQuery(protectionQuery(useApi())));
/** The same read for parts that only need the data once it is there (the shell's reminder and break notice). */
export const useProtectionData = (enabled: boolean) => useQuery({ ...protectionQuery(useApi()), enabled }).data ?? null;

const HISTORY_KEY = [...PROTECTION_KEY, 'history'] as const;

/** The history of every limit change and break, newest first, a page at a time (read again after each change). */
export function useProtectionHistory(): PagedList<HistoryEntry, null> {
  const api = useApi();
  return usePagedList((_filter: null, page: number) => ({ queryKey: [...HISTORY_KEY, page], queryFn: () => api.call('protectionHistory', { page }) }), null);
}

export interface LimitChange { kind: LimitKind; period: ProtectionPeriod; amount: number | null }
export interface BreakChoice { kind: BreakKind; length: BreakLength }

/** A sender whose answer is the new protection state. */
function useProtectionSender<TRequest>(call: (api: Api, input: SendInput<TRequest>) => Promise<ProtectionInfo>, check?: (request: TRequest) => string | null) {
  const queryClient = useQueryClient();
  return useSender<TRequest, ProtectionInfo>(call, {
    confirm: false,
    check,
    accepted: (answer) => {
      queryClient.setQueryData(PROTECTION_KEY, answer);
      // Later pages of the history moved on by this change: read again when shown.
      void queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
    },
  });
}

const setLimit = (api: Api, { request }: SendInput<LimitChange>) => api.call('protectionLimit', request);
const cancelLimit = (api: Api, { request }: SendInput<Omit<LimitChange, 'amount'>>) => api.call('protectionCancel', request);
const setReality = (api: Api, { request }: SendInput<RealityInterval>) => api.call('protectionReality', { minutes: request });
const startBreak = (api: Api, { request }: SendInput<BreakChoice>) => api.call('protectionBreak', request);

export const useSetLimit = (check: (change: LimitChange) => string | null) => useProtectionSender(setLimit, check);
export const useCancelLimit = () => useProtectionSender(cancelLimit);
export const useSetReality = () => useProtectionSender(setReality);
/** A break: the screen confirms strongly before it sends; the server signs the member out everywhere. */
export const useStartBreak = (check: (choice: BreakChoice) => string | null) => useProtectionSender(startBreak, check);

/**
 * The reality check with its real actors: the facts from the server, and "stop": the game money is merged
 * back, then `closeGame` (the site's game window, or the frame page's own window), whether the merge
 * answered or not. In that order: closing the frame page's own window first unloads the page and cuts the
 * merge off; a merge that failed is offered again by the site once it sees the game window closed.
 */
export function useRealityCheckLogic(closeGame: () => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMemo(() => realityCheckMachine.provide({
    actors: {
      fetchSummary: fromPromise(() => api.call('realitySummary', {})),
      stopPlay: fromPromise(async () => {
        try {
          const { balances, gameMoney } = await api.call('outGameMoney', { idempotencyKey: newIdempotencyKey() });
          // The header shows the money back at once (as the merge modal's answer does).
          session.send({ type: 'balances.answered', cashAmt: balances.cashAmt, pointAmt: balances.pointAmt, gameMoney });
          invalidate(queryClient, [keys.balances, keys.bets]);
        } finally {
          closeGame();
        }
        return null;
      }),
    },
  }), [api, queryClient, session, closeGame]);
}
