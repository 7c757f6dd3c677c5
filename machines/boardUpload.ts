/**
 * Writing a board post (SPEC §4 board upload): the draft is kept while typed, so it survives a reload,
 * and sent once through the confirmed-send tail (machines/sendTail.ts): its check, the question
 * (front.board.confirmUpload), the post, and the refusal or "send again?" when no answer came.
 *
 *   loading -> editing --board.submit--> posting (the tail) -> done (front.board.complete) | editing
 *
 * - The invoked `draftStore` (a callback actor; the app keeps drafts in localStorage) answers the saved
 *   draft with `draft.loaded` when it starts, takes `draft.save` on every edit and `draft.clear` once
 *   the post is accepted.
 * - A draft with a mistake (empty title or content, too long, markup) is refused before anything is
 *   sent, with its message id; the server's refusals arrive as 'api.<code>'.
 * - While the tail runs, another submit is not listened for, so a double click posts once.
 * - Images are kept in the context (files cannot be stored) and handed to the tail's `send` with the draft.
 *
 * The context holds message ids and result codes, never translated text.
 */
import { assign, sendTo, setup, type SnapshotFrom } from 'xstate';
import { boardDraftProblem } from '../contract/community';
import { callbackNotProvided } from './notProvided';
import { SEND_TAIL, sendTailMachine, type KeptKey, type SendTailOutput } from './sendTail';

export interface BoardDraft {
  title: string;
  content: string;
}

export const EMPTY_DRAFT: BoardDraft = { title: '', content: '' };

/** What a post sends (the tail's request); its call answers `{ boardIdx }`, null while it waits in the outbox. */
export interface PostRequest {
  draft: BoardDraft;
  images: readonly unknown[];
}

export type DraftStoreEvent = { type: 'draft.save'; draft: BoardDraft } | { type: 'draft.clear' };

export interface BoardUploadContext {
  draft: BoardDraft;
  images: readonly unknown[];
  /** The post the server made. */
  boardIdx: number | null;
  kept: KeptKey | null;
}

export type BoardUploadEvent =
  | { type: 'draft.loaded'; draft: BoardDraft | null }
  | { type: 'board.edit'; draft: BoardDraft }
  | { type: 'board.images'; images: readonly unknown[] }
  | { type: 'board.submit' };

export const boardUploadMachine = setup({
  types: {
    context: {} as BoardUploadContext,
    events: {} as BoardUploadEvent,
  },
  actors: {
    draftStore: callbackNotProvided<void>('draftStore'),
    /** The tail's provided `send` is the post (images first, then the post through the outbox). */
    [SEND_TAIL]: sendTailMachine,
  },
  actions: {
    takeLoaded: assign((_, params: { draft: BoardDraft | null }) => ({ draft: params.draft ?? EMPTY_DRAFT })),
    edit: assign((_, params: { draft: BoardDraft }) => ({ draft: params.draft })),
    saveDraft: sendTo('draftStore', ({ context }): DraftStoreEvent => ({ type: 'draft.save', draft: context.draft })),
    clearDraft: sendTo('draftStore', { type: 'draft.clear' } satisfies DraftStoreEvent),
    takeImages: assign((_, params: { images: readonly unknown[] }) => ({ images: params.images })),
    takeOutcome: assign((_, output: SendTailOutput) => ({ kept: output.kept })),
    posted: assign((_, answer: { boardIdx: number | null }) => ({ boardIdx: answer.boardIdx, draft: EMPTY_DRAFT, images: [] })),
  },
  guards: {
    isAnswered: (_, output: SendTailOutput) => output.outcome === 'answered',
  },
}).createMachine({
  id: 'boardUpload',
  context: { draft: EMPTY_DRAFT, images: [], boardIdx: null, kept: null },
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
        'board.submit': { target: 'posting' },
      },
    },
    posting: {
      invoke: {
        id: SEND_TAIL,
        src: SEND_TAIL,
        input: ({ context }) => ({
          request: { draft: context.draft, images: context.images } satisfies PostRequest,
          kept: context.kept,
          problem: boardDraftProblem(context.draft),
        }),
        onDone: [
          {
            guard: { type: 'isAnswered', params: ({ event }) => event.output },
            target: 'done',
            actions: [
              { type: 'takeOutcome', params: ({ event }) => event.output },
              { type: 'posted', params: ({ event }) => event.output.answer as { boardIdx: number | null } },
              'clearDraft',
            ],
          },
          { target: 'editing', actions: { type: 'takeOutcome', params: ({ event }) => event.output } },
        ],
      },
    },
    done: { type: 'final' },
  },
});

export type BoardUploadLogic = typeof boardUploadMachine;
export type BoardUploadSnapshot = SnapshotFrom<BoardUploadLogic>;
