/**
 * Writing a board post (SPEC §4 board upload): the draft is kept while typed, so it survives a reload,
 * and sent once after the member confirms.
 *
 *   loading -> editing -> confirming (front.board.confirmUpload) -> posting -> done (front.board.complete)
 *                                                                          -> refused | unanswered
 *
 * - The invoked `draftStore` (a callback actor; the app keeps drafts in localStorage) answers the saved
 *   draft with `draft.loaded` when it starts, takes `draft.save` on every edit and `draft.clear` once
 *   the post is accepted.
 * - A draft with a mistake (empty title or content, too long, markup) is refused before anything is
 *   sent, with its message id; the server's refusals arrive as 'api.<code>'.
 * - While confirming or posting, another submit is not listened for, so a double click posts once.
 * - Images are kept in the context (files cannot be stored) and handed to the `post` actor with the draft.
 *
 * The context holds message ids and result codes, never translated text.
 */
import { assign, sendTo, setup, type SnapshotFrom } from 'xstate';
import { boardDraftProblem } from '../contract/community';
import type { ResultCode } from '../contract/codes';
import { NETWORK_ERROR_ID, resultCodeOf } from './errors';
import { callbackNotProvided, promiseNotProvided } from './notProvided';

export interface BoardDraft {
  title: string;
  content: string;
}

export const EMPTY_DRAFT: BoardDraft = { title: '', content: '' };

export interface PostInput {
  draft: BoardDraft;
  images: readonly unknown[];
}

export type DraftStoreEvent = { type: 'draft.save'; draft: BoardDraft } | { type: 'draft.clear' };

export interface BoardUploadContext {
  draft: BoardDraft;
  images: readonly unknown[];
  /** The post the server made. */
  boardIdx: number | null;
  code: ResultCode | null;
  errorId: string | null;
}

export type BoardUploadEvent =
  | { type: 'draft.loaded'; draft: BoardDraft | null }
  | { type: 'board.edit'; draft: BoardDraft }
  | { type: 'board.images'; images: readonly unknown[] }
  | { type: 'board.submit' }
  | { type: 'board.confirm' }
  | { type: 'board.cancel' }
  | { type: 'board.retry' }
  | { type: 'board.dismiss' };

export const boardUploadMachine = setup({
  types: {
    context: {} as BoardUploadContext,
    events: {} as BoardUploadEvent,
  },
  actors: {
    draftStore: callbackNotProvided<void>('draftStore'),
    /** Answers the post made, or boardIdx null when it waits in the outbox for the connection. */
    post: promiseNotProvided<{ boardIdx: number | null }, PostInput>('post'),
  },
  actions: {
    takeLoaded: assign((_, params: { draft: BoardDraft | null }) => ({ draft: params.draft ?? EMPTY_DRAFT })),
    edit: assign((_, params: { draft: BoardDraft }) => ({ draft: params.draft })),
    saveDraft: sendTo('draftStore', ({ context }): DraftStoreEvent => ({ type: 'draft.save', draft: context.draft })),
    clearDraft: sendTo('draftStore', { type: 'draft.clear' } satisfies DraftStoreEvent),
    takeImages: assign((_, params: { images: readonly unknown[] }) => ({ images: params.images })),
    refuseDraft: assign(({ context }) => ({ errorId: boardDraftProblem(context.draft), code: null })),
    posted: assign((_, params: { boardIdx: number | null }) => ({ boardIdx: params.boardIdx, draft: EMPTY_DRAFT, images: [] })),
    refuse: assign((_, params: { code: ResultCode }) => ({ code: params.code, errorId: `api.${params.code}` })),
    noAnswer: assign({ errorId: NETWORK_ERROR_ID, code: null }),
    dismiss: assign({ errorId: null, code: null }),
  },
  guards: {
    draftIsFine: ({ context }) => boardDraftProblem(context.draft) === null,
    isRefusal: (_, params: { error: unknown }) => resultCodeOf(params.error) !== null,
  },
}).createMachine({
  id: 'boardUpload',
  context: { draft: EMPTY_DRAFT, images: [], boardIdx: null, code: null, errorId: null },
  invoke: { id: 'draftStore', src: 'draftStore' },
  initial: 'loading',
  states: {
    loading: {
      on: { 'draft.loaded': { target: 'editing', actions: { type: 'takeLoaded', params: ({ event }) => ({ draft: event.draft }) } } },
    },
    editing: {
      on: {
        'board.edit': { actions: [{ type: 'edit', params: ({ event }) => ({ draft: event.draft }) }, 'saveDraft'] },
        'board.images': { actions: { type: 'takeImages', params: ({ event }) => ({ images: event.images }) } },
        'board.submit': [
          { guard: 'draftIsFine', target: 'confirming' },
          { target: 'refused', actions: 'refuseDraft' },
        ],
      },
    },
    confirming: {
      on: {
        'board.confirm': 'posting',
        'board.cancel': 'editing',
      },
    },
    posting: {
      invoke: {
        id: 'post',
        src: 'post',
        input: ({ context }) => ({ draft: context.draft, images: context.images }),
        onDone: { target: 'done', actions: [{ type: 'posted', params: ({ event }) => ({ boardIdx: event.output.boardIdx }) }, 'clearDraft'] },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'refuse', params: ({ event }) => ({ code: resultCodeOf(event.error)! }) },
          },
          { target: 'unanswered', actions: 'noAnswer' },
        ],
      },
    },
    refused: {
      on: { 'board.dismiss': { target: 'editing', actions: 'dismiss' } },
    },
    unanswered: {
      on: {
        'board.retry': { target: 'posting', actions: 'dismiss' },
        'board.dismiss': { target: 'editing', actions: 'dismiss' },
      },
    },
    done: { type: 'final' },
  },
});

export type BoardUploadLogic = typeof boardUploadMachine;
export type BoardUploadSnapshot = SnapshotFrom<BoardUploadLogic>;
