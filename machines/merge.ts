/**
 * The money-merge modal (SPEC §4, §8): game money back into integrated money. The same machine runs
 * the header, cash-page and partner variants; only the variant and, for a partner, the lower member
 * differ. ready → confirming ("통합머니 전환을 진행하시겠습니까?") → merging → complete (closes itself
 * after MERGE_CLOSE_MS) | failed (C009: a round is still in progress; anything else: the conversion
 * failed, contact customer service). The modal ends with `{ merged }` as its output.
 */
import { assign, setup } from 'xstate';
import { MERGE_CLOSE_MS, type MergeVariant } from '../contract/games';
import { resultCodeOf } from './errors';
import { promiseNotProvided } from './notProvided';

export interface MergeInput {
  variant: MergeVariant;
  /** The partner variant merges one lower member's game money; the others the member's own. */
  memId?: string;
}

export interface MergeRequest {
  variant: MergeVariant;
  memId: string | null;
}

export interface MergeContext extends MergeRequest {
  /** Message id of the failure, never translated text. */
  failure: string | null;
  /** Won brought back by the last merge. */
  merged: number | null;
}

export interface MergeAnswer {
  /** Won moved from game money into integrated money (0 when there was none). */
  amount: number;
}

export type MergeEvent =
  | { type: 'merge.start' }
  | { type: 'merge.confirm' }
  | { type: 'merge.cancel' }
  | { type: 'merge.close' };

export const MERGE_CONFIRM_ID = 'front.merge.confirm';
/** SPEC §8: any code but C009 says the conversion failed and to contact customer service. */
export const MERGE_FAILED_ID = 'front.merge.failed';
export const MERGE_IN_PROGRESS_ID = 'api.C009';

export const mergeMachine = setup({
  types: {
    input: {} as MergeInput,
    context: {} as MergeContext,
    events: {} as MergeEvent,
    output: {} as { merged: boolean },
  },
  actors: {
    mergeGameMoney: promiseNotProvided<MergeAnswer, MergeRequest>('mergeGameMoney'),
  },
  delays: { closeAfterComplete: MERGE_CLOSE_MS },
  actions: {
    recordFailure: assign((_, params: { error: unknown }) => ({
      failure: resultCodeOf(params.error) === 'C009' ? MERGE_IN_PROGRESS_ID : MERGE_FAILED_ID,
    })),
    recordMerged: assign((_, params: { amount: number }) => ({ merged: params.amount, failure: null })),
    /** The member's balances changed: the app refreshes the header. */
    announceMerged: () => {},
  },
}).createMachine({
  id: 'merge',
  context: ({ input }) => ({ variant: input.variant, memId: input.memId ?? null, failure: null, merged: null }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'merge.start': { target: 'confirming' },
        'merge.close': { target: 'closed' },
      },
    },
    confirming: {
      on: {
        'merge.confirm': { target: 'merging' },
        'merge.cancel': { target: 'ready' },
      },
    },
    merging: {
      invoke: {
        id: 'mergeGameMoney',
        src: 'mergeGameMoney',
        input: ({ context }) => ({ variant: context.variant, memId: context.memId }),
        onDone: {
          target: 'complete',
          actions: [{ type: 'recordMerged', params: ({ event }) => ({ amount: event.output.amount }) }, 'announceMerged'],
        },
        onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    complete: {
      after: { closeAfterComplete: { target: 'done' } },
      on: { 'merge.close': { target: 'done' } },
    },
    failed: {
      on: {
        'merge.start': { target: 'confirming' },
        'merge.close': { target: 'closed' },
      },
    },
    /** Merged: the modal closed itself or the member closed it. */
    done: { type: 'final' },
    /** Closed without merging. */
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ merged: context.merged !== null }),
});
