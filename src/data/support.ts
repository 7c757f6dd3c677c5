/**
 * Messages and the support centre in the data layer: the reads (kept for offline reading through
 * offline.ts, keyed by member), deleting messages, and questions sent through the outbox (outbox.ts);
 * the writes are senders through the one confirmed-send tail (sending.ts).
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { checkMessageSelection, checkPostText, type SupportPostList, type MessageList } from '../../contract/support';
import { codeMessageId } from '../../machines/errors';
import { selectMember } from '../../machines/session';
import type { SendInput } from '../../machines/sendTail';
import { useSessionSelector } from '../session/context';
import { ApiError } from '../api/ApiError';
import { usePagedList } from '../ui/usePagedList';
import { useApi, type Api } from './api';
import { keys } from './keys';
import { loaded } from './loaded';
import { readKept, pruneKept, type Freshness, type Kept } from './offline';
import { flushOutbox, onOutboxSent, sendThroughOutbox, type OutboxResult } from './outbox';
import { useSender } from './sending';

/** The freshness of a paged list's answer, when it came through readKept. */
export function keptOf(answer: object | null): Freshness | undefined {
  return answer && 'kept' in answer ? (answer.kept as Freshness) : undefined;
}

/** The signed-in member's id ('' while none): what kept copies and outbox items are keyed by. */
export function useMemId(): string {
  return useSessionSelector((snapshot) => selectMember(snapshot)?.memId ?? '');
}

export type SupportList = 'noticeList' | 'faqList' | 'qnaList';

const supportQueries = {
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
    queryFn: (): Promise<Kept<SupportPostList>> => {
      const read = () => api.call(call, search ? { page, search } : { page });
      return search ? read().then((data) => ({ ...data, kept: { freshAt: Date.now(), offline: false } })) : readKept(memId, [call, page], read);
    },
  }),
  post: (api: Api, memId: string, call: 'noticeDetail' | 'qnaDetail', boardIdx: number) => queryOptions({
    queryKey: [...keys.support, call, boardIdx],
    queryFn: () => readKept(memId, [call, boardIdx], () => api.call(call, { boardIdx })),
  }),
};

/** The inbox, page by page. */
export function useMessageList() {
  const api = useApi();
  const memId = useMemId();
  return usePagedList((filter: null, page) => supportQueries.messages(api, memId, filter, page), null);
}

/** A support board's list (notices or the member's questions), searched by title, page by page. */
export function useSupportBoard(call: SupportList) {
  const api = useApi();
  const memId = useMemId();
  return usePagedList((search: string, page) => supportQueries.board(api, memId, call, search, page), '');
}

/** One page of the FAQ. */
export function useFaqPage(page: number) {
  const api = useApi();
  const memId = useMemId();
  return loaded<Kept<SupportPostList>>(useQuery(supportQueries.board(api, memId, 'faqList', '', page)));
}

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

const messageCalls = {
  remove: (api: Api, { request }: SendInput<number[]>) => api.call('msgUpdate', { msgIdxs: request }),
};

/** Deleting the selected messages (a selection is required, M001), after the question. */
export function useDeleteMessages() {
  const queryClient = useQueryClient();
  return useSender(messageCalls.remove, {
    check: (msgIdxs) => {
      const refusal = checkMessageSelection(msgIdxs);
      return refusal && codeMessageId(refusal);
    },
    accepted: () => void queryClient.invalidateQueries({ queryKey: keys.messages }),
  });
}

export interface QuestionRequest {
  title: string;
  content: string;
}

/**
 * Asking a question (title and content required, SPEC §5), after the question: it goes into the outbox
 * with the tail's key, then the outbox is sent at once. Answers whether it was sent or is kept to be
 * sent when the connection returns; a refusal is the tail's.
 */
export function useAskQuestion() {
  const memId = useMemId();
  const queryClient = useQueryClient();
  const call = useCallback(async (api: Api, { request, idempotencyKey }: SendInput<QuestionRequest>) => {
    const result = await sendThroughOutbox(api, memId, 'qnaSave', { title: request.title.trim(), content: request.content.trim() }, idempotencyKey);
    if (result.kind === 'refused') throw new ApiError(result.code);
    if (result.kind === 'sent') await queryClient.invalidateQueries({ queryKey: keys.support });
    return { sent: result.kind === 'sent' };
  }, [memId, queryClient]);
  return useSender(call, {
    check: (request) => {
      const refusal = checkPostText(request.title, request.content);
      return refusal && codeMessageId(refusal);
    },
  });
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
