/**
 * The status of one cash request as the member's screens follow it (SPEC §4): 0 applied -> 2 waiting
 * or -1 cancelled (by the member); 2 waiting -> 1 complete or -1 cancelled (rejected); 1 and -1 are
 * final. The steps come from CASH_STATUS_STEPS, the same list the server enforces in SQL, so a stale
 * answer can never move a shown request backwards (an unseen step in between is allowed: 0 then 1).
 *
 * The first 'cash.statusChanged' says where the request is now; later ones move it only along an
 * allowed step. An applied request may be cancelled by the member: confirm first, then one cashDel
 * call (double clicks send one).
 */
import { assign, setup, type SnapshotFrom, type TransitionConfig } from 'xstate';
import { CASH_STATUS, CASH_STATUS_STEPS, type Balances, type CashRequest, type CashStatus } from '../contract/wallet';
import { cashErrorId } from './cashRequest';
import { promiseNotProvided } from './notProvided';

export type CashStatusEvent =
  | { type: 'cash.statusChanged'; request: CashRequest }
  | { type: 'cash.cancel' }
  | { type: 'cash.confirm' }
  | { type: 'cash.back' }
  | { type: 'cash.dismiss' };

export interface CashStatusContext {
  request: CashRequest | null;
  /** Message id to alert when cancelling failed. */
  errorId: string | null;
}

export interface CancelAnswer {
  request: CashRequest;
  balances: Balances;
}

type StatusState = 'applied' | 'waiting' | 'complete' | 'cancelled';

const STATE_OF: Record<CashStatus, StatusState> = {
  [CASH_STATUS.applied]: 'applied',
  [CASH_STATUS.waiting]: 'waiting',
  [CASH_STATUS.complete]: 'complete',
  [CASH_STATUS.cancelled]: 'cancelled',
};

/** True when `from -> to` is one of the allowed steps. */
export function isAllowedStep(from: CashStatus, to: CashStatus): boolean {
  return CASH_STATUS_STEPS.some(([a, b]) => a === from && b === to);
}

/**
 * Every status `from` can reach by one or more allowed steps. The screens read the status now and then,
 * so they may see 0 and next 1 (the 2 in between was never seen): that is a walk along allowed steps,
 * while 1 -> 0 or 2 -> 0 never is.
 */
export function reachableFrom(from: CashStatus): CashStatus[] {
  const reached = new Set<CashStatus>();
  const visit = (status: CashStatus) => {
    for (const [a, b] of CASH_STATUS_STEPS) {
      if (a === status && !reached.has(b)) {
        reached.add(b);
        visit(b);
      }
    }
  };
  visit(from);
  return [...reached];
}

const isStatus = (status: CashStatus) =>
  ({ type: 'isStatus', params: ({ event }: { event: { request: CashRequest } }) => ({ actual: event.request.status, status }) }) as const;

/** The 'cash.statusChanged' branches out of `from`: one per status reachable along allowed steps. */
function stepsFrom(from: CashStatus) {
  return reachableFrom(from).map((to) => ({
    guard: isStatus(to),
    target: `#cashStatus.${STATE_OF[to]}`,
    actions: { type: 'applyRequest', params: ({ event }: { event: { request: CashRequest } }) => event.request },
  })) as unknown as TransitionConfig<CashStatusContext, CashStatusEvent, CashStatusEvent, never, never, never, never, never, never>[];
}

export const cashStatusMachine = setup({
  types: {
    context: {} as CashStatusContext,
    events: {} as CashStatusEvent,
  },
  actors: {
    cancelRequest: promiseNotProvided<CancelAnswer, { requestId: number }>('cancelRequest'),
  },
  actions: {
    /** The member's cancel went through (the app refreshes the balances: a withdrawal's hold came back). */
    requestCancelled: (_, _answer: CancelAnswer) => {},
    applyRequest: assign((_, request: CashRequest) => ({ request })),
    showError: assign((_, params: { errorId: string }) => ({ errorId: params.errorId })),
    dismissError: assign({ errorId: null }),
  },
  guards: {
    isStatus: (_, params: { actual: CashStatus; status: CashStatus }) => params.actual === params.status,
  },
}).createMachine({
  id: 'cashStatus',
  context: { request: null, errorId: null },
  initial: 'unknown',
  on: {
    'cash.dismiss': { actions: 'dismissError' },
  },
  states: {
    /** Nothing shown yet: the first answer says where the request is. */
    unknown: {
      on: {
        'cash.statusChanged': (Object.keys(STATE_OF).map(Number) as CashStatus[]).map((status) => ({
          guard: isStatus(status),
          target: STATE_OF[status],
          actions: { type: 'applyRequest' as const, params: ({ event }: { event: { request: CashRequest } }) => event.request },
        })),
      },
    },
    applied: {
      initial: 'idle',
      on: { 'cash.statusChanged': stepsFrom(CASH_STATUS.applied) },
      states: {
        idle: {
          on: { 'cash.cancel': { target: 'confirmingCancel' } },
        },
        confirmingCancel: {
          on: {
            'cash.confirm': { target: 'cancelling' },
            'cash.back': { target: 'idle' },
          },
        },
        cancelling: {
          invoke: {
            id: 'cancelRequest',
            src: 'cancelRequest',
            input: ({ context }) => ({ requestId: context.request!.requestId }),
            onDone: {
              target: '#cashStatus.cancelled',
              actions: [
                { type: 'applyRequest', params: ({ event }) => event.output.request },
                { type: 'requestCancelled', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'showError', params: ({ event }) => ({ errorId: cashErrorId(event.error) }) },
            },
          },
        },
      },
    },
    waiting: {
      on: { 'cash.statusChanged': stepsFrom(CASH_STATUS.waiting) },
    },
    // Processed: no step leads out. Not `type: 'final'`, so the screens' later refreshes are simply
    // ignored instead of reaching a stopped actor.
    complete: {},
    cancelled: {},
  },
});

export type CashStatusSnapshot = SnapshotFrom<typeof cashStatusMachine>;

/** The member may cancel an applied request that is not already being cancelled. */
export const selectCanCancel = (snapshot: CashStatusSnapshot): boolean => snapshot.matches({ applied: 'idle' });
