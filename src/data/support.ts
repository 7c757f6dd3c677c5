/**
 * Messages and the support centre in the data layer: the reads (kept for offline reading through
 * offline.ts, keyed by member), deleting messages, and questions sent through the outbox (outbox.ts).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { BoardList, MessageList } from '../../contract/support';
import { selectMember } from '../../machines/session';
import { useSessionSelector } from '../session/context';
import { useApi, type Api } from './api';
import { keys } from './keys';
import { loaded } from './loaded';
import { readKept, pruneKept, type Freshness, type Kept } from './offline';
import { flushOutbox, onOutboxSent, sendThroughOutbox, type OutboxResult } from './outbox';

/** The freshness of a paged list's answer, when it came through readKept. */
export function keptOf(answer: object | null): Freshness | undefined {
  return answer && 'kept' in answer ? (answer.kept as Freshness) : undefined;
}

/** The signed-in member's id ('' while none): what kept copies and outbox items are keyed by. */
export function useMemId(): string {
  return useSessionSelector((snapshot) => selectMember(snapshot)?.memId ?? '');
}

export type SupportList = 'noticeList' | 'faqList' | 'qnaList';

export const supportQueries = {
  messages: (api: Api, memId: string, _filter: null, page: number) => ({
    queryKey: [...keys.messages, 'list', page],
    queryFn: (): Promise<Kept<MessageList>> => readKept(memId, ['msgList', page], () => api.call('msgList', { page })),
  }),
  message: (api: Api, memId: string, msgIdx: number) => queryOptions({
    queryKey: [...keys.messages, 'read', msgIdx],
    queryFn: () => readKept(memId, ['msgRead', msgIdx], () => api.call('msgRead', { msgIdx })),
  }),
  /** A support board's page; a search is not kept (only what was browsed). */
  board: (api: Api, memId: string, call: SupportList, search: string, page: number) => ({
    queryKey: [...keys.support, call, search, page],
    queryFn: (): Promise<Kept<BoardList>> => {
      const read = () => api.call(call, search ? { page, search } : { page });
      return search ? read().then((data) => ({ ...data, kept: { freshAt: Date.now(), offline: false } })) : readKept(memId, [call, page], read);
    },
  }),
  post: (api: Api, memId: string, call: 'noticeDetail' | 'qnaDetail', boardIdx: number) => queryOptions({
    queryKey: [...keys.support, call, boardIdx],
    queryFn: () => readKept(memId, [call, boardIdx], () => api.call(call, { boardIdx })),
  }),
};

export function useMessage(msgIdx: number) {
  const api = useApi();
  const memId = useMemId();
  const queryClient = useQueryClient();
  const result = useQuery({ ...supportQueries.message(api, memId, msgIdx), enabled: memId !== '' });
  // Reading marks it read: the list changes too.
  const readNow = result.data && !result.data.kept.offline ? result.dataUpdatedAt : 0;
  useEffect(() => {
    if (readNow) void queryClient.invalidateQueries({ queryKey: [...keys.messages, 'list'] });
  }, [readNow, queryClient]);
  return loaded(result);
}

export function usePost(call: 'noticeDetail' | 'qnaDetail', boardIdx: number) {
  const api = useApi();
  const memId = useMemId();
  return loaded(useQuery({ ...supportQueries.post(api, memId, call, boardIdx), enabled: memId !== '' }));
}

export function useDeleteMessages() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (msgIdxs: number[]) => api.call('msgUpdate', { msgIdxs }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.messages }),
  });
}

/**
 * Asking a question: it goes into the outbox with its key, then the outbox is sent at once. Answers what
 * happened to it: sent, refused with a code, or kept to be sent when the connection returns.
 */
export function useAskQuestion() {
  const api = useApi();
  const memId = useMemId();
  const queryClient = useQueryClient();
  return useCallback(async (payload: { title: string; content: string }): Promise<OutboxResult> => {
    const result = await sendThroughOutbox(api, memId, 'qnaSave', payload);
    if (result.kind === 'sent') await queryClient.invalidateQueries({ queryKey: keys.support });
    return result;
  }, [api, memId, queryClient]);
}

/**
 * Sends the signed-in member's outbox when the tab starts and whenever the connection returns; drops a
 * member's kept copies when they sign out, and old copies at start.
 */
export function OutboxFlusher({ onResults }: { onResults?: (results: OutboxResult[]) => void }) {
  const api = useApi();
  const memId = useMemId();
  const queryClient = useQueryClient();
  useEffect(() => {
    void pruneKept();
    if (!memId) return;
    const flush = () => void flushOutbox(api, memId).then((results) => {
      if (results.length > 0) onResults?.(results);
    }, () => undefined);
    flush();
    window.addEventListener('online', flush);
    // Sent questions change the support lists, sent posts the board (both under the member's keys), whichever tab sent them.
    const stopFollowing = onOutboxSent(() => void queryClient.invalidateQueries({ queryKey: keys.member }));
    return () => {
      stopFollowing();
      window.removeEventListener('online', flush);
      void pruneKept(memId);
    };
  }, [api, memId, queryClient, onResults]);
  return null;
}
