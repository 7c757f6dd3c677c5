/**
 * The board, attendance and the prize wheel: their reads and their writes (senders through the one
 * confirmed-send tail, sending.ts), and the board-upload machine's real actors (the post with its
 * images, and the draft kept in localStorage). The main page's reads are in mainPage.ts, so the guest's
 * first page does not load these.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { fromCallback } from 'xstate';
import { BOARD_UPLOAD_PATH, type BoardCategory, type BoardSearchType } from '../../contract/community';
import { boardUploadMachine, EMPTY_DRAFT, type BoardDraft, type DraftStoreEvent, type PostRequest } from '../../machines/boardUpload';
import type { SendInput } from '../../machines/sendTail';
import type { AnswerOf } from '../../contract/callPaths';
import { usePagedList } from '../ui/usePagedList';
import { useApi, type Api } from './api';
import { keys } from './keys';
import { sendThroughOutbox } from './outbox';
import { tailWith, useSender } from './sending';
import { useMemId } from './support';
import { ApiError } from '../api/ApiError';
import { loaded } from './loaded';

const board = [...keys.member, 'board'] as const;
const rewards = [...keys.member, 'rewards'] as const;
const postKey = (boardIdx: number) => [...board, 'post', boardIdx] as const;

export interface BoardFilter {
  category: BoardCategory | 'all';
  search?: { type: BoardSearchType; text: string };
}

const communityQueries = {
  boardList: (api: Api, filter: BoardFilter, page: number) => ({
    queryKey: [...board, 'list', filter, page],
    queryFn: () => api.call('boardList', { page, ...filter }),
  }),
};

/** The board's list, filtered by category or a search, page by page. */
export function useBoardList(initial: BoardFilter) {
  const api = useApi();
  return usePagedList((filter: BoardFilter, page) => communityQueries.boardList(api, filter, page), initial);
}

export const useBoardPost = (boardIdx: number) => {
  const api = useApi();
  return loaded<AnswerOf<'boardDetail'>>(useQuery(queryOptions({ queryKey: postKey(boardIdx), queryFn: () => api.call('boardDetail', { boardIdx }) })));
};

/** Something the member did to the board: everything the board shows is read again. */
export function useBoardChanged(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: board });
}

/** A comment to send, and what it is sent on. */
export interface CommentRequest {
  boardIdx: number;
  content: string;
}

/** A post or a comment to delete. */
export type BoardRemoval = { boardIdx: number } | { cmtIdx: number };

const boardWrites = {
  comment: (api: Api, { request }: SendInput<CommentRequest>) => api.call('commentSave', request),
  remove: (api: Api, { request }: SendInput<BoardRemoval>) => ('cmtIdx' in request ? api.call('commentDelete', request) : api.call('boardDelete', request)),
};

/** A comment: sent at once (an empty one is refused with BD012); the post is read again after. */
export function useBoardComment() {
  const changed = useBoardChanged();
  return useSender(boardWrites.comment, {
    confirm: false,
    check: (request) => (request.content.trim() ? null : 'api.BD012'),
    accepted: () => void changed(),
  });
}

/** Deleting the member's post or comment, after the question; the board is read again after (but not a post that is gone). */
export function useBoardRemoval() {
  const queryClient = useQueryClient();
  return useSender(boardWrites.remove, {
    accepted: (_, removed) => {
      const gone = 'boardIdx' in removed ? JSON.stringify(postKey(removed.boardIdx)) : null;
      void queryClient.invalidateQueries({ queryKey: board, predicate: (query) => JSON.stringify(query.queryKey) !== gone });
    },
  });
}

const DRAFT_KEY = 'boardDraft';

function readDraft(): BoardDraft | null {
  try {
    const saved = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<BoardDraft> | null;
    return saved && typeof saved.title === 'string' && typeof saved.content === 'string' ? { title: saved.title, content: saved.content } : null;
  } catch {
    return null;
  }
}

/** The board-upload machine with its real actors: images go up first, then the post names them. */
export function useBoardUploadLogic() {
  const api = useApi();
  const memId = useMemId();
  return useMemo(() => boardUploadMachine.provide({
    actors: {
      // Images go up first (they need the connection); the post itself goes through the outbox with the
      // tail's key, so a lost answer or a post written offline is made once, when the connection returns.
      tail: tailWith<PostRequest>(async ({ request, idempotencyKey }): Promise<{ boardIdx: number | null }> => {
        const imageIds: string[] = [];
        for (const image of request.images as Blob[]) imageIds.push((await api.upload<{ imageId: string }>(BOARD_UPLOAD_PATH, image)).imageId);
        const result = await sendThroughOutbox(api, memId, 'boardSave', { title: request.draft.title, content: request.draft.content, imageIds }, idempotencyKey);
        if (result.kind === 'sent') return result.answer as { boardIdx: number };
        if (result.kind === 'refused') throw new ApiError(result.code);
        return { boardIdx: null };
      }),
      draftStore: fromCallback(({ sendBack, receive }) => {
        sendBack({ type: 'draft.loaded', draft: readDraft() ?? EMPTY_DRAFT });
        receive((received) => {
          const event = received as DraftStoreEvent;
          if (event.type === 'draft.save') localStorage.setItem(DRAFT_KEY, JSON.stringify(event.draft));
          else localStorage.removeItem(DRAFT_KEY);
        });
      }),
    },
  }), [api, memId]);
}

export const useAttendance = () => {
  const api = useApi();
  return loaded<AnswerOf<'attendanceInfo'>>(useQuery(queryOptions({ queryKey: [...rewards, 'attendance'], queryFn: () => api.call('attendanceInfo', {}) })));
};
export const useRotary = () => {
  const api = useApi();
  return loaded<AnswerOf<'rotaryInfo'>>(useQuery(queryOptions({ queryKey: [...rewards, 'rotary'], queryFn: () => api.call('rotaryInfo', {}) })));
};

const rewardCalls = {
  checkIn: (api: Api, idempotencyKey: string) => api.call('attendanceCheck', { idempotencyKey }),
  spin: (api: Api, idempotencyKey: string) => api.call('rotarySpin', { idempotencyKey }),
};

/**
 * A daily reward's press: sent at once through the tail with its key (the request is the press itself:
 * null); the balances it answers reach the header by CASH; the reward and the balances are read again
 * whatever the answer.
 */
function useRewardPress<A>(press: (api: Api, idempotencyKey: string) => Promise<A>) {
  const queryClient = useQueryClient();
  const call = useCallback(async (api: Api, { idempotencyKey }: SendInput<null>) => {
    try {
      return await press(api, idempotencyKey);
    } finally {
      void queryClient.invalidateQueries({ queryKey: rewards });
      void queryClient.invalidateQueries({ queryKey: keys.balances });
    }
  }, [press, queryClient]);
  return useSender(call, { confirm: false });
}

export const useCheckIn = () => useRewardPress(rewardCalls.checkIn);
export const useSpin = () => useRewardPress(rewardCalls.spin);
