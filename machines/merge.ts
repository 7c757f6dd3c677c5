/**
 * The money-merge modal (SPEC §4, §8): money back into the member's integrated money. The same machine
 * runs the header and cash-page variants (the member's game money) and the partner variant (a partner's
 * settled commission, the partner money merge); only the variant differs. The merge is sent through the confirmed-send tail (machines/sendTail.ts), whose states the
 * modal shows: the question ("통합머니 전환을 진행하시겠습니까?"), in progress, the failure (C009: a round
 * is still in progress; any other code or no answer: the conversion failed, contact customer service).
 *
 *   ready --merge.start--> merging (the tail) -> complete (closes itself after MERGE_CLOSE_MS) | ready
 *   merging: a failure read ("try again") asks again, with the tail's kept key; merge.close closes
 *
 * The modal ends with `{ merged }` as its output.
 */
import { assign, setup } from 'xstate';
import type { ResultCode } from '../contract/codes';
import { MERGE_CLOSE_MS, type MergeVariant } from '../contract/games';
import { SEND_TAIL, sendTailMachine, type KeptKey, type SendTailOutput } from './sendTail';

export interface MergeInput {
  /** header and cash merge the member's game money; partner a partner's settled commission. */
  variant: MergeVariant;
}

export interface MergeRequest {
  variant: MergeVariant;
}

export interface MergeContext extends MergeRequest {
  /** Won brought back by the last merge. */
  merged: number | null;
  kept: KeptKey | null;
}

export interface MergeAnswer {
  /** Won moved into integrated money (0 when there was none). */
  amount: number;
}

export type MergeEvent = { type: 'merge.start' } | { type: 'merge.close' };

export const MERGE_CONFIRM_ID = 'front.merge.confirm';
/** SPEC §8: any code but C009 says the conversion failed and to contact customer service. */
export const MERGE_FAILED_ID = 'front.merge.failed';
export const MERGE_IN_PROGRESS_ID = 'api.C009';

/** The failure's message id (SPEC §8): C009 says so, anything else (no answer too) says to contact customer service. */
export function mergeFailureId(code: ResultCode | null): string {
  return code === 'C009' ? MERGE_IN_PROGRESS_ID : MERGE_FAILED_ID;
}

export const mergeMachine = setup({
  types: {
    input: {} as MergeInput,
    context: {} as MergeContext,
    events: {} as MergeEvent,
    output: {} as { merged: boolean },
  },
  actors: {
    /** The tail's provided `send` is the merge call (answers a MergeAnswer). */
    [SEND_TAIL]: sendTailMachine,
  },
  delays: { closeAfterComplete: MERGE_CLOSE_MS },
  actions: {
    takeOutcome: assign((_, output: SendTailOutput) => ({ kept: output.kept })),
    recordMerged: assign((_, answer: MergeAnswer) => ({ merged: answer.amount })),
    /** The member's balances changed: the app refreshes the header. */
    announceMerged: () => {},
  },
  guards: {
    isOutcome: (_, params: { output: SendTailOutput; outcome: SendTailOutput['outcome'] }) => params.output.outcome === params.outcome,
  },
}).createMachine({
  id: 'merge',
  context: ({ input }) => ({ variant: input.variant, merged: null, kept: null }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'merge.start': { target: 'merging' },
        'merge.close': { target: 'closed' },
      },
    },
    /** The tail runs: the question, the merge, its failure (the modal offers no close while the merge is out). */
    merging: {
      invoke: {
        id: SEND_TAIL,
        src: SEND_TAIL,
        input: ({ context }) => ({ request: { variant: context.variant } satisfies MergeRequest, kept: context.kept }),
        onDone: [
          {
            guard: { type: 'isOutcome', params: ({ event }) => ({ output: event.output, outcome: 'answered' }) },
            target: 'complete',
            actions: [
              { type: 'takeOutcome', params: ({ event }) => event.output },
              { type: 'recordMerged', params: ({ event }) => event.output.answer as MergeAnswer },
              'announceMerged',
            ],
          },
          {
            guard: { type: 'isOutcome', params: ({ event }) => ({ output: event.output, outcome: 'cancelled' }) },
            target: 'ready',
          },
          // A failure read: "try again" asks again.
          { target: 'merging', reenter: true, actions: { type: 'takeOutcome', params: ({ event }) => event.output } },
        ],
      },
      on: { 'merge.close': { target: 'closed' } },
    },
    complete: {
      after: { closeAfterComplete: { target: 'done' } },
      on: { 'merge.close': { target: 'done' } },
    },
    /** Merged: the modal closed itself or the member closed it. */
    done: { type: 'final' },
    /** Closed without merging. */
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ merged: context.merged !== null }),
});
