/**
 * The status of one cash request as the member's screens follow it (SPEC §4): 0 applied -> 2 waiting
 * or -1 cancelled (by the member); 2 waiting -> 1 complete or -1 cancelled (rejected); 1 and -1 are
 * final. The steps come from CASH_STATUS_STEPS, the same list the server enforces in SQL, so a stale
 * answer can never move a shown request backwards (an unseen step in between is allowed: 0 then 1).
 *
 * The first 'cash.statusChanged' (a read of the request) says where the request is now; later reads
 * and 'cash.statusPushed' (the real-time CASHREQ for this request, delivered by the invoked
 * `followRequest` actor while the request is open) move it only along an allowed step. Cancelling an
 * applied request is a money action (moneyAction.ts with cash/del), not this machine's.
 */
import { assign, setup, type TransitionConfig } from 'xstate';
import { CASH_STATUS, CASH_STATUS_NAME, CASH_STATUS_STEPS, type CashRequest, type CashStatus } from '../contract/wallet';
import { callbackNotProvided } from './notProvided';

export type CashStatusEvent =
  | { type: 'cash.statusChanged'; request: CashRequest }
  | { type: 'cash.statusPushed'; requestId: number; status: CashStatus };

export interface CashStatusContext {
  request: CashRequest | null;
}

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

const statusOf = (event: CashStatusEvent): CashStatus => (event.type === 'cash.statusChanged' ? event.request.status : event.status);

type StatusTransition = TransitionConfig<CashStatusContext, CashStatusEvent, CashStatusEvent, never, never, never, never, never, never>;

/** One branch per status reachable from `from` (all four from nothing), for reads and pushes alike. */
function stepsFrom(from: CashStatus | null, eventType: CashStatusEvent['type']): StatusTransition[] {
  const targets = from === null ? (Object.keys(CASH_STATUS_NAME).map(Number) as CashStatus[]) : reachableFrom(from);
  return targets.map((to) => ({
    guard: { type: 'isStatus', params: ({ event }: { event: CashStatusEvent }) => ({ actual: statusOf(event), status: to }) },
    target: to === CASH_STATUS.applied || to === CASH_STATUS.waiting ? `#cashStatus.open.${CASH_STATUS_NAME[to]}` : `#cashStatus.${CASH_STATUS_NAME[to]}`,
    actions: { type: eventType === 'cash.statusChanged' ? 'applyRequest' : 'applyStatus', params: ({ event }: { event: CashStatusEvent }) => ({ event }) },
  })) as unknown as StatusTransition[];
}

const following = (from: CashStatus) => ({
  'cash.statusChanged': stepsFrom(from, 'cash.statusChanged'),
  'cash.statusPushed': stepsFrom(from, 'cash.statusPushed'),
});

export const cashStatusMachine = setup({
  types: {
    context: {} as CashStatusContext,
    events: {} as CashStatusEvent,
  },
  actors: {
    /** Sends 'cash.statusPushed' for this request's real-time status changes while it is open. */
    followRequest: callbackNotProvided<{ requestId: number }>('followRequest'),
  },
  actions: {
    applyRequest: assign((_, { event }: { event: CashStatusEvent }) => (event.type === 'cash.statusChanged' ? { request: event.request } : {})),
    applyStatus: assign(({ context }, { event }: { event: CashStatusEvent }) => ({ request: context.request && { ...context.request, status: statusOf(event) } })),
  },
  guards: {
    isStatus: (_, params: { actual: CashStatus; status: CashStatus }) => params.actual === params.status,
  },
}).createMachine({
  id: 'cashStatus',
  context: { request: null },
  initial: 'unknown',
  states: {
    /** Nothing shown yet: the first read says where the request is. */
    unknown: {
      on: { 'cash.statusChanged': stepsFrom(null, 'cash.statusChanged') },
    },
    /** Applied or waiting: the request's pushes are followed. */
    open: {
      initial: 'applied',
      invoke: { id: 'followRequest', src: 'followRequest', input: ({ context }) => ({ requestId: context.request!.requestId }) },
      states: {
        applied: { on: following(CASH_STATUS.applied) },
        waiting: { on: following(CASH_STATUS.waiting) },
      },
    },
    // Processed: no step leads out. Not `type: 'final'`, so later reads are simply ignored.
    complete: {},
    cancelled: {},
  },
});
