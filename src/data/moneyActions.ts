/**
 * Every money action's call, and what its accepted answer changes: the money actions' senders
 * (machines/sendOnce.ts through the one confirmed-send tail, src/data/sending.ts). Balances a call
 * answers go to the session as 'balances.answered', so the header follows at once; the data it changed
 * is invalidated, so every list and form showing it reads it again.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Balances } from '../../contract/wallet';
import type { CashDraft, CouponDraft, GiveDraft, PointDraft, RemovalDraft } from '../../machines/moneyDrafts';
import type { SendInput } from '../../machines/sendTail';
import { useSession } from '../session/context';
import type { Api } from './api';
import { invalidate, keys } from './keys';
import { useSender } from './sending';

/** Null amounts never reach a call (the machine's check refuses them first); undefined lets the server say so all the same. */
const amount = (value: number | null) => value ?? undefined;

function sendCash(api: Api, { request: draft, idempotencyKey }: SendInput<CashDraft>) {
  switch (draft.cashType) {
    case 'in':
      return api.call('cashIn', { idempotencyKey, amount: amount(draft.amount), bonusYn: draft.bonusYn });
    case 'out':
      return api.call('cashOut', { idempotencyKey, amount: amount(draft.amount), cashOutPass: draft.cashOutPass });
    case 'coinIn':
      return api.call('coinIn', { idempotencyKey, usdtAmount: amount(draft.usdtAmount), priceKrw: amount(draft.priceKrw) });
    case 'coinOut':
      return api.call('coinOut', {
        idempotencyKey, amount: amount(draft.amount), priceKrw: amount(draft.priceKrw), address: draft.address, cashOutPass: draft.cashOutPass,
      });
  }
}

/** Each action: its call, and the kinds of data its success changes. */
const ACTIONS = {
  cash: { send: sendCash, changes: [keys.requests, keys.balances] },
  // cash/del takes no key: cancelling or hiding twice answers the same.
  cashDel: { send: (api: Api, { request: draft }: SendInput<RemovalDraft>) => api.call('cashDel', { requestId: draft.requestId }), changes: [keys.requests, keys.balances] },
  pointConvert: {
    send: (api: Api, { request: draft, idempotencyKey }: SendInput<PointDraft>) => api.call('pointConvert', { idempotencyKey, amount: amount(draft.amount) }),
    changes: [keys.balances, keys.history],
  },
  couponUse: {
    send: (api: Api, { request: draft, idempotencyKey }: SendInput<CouponDraft>) => api.call('couponUse', { idempotencyKey, couponId: draft.couponId }),
    changes: [keys.balances, keys.history],
  },
  couponGift: {
    send: (api: Api, { request: draft, idempotencyKey }: SendInput<CouponDraft>) =>
      api.call('couponGift', { idempotencyKey, couponId: draft.couponId, toMemId: draft.toMemId ?? '' }),
    changes: [keys.history],
  },
  give: {
    send: (api: Api, { request: draft, idempotencyKey }: SendInput<GiveDraft>) =>
      api.call('give', { idempotencyKey, toMemId: draft.toMemId, amount: amount(draft.amount), cashOutPass: draft.cashOutPass }),
    changes: [keys.balances, keys.history],
  },
} satisfies Record<string, { send(api: Api, input: SendInput<never>): Promise<unknown>; changes: readonly QueryKey[] }>;

export type MoneyActionKind = keyof typeof ACTIONS;

function balancesOf(answer: unknown): Balances | null {
  const balances = (answer as { balances?: Balances } | null)?.balances;
  return balances && typeof balances.cashAmt === 'number' && typeof balances.pointAmt === 'number' ? balances : null;
}

/** The sender of this action with its call and effects; `check` is the action's client-side check (machines/moneyDrafts.ts). */
export function useMoneyActor<TDraft>(kind: MoneyActionKind, check?: (draft: TDraft) => string | null) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useSender<TDraft, unknown>(ACTIONS[kind].send as (api: Api, input: SendInput<TDraft>) => Promise<unknown>, {
    check,
    accepted: (answer) => {
      const balances = balancesOf(answer);
      if (balances) session.send({ type: 'balances.answered', ...balances });
      invalidate(queryClient, ACTIONS[kind].changes);
    },
  });
}
