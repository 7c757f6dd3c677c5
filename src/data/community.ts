/**
 * The board, attendance and the prize wheel: their reads and calls, and the board-upload machine's real
 * actors (the post with its images, and the draft kept in localStorage). The main page's reads are in
 * mainPage.ts, so the guest's first page does not load these.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { BOARD_UPLOAD_PATH, type BoardCategory, type BoardSearchType } from '../../contract/community';
import { newIdempotencyKey } from '../../contract/wallet';
import { boardUploadMachine, EMPTY_DRAFT, type BoardDraft, type DraftStoreEvent, type PostInput } from '../../machines/boardUpload';
import type { AnswerOf } from '../../contract/callPaths';
import { useApi, type Api } from './api';
import { keys } from './keys';
import { sendThroughOutbox } from './outbox';
import { useMemId } from './support';
import { ApiError } from '../api/ApiError';
import { loaded } from './loaded';

const board = [...keys.member, 'board'] as const;
const rewards = [...keys.member, 'rewards'] as const;

export interface BoardFilter {
  category: BoardCategory | 'all';
  search?: { type: BoardSearchType; text: string };
}

export const communityQueries = {
  boardList: (api: Api, filter: BoardFilter, page: number) => ({
    queryKey: [...board, 'list', filter, page],
    queryFn: () => api.call('boardList', { page, ...filter }),
  }),
};

export const useBoardPost = (boardIdx: number) => {
  const api = useApi();
  return loaded<AnswerOf<'boardDetail'>>(useQuery(queryOptions({ queryKey: [...board, 'post', boardIdx], queryFn: () => api.call('boardDetail', { boardIdx }) })));
};

/** Something the member did to the board: everything the board shows is read again. */
export function useBoardChanged(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: board });
}

/** The board's writes the screens send (the answers' codes reach the screen as ApiError codes). */
export function useBoardCalls() {
  const api = useApi();
  return useMemo(() => ({
    comment: (boardIdx: number, content: string) => api.call('commentSave', { boardIdx, content }),
    removePost: (boardIdx: number) => api.call('boardDelete', { boardIdx }),
    removeComment: (cmtIdx: number) => api.call('commentDelete', { cmtIdx }),
  }), [api]);
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
      // Images go up first (they need the connection); the post itself goes through the outbox with one
      // key, so a lost answer or a post written offline is made once, when the connection returns.
      post: fromPromise<{ boardIdx: number | null }, PostInput>(async ({ input }) => {
        const imageIds: string[] = [];
        for (const image of input.images as Blob[]) imageIds.push((await api.upload<{ imageId: string }>(BOARD_UPLOAD_PATH, image)).imageId);
        const result = await sendThroughOutbox(api, memId, 'boardSave', { title: input.draft.title, content: input.draft.content, imageIds });
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

/** Check-in and spin: one idempotency key per press; the balances they answer reach the header by CASH. */
export function useRewardCalls() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const after = async <T,>(work: Promise<T>) => {
      try {
        return await work;
      } finally {
        void queryClient.invalidateQueries({ queryKey: rewards });
        void queryClient.invalidateQueries({ queryKey: keys.balances });
      }
    };
    return {
      checkIn: () => after(api.call('attendanceCheck', { idempotencyKey: newIdempotencyKey() })),
      spin: () => after(api.call('rotarySpin', { idempotencyKey: newIdempotencyKey() })),
    };
  }, [api, queryClient]);
}
